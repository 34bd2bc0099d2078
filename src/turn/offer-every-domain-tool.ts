// DOMAIN_TOOLS=all: every domain tool on every request, in the registry's order. The list never changes, so its cached
// prefix is the same for every conversation and no call misses a tool; for catalogues small enough to read whole.
import { AppError } from '../errors.ts';
import { type ToolRegistry, toToolDefinition } from '../pipeline/tool-catalogue/index.ts';
import { estimateToolTokens } from '../pipeline/tokens/index.ts';
import type { ChosenTools } from './choose-tools.ts';
import type { TurnSettings } from './turn-dependencies.ts';

/** The whole domain catalogue may take at most this share of the prompt cap: the rest is for system, summary and window. */
export const EVERY_TOOL_MAX_SHARE = 0.5;

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
  };
}
