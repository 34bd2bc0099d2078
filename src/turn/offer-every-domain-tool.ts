// DOMAIN_TOOLS=all: every domain tool on every request, in the registry's order. The list never changes, so its cached
// prefix is the same for every conversation and no call misses a tool; for catalogues small enough to read whole.
// DOMAIN_TOOLS=auto (the default) takes it for such a catalogue and the selection for a larger one.
import type { OfferedToolPolicy } from '../defaults.ts';
import { AppError } from '../errors.ts';
import { type ToolRegistry, toToolDefinition } from '../pipeline/tool-catalogue/index.ts';
import { estimateToolTokens } from '../pipeline/tokens/index.ts';
import type { ChosenTools } from './choose-tools.ts';
import type { TurnSettings } from './turn-dependencies.ts';

/** The whole domain catalogue may take at most this share of the prompt cap: the rest is for system, summary and window. */
export const EVERY_TOOL_MAX_SHARE = 0.5;

/**
 * Under DOMAIN_TOOLS=auto, a domain catalogue of at most this many tokens is offered whole. Reading it costs 0.1× its
 * tokens on every call (one cache entry shared by every conversation), while the selection pays for each change of
 * the list a cache write of everything behind the tools (system text, summary, window) and gives each conversation's
 * first call a list of its own to write. Measured under both policies (tuning halves; bill against the 12-message
 * cached window, first try): τ-bench's conversations over its 14 airline tools alone (3.7k tokens; the bench's
 * `--only tau-desk`) 73.6% and 0.994 whole against 117.7% and 0.783 selected
 * (112.8% and 0.824 once the selection learned the desk's staples); the SGD dev and test splits' catalogues
 * (8.5k and 11.0k tokens) 82.4% and 67.2% whole against 51.2% and 50.7% selected. The line sits between the two, near
 * their geometric mean.
 */
export const AUTO_EVERY_TOOL_MAX_TOKENS = 6_000;

/** What DOMAIN_TOOLS comes to for a catalogue, and why (logged once at start). */
export type DomainToolChoice = {
  readonly policy: OfferedToolPolicy;
  readonly toolCount: number;
  readonly catalogueTokens: number;
  /** The most tokens `auto` offers whole under these settings. */
  readonly autoLimit: number;
  /** One line: the setting, and for `auto` the catalogue's size against the limit. */
  readonly reason: string;
};

/** The estimated tokens of every domain tool's definition. */
export function measureDomainCatalogue(registry: ToolRegistry): number {
  return registry.domainTools().reduce((sum, spec) => sum + estimateToolTokens(toToolDefinition(spec)), 0);
}

/**
 * What is wrong when DOMAIN_TOOLS=all and the domain catalogue would take more than half the prompt cap (every request
 * would lose tools to the budget's fallback), with the fixes; undefined when it fits, and always under `select`.
 */
export function findEveryToolProblem(
  registry: ToolRegistry,
  settings: Pick<TurnSettings, 'domainToolPolicy' | 'maxInputTokens'>,
): string | undefined {
  if (settings.domainToolPolicy !== 'all') return undefined;
  const tokens = measureDomainCatalogue(registry);
  if (tokens <= Math.floor(settings.maxInputTokens * EVERY_TOOL_MAX_SHARE)) return undefined;
  return `DOMAIN_TOOLS=all sends every domain tool on every request, but the ${registry.domainTools().length} domain tools take about ${tokens} tokens, over half of MAX_INPUT_TOKENS (${settings.maxInputTokens}): unset DOMAIN_TOOLS to select 3-5 tools a request, or raise MAX_INPUT_TOKENS to at least ${
    2 * tokens
  }`;
}

/** Throws AppError config_invalid with findEveryToolProblem's message when there is one. */
export function checkEveryToolFits(
  registry: ToolRegistry,
  settings: Pick<TurnSettings, 'domainToolPolicy' | 'maxInputTokens'>,
): void {
  const problem = findEveryToolProblem(registry, settings);
  if (problem !== undefined) throw new AppError('config_invalid', problem);
}

/**
 * The policy a turn runs: `select` and `all` as set; `auto` gives `all` when the domain catalogue takes at most
 * AUTO_EVERY_TOOL_MAX_TOKENS and at most half the prompt cap (the most `all` accepts), `select` otherwise. Pure.
 */
export function resolveDomainToolPolicy(
  registry: ToolRegistry,
  settings: Pick<TurnSettings, 'domainToolPolicy' | 'maxInputTokens'>,
): DomainToolChoice {
  const catalogueTokens = measureDomainCatalogue(registry);
  const toolCount = registry.domainTools().length;
  const autoLimit = Math.min(AUTO_EVERY_TOOL_MAX_TOKENS, Math.floor(settings.maxInputTokens * EVERY_TOOL_MAX_SHARE));
  const figures = { toolCount, catalogueTokens, autoLimit };
  if (settings.domainToolPolicy !== 'auto') {
    return { policy: settings.domainToolPolicy, ...figures, reason: `DOMAIN_TOOLS=${settings.domainToolPolicy}` };
  }
  const policy = catalogueTokens <= autoLimit ? 'all' : 'select';
  return { policy, ...figures, reason: `DOMAIN_TOOLS=auto: ${describeCatalogueSize(figures)}` };
}

/** "the 13 domain tools take about 2214 tokens, at most 6000" (or "over 6000"). */
export function describeCatalogueSize(
  figures: Pick<DomainToolChoice, 'toolCount' | 'catalogueTokens' | 'autoLimit'>,
): string {
  return `the ${figures.toolCount} domain tools take about ${figures.catalogueTokens} tokens, ${
    figures.catalogueTokens <= figures.autoLimit ? 'at most' : 'over'
  } ${figures.autoLimit}`;
}

/** The choice under DOMAIN_TOOLS=all: every domain tool, no ranking and no selector call (the plan keeps the list). */
export function offerEveryDomainTool(registry: ToolRegistry): ChosenTools {
  const tools = registry.domainTools();
  const names = tools.map((tool) => tool.name);
  return {
    tools,
    order: names,
    selection: { selected: names, source: 'keep', dropped: [] },
    plan: { kind: 'keep', selected: names, reason: 'every-tool' },
    call: null,
    staples: [],
  };
}
