// Gathers the layers of one main-model call and assembles them; also measures the naive counterfactual and fingerprints.
import { lookupModelFacts } from '../config/models.ts';
import { AppError } from '../errors.ts';
import { assemblePrompt, type AssemblyReport, type CacheLayer } from '../pipeline/assembly/index.ts';
import { type AssetPair, GET_ASSET_TOOL_NAME } from '../pipeline/assets/index.ts';
import { fingerprintPrompt, type PromptFingerprint } from '../pipeline/cost/index.ts';
import {
  estimateMessageTokens,
  estimateTextTokens,
  estimateToolTokens,
  TOOL_USE_SYSTEM_TOKENS,
} from '../pipeline/tokens/index.ts';
import { correctionRatio, type TokenCorrection } from '../pipeline/tokens/index.ts';
import type { Message, PromptRequest, ToolDefinition } from '../pipeline/types/index.ts';
import type { WindowMessage } from '../pipeline/window/index.ts';
import { type ToolRegistry, type ToolSpec, toToolDefinition } from '../pipeline/tool-catalogue/index.ts';
import { FIND_TOOLS_NAME, FIND_TOOLS_TOOL } from '../pipeline/tool-selection/index.ts';
import type { TurnCacheTtl } from './choose-turn-cache-ttl.ts';
import type { PromptLayers } from '../store/store-records.ts';
import type { PromptContent, TurnDependencies, TurnSettings } from './turn-dependencies.ts';

export type MainPromptInput = {
  readonly summary: { readonly text: string } | null;
  /** Stored messages in the window, then this turn's messages (with provisional seqs), oldest first. */
  readonly window: readonly WindowMessage[];
  readonly pinnedAssets: readonly AssetPair[];
  readonly domainTools: readonly ToolSpec[];
  /** Estimated tokens of every stored message of the conversation (the naive prompt resends them all). */
  readonly storedHistoryTokens: number;
  /** This turn's messages so far (they are in the window too). */
  readonly runMessages: readonly Message[];
  readonly correction: TokenCorrection;
  /** Cache layers not to place (checkpoints that kept writing without a read), with the reason. */
  readonly withheldCachePoints?: ReadonlyMap<CacheLayer, string>;
  readonly now: Date;
  /** This turn's cache TTLs (chooseTurnCacheTtl); default: the settings' static TTL and 5-minute messages. */
  readonly cacheTtl?: TurnCacheTtl;
};

export type MainPrompt = {
  readonly request: PromptRequest;
  readonly report: AssemblyReport;
  /** The report's layer figures and placed cache points, as the usage ledger keeps them. */
  readonly layers: PromptLayers;
  readonly naiveInputTokens: number;
  readonly fingerprint: PromptFingerprint;
};

/** Tool definitions by spec: registry specs are deep-frozen, so one definition object serves every turn. */
const definitions = new WeakMap<ToolSpec, ToolDefinition>();
/** Naive system + tool tokens by content and registry listing: `registry.all()` returns a new array when a tool is added. */
const naiveConstants = new WeakMap<PromptContent, WeakMap<readonly ToolSpec[], number>>();

function toDefinition(spec: ToolSpec): ToolDefinition {
  let definition = definitions.get(spec);
  // Frozen like the spec it comes from, so estimateToolTokens remembers its estimate.
  if (definition === undefined) definitions.set(spec, definition = Object.freeze(toToolDefinition(spec)));
  return definition;
}

/** What the naive prompt sends on every call besides the history: every system text and asset, every tool. Constant per service. */
function naiveConstantTokens(content: PromptContent, allTools: readonly ToolSpec[]): number {
  let byTools = naiveConstants.get(content);
  if (byTools === undefined) naiveConstants.set(content, byTools = new WeakMap());
  let tokens = byTools.get(allTools);
  if (tokens === undefined) {
    tokens = estimateTextTokens(content.instructions) + estimateTextTokens(content.safetyRules) +
      [...content.assets.values()].reduce((sum, text) => sum + estimateTextTokens(text), 0) +
      TOOL_USE_SYSTEM_TOKENS + allTools.reduce((sum, spec) => sum + estimateToolTokens(toDefinition(spec)), 0);
    byTools.set(allTools, tokens);
  }
  return tokens;
}

/**
 * The tools sent with every request: the registry's standard tools, then the built-in find_tools whenever the catalogue
 * has domain tools (a tool the selection did not offer is one call away) and they are selected: under DOMAIN_TOOLS=all
 * every one is offered and there is nothing to find. Fixed per registry listing and policy, so cached.
 */
export function listStandardTools(
  registry: ToolRegistry,
  policy: TurnSettings['domainToolPolicy'] = 'select',
): readonly ToolDefinition[] {
  const standard = registry.standardTools().map(toDefinition);
  const builtIn = policy === 'select' && registry.get(FIND_TOOLS_NAME) === undefined &&
    registry.domainTools().length > 0;
  return builtIn ? [...standard, FIND_TOOLS_TOOL] : standard;
}

/** Names of the tools sent before the domain tools: the standard tools (find_tools included) and get_asset. */
function standardToolNames(deps: TurnDependencies): ReadonlySet<string> {
  return new Set([
    ...listStandardTools(deps.registry, deps.settings.domainToolPolicy).map((tool) => tool.name),
    GET_ASSET_TOOL_NAME,
  ]);
}

/** Layer tokens as the console shows them: standard + domain tools, system, summary + pinned assets, window, run. */
export function describeLayers(report: AssemblyReport): PromptLayers {
  const { tokens } = report;
  return {
    tools: tokens.standardTools + tokens.domainTools,
    system: tokens.system,
    summary: tokens.summary + tokens.pinnedAssets,
    window: tokens.window,
    currentRun: tokens.currentRun,
    cachePoints: report.cachePoints.flatMap((point) =>
      point.placed && point.ttl !== undefined
        ? [{ layer: point.layer, ttl: point.ttl, prefixTokens: point.prefixTokens }]
        : []
    ),
  };
}

/** Assembles the request under the cap (corrected for the learned estimate error) or throws AppError 'over_budget'. */
export function buildMainPrompt(deps: TurnDependencies, input: MainPromptInput): MainPrompt {
  const { settings, content } = deps;
  const facts = lookupModelFacts(settings.mainModelId);
  const ratio = correctionRatio(input.correction, settings.mainModelId);
  const cap = Math.floor(settings.maxInputTokens / Math.max(1, ratio));
  const assembled = assemblePrompt({
    modelId: settings.mainModelId,
    facts,
    system: {
      instructions: content.instructions,
      safetyRules: content.safetyRules,
      assetIds: [...content.assets.keys()],
    },
    standardTools: listStandardTools(deps.registry, deps.settings.domainToolPolicy),
    domainTools: input.domainTools.map(toDefinition),
    summary: input.summary,
    window: input.window,
    pinnedAssets: input.pinnedAssets,
    maxTokens: settings.maxOutputTokens,
    maxInputTokens: cap,
    staticTtl: input.cacheTtl?.staticTtl ?? settings.staticTtl,
    messageTtl: input.cacheTtl?.messageTtl ?? '5m',
    tokenRatio: ratio,
    ...(input.withheldCachePoints === undefined ? {} : { withheldCachePoints: input.withheldCachePoints }),
    ...(input.cacheTtl?.domainToolsTtl === undefined ? {} : { domainToolsTtl: input.cacheTtl.domainToolsTtl }),
    toolResultMaxTokens: settings.toolResultMaxTokens,
  });
  if (!assembled.ok) {
    if (assembled.reason === 'invalid') {
      deps.logger.log('error', 'prompt_invalid', { problems: assembled.problems.map((problem) => problem.rule) });
      throw new AppError('internal', 'the assembled prompt failed the validity check', {
        details: { problems: assembled.problems.map((p) => p.rule) },
      });
    }
    throw new AppError(
      'over_budget',
      `This message and the conversation it needs do not fit the prompt budget of ${settings.maxInputTokens} tokens. Send a shorter message.`,
      {
        details: { estimatedTokens: assembled.report.tokens.total, limit: cap },
      },
    );
  }
  // Corrected like the cap, so the naive figure is in the tokens Bedrock bills and savingPercent does not lean high.
  const naiveEstimate = naiveConstantTokens(content, deps.registry.all()) +
    input.storedHistoryTokens + input.runMessages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
  return {
    request: assembled.request,
    report: assembled.report,
    naiveInputTokens: Math.ceil(naiveEstimate * ratio - 1e-9),
    fingerprint: fingerprintPrompt({
      request: assembled.request,
      report: assembled.report,
      standardToolNames: standardToolNames(deps),
      summary: input.summary?.text ?? '',
      now: input.now,
      tokenRatio: ratio,
    }),
    layers: describeLayers(assembled.report),
  };
}
