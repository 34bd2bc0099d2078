// Assembles the layered prompt (static cached layers, then dynamic ones), guards its budget, places cache points and
// runs the one validity check: the only way a PromptRequest for the main model is built.
import type { AssetPair } from '../assets/index.ts';
import { buildPromptMessages } from './build-prompt-messages.ts';
import { capToolResults } from '../window/index.ts';
import { checkPromptRequest } from './check-prompt-request.ts';
import type { PromptProblem } from './check-prompt-request.ts';
import { createMemoEstimator } from '../tokens/index.ts';
import { estimateBlockTokens, TOOL_USE_SYSTEM_TOKENS } from '../tokens/index.ts';
import { fitToBudget } from './fit-to-budget.ts';
import type { BudgetLayers, FallbackStep } from './fit-to-budget.ts';
import { placeCachePoints } from './place-cache-points.ts';
import type { CacheLayer, CachePointDecision } from './place-cache-points.ts';
import { isCachePoint } from '../types/index.ts';
import type { CacheTtl, PromptRequest, TextBlock, ToolChoice, ToolDefinition } from '../types/index.ts';
import { createGetAssetTool, GET_ASSET_TOOL_NAME, renderAssetIndex } from '../assets/index.ts';
import { isSafeBoundary } from '../window/index.ts';
import type { WindowMessage } from '../window/index.ts';

export type AssemblePromptInput = {
  readonly modelId: string;
  readonly facts: {
    readonly contextWindow: number;
    readonly minCacheTokens: number;
    readonly supportsOneHourTtl: boolean;
  };
  readonly system: {
    readonly instructions: string;
    readonly safetyRules: string;
    readonly assetIds: readonly string[];
  };
  /** Always sent, in this order; `get_asset` is appended when assets exist and it is missing. */
  readonly standardTools: readonly ToolDefinition[];
  /** Selected domain tools in ranked order (sent after the standard tools; the budget guard drops the last first). */
  readonly domainTools: readonly ToolDefinition[];
  readonly summary: { readonly text: string } | null;
  /** From slideWindow; its last safe boundary starts the current turn. */
  readonly window: readonly WindowMessage[];
  /** From pinAssets: original get_asset pairs no longer in the window. */
  readonly pinnedAssets: readonly AssetPair[];
  readonly maxTokens: number;
  /** The configured cap on estimated input tokens. */
  readonly maxInputTokens: number;
  readonly staticTtl: CacheTtl;
  /** TTL of the message cache points (default '5m'; see placeCachePoints). */
  readonly messageTtl?: CacheTtl;
  /** The learned factor actual / estimated tokens: cache points are placed by the corrected prefix (default 1). */
  readonly tokenRatio?: number;
  /** Cache layers not to place this call, with the reason (checkpoints that kept writing without a read). */
  readonly withheldCachePoints?: ReadonlyMap<CacheLayer, string>;
  /** TTL of the system point behind the domain tools (default the message TTL; see placeCachePoints). */
  readonly domainToolsTtl?: CacheTtl;
  /** Any single tool result is cut to this many tokens, with a visible marker. */
  readonly toolResultMaxTokens: number;
  readonly toolChoice?: ToolChoice;
  readonly temperature?: number;
};

export type AssemblyReport = {
  readonly tokens: {
    readonly standardTools: number;
    readonly domainTools: number;
    readonly system: number;
    readonly summary: number;
    readonly pinnedAssets: number;
    readonly window: number;
    readonly currentRun: number;
    /** estimateRequestTokens of the final request (layer figures are per-part estimates and may differ by framing). */
    readonly total: number;
  };
  readonly limit: number;
  readonly cachePoints: readonly CachePointDecision[];
  readonly fallbackSteps: readonly FallbackStep[];
};

export type AssemblePromptResult =
  | { readonly ok: true; readonly request: PromptRequest; readonly report: AssemblyReport }
  | { readonly ok: false; readonly reason: 'over-budget'; readonly report: AssemblyReport }
  | {
    readonly ok: false;
    readonly reason: 'invalid';
    readonly report: AssemblyReport;
    readonly problems: readonly PromptProblem[];
  };

const EMPTY_REPORT: AssemblyReport = {
  tokens: {
    standardTools: 0,
    domainTools: 0,
    system: 0,
    summary: 0,
    pinnedAssets: 0,
    window: 0,
    currentRun: 0,
    total: 0,
  },
  limit: 0,
  cachePoints: [],
  fallbackSteps: [],
};

/** Caps and sizes that would make the budget meaningless (NaN compares false with everything). */
function checkNumbers(input: AssemblePromptInput): PromptProblem[] {
  const numbers = {
    maxTokens: input.maxTokens,
    maxInputTokens: input.maxInputTokens,
    toolResultMaxTokens: input.toolResultMaxTokens,
    'facts.contextWindow': input.facts.contextWindow,
  };
  return Object.entries(numbers)
    .filter(([, value]) => !(Number.isSafeInteger(value) && value >= 1))
    .map(([path, value]) => ({
      rule: 'malformed-request',
      path,
      message: `${path} must be a whole number ≥ 1 (got ${String(value)}).`,
    }));
}

function remember<K extends object, V>(cache: WeakMap<K, V>, key: K, value: V): V {
  cache.set(key, value);
  return value;
}

function sum<T>(items: readonly T[], measure: (item: T) => number): number {
  return items.reduce((total, item) => total + measure(item), 0);
}

/**
 * One request from the layers, in cache-prefix order: tools [standard…, get_asset, domain…] → system [instructions,
 * safety rules, asset index] → messages [summary as user content, pinned asset pairs, window]. Deterministic: the same
 * input gives a byte-identical request. Every tool result is first cut to `toolResultMaxTokens`; then fitToBudget's
 * fixed ladder applies; then cache points; then checkPromptRequest. ok ⇒ the estimate is ≤ maxInputTokens and estimate +
 * maxTokens ≤ contextWindow and the request passes the check; otherwise 'over-budget' (ladder exhausted) or 'invalid'
 * (with the check's problems, or bad caps as 'malformed-request'). Never throws on bad layers; never mutates the input.
 */
export function assemblePrompt(input: AssemblePromptInput): AssemblePromptResult {
  const badNumbers = checkNumbers(input);
  if (badNumbers.length > 0) return { ok: false, reason: 'invalid', report: EMPTY_REPORT, problems: badNumbers };
  const needsAssetTool = input.system.assetIds.length > 0 || input.pinnedAssets.length > 0;
  const hasAssetTool = input.standardTools.some((tool) => tool.name === GET_ASSET_TOOL_NAME);
  const standardTools = needsAssetTool && !hasAssetTool
    ? [...input.standardTools, createGetAssetTool(input.system.assetIds)]
    : [...input.standardTools];
  const standardNames = new Set(standardTools.map((tool) => tool.name));
  const system: TextBlock[] = [
    input.system.instructions,
    input.system.safetyRules,
    renderAssetIndex(input.system.assetIds),
  ]
    .filter((text) => text.length > 0)
    .map((text) => ({ type: 'text', text }));
  const built = new WeakMap<BudgetLayers, PromptRequest>();
  const build = (layers: BudgetLayers): PromptRequest =>
    built.get(layers) ?? remember(built, layers, {
      modelId: input.modelId,
      tools: [...standardTools, ...layers.domainTools],
      ...(input.toolChoice === undefined ? {} : { toolChoice: input.toolChoice }),
      system,
      messages: buildPromptMessages({
        summary: layers.summary,
        pinnedAssets: input.pinnedAssets,
        window: layers.window,
      }),
      maxTokens: input.maxTokens,
      ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
    });
  // estimateRequestTokens of the request as it would be sent (the sum of its parts plus the tool-use system prompt: the
  // check applies the same), from a per-call memo so unchanged parts are measured once.
  const estimate = createMemoEstimator();
  const measure = (layers: BudgetLayers): number => {
    const request = build(layers);
    let tokens = request.tools.length > 0 ? TOOL_USE_SYSTEM_TOKENS : 0;
    for (const tool of request.tools) if (!isCachePoint(tool)) tokens += estimate.tool(tool);
    for (const block of request.system) if (!isCachePoint(block)) tokens += estimate.text(block.text);
    for (const message of request.messages) tokens += estimate.message(message);
    return tokens;
  };
  const initial: BudgetLayers = {
    domainTools: input.domainTools.filter((tool) => !standardNames.has(tool.name)),
    summary: input.summary,
    window: capToolResults(input.window, input.toolResultMaxTokens, estimate),
  };
  const fit = fitToBudget({
    layers: initial,
    maxInputTokens: input.maxInputTokens,
    contextWindow: input.facts.contextWindow,
    maxTokens: input.maxTokens,
    measure,
    ...(input.toolChoice?.type === 'tool' ? { keepToolName: input.toolChoice.name } : {}),
  });
  const layers = fit.ok ? fit.layers : initial;
  const placed = placeCachePoints({
    request: build(layers),
    standardToolCount: standardTools.length,
    facts: input.facts,
    staticTtl: input.staticTtl,
    ...(input.messageTtl === undefined ? {} : { messageTtl: input.messageTtl }),
    ...(input.domainToolsTtl === undefined ? {} : { domainToolsTtl: input.domainToolsTtl }),
    estimator: estimate,
    ...(input.tokenRatio === undefined ? {} : { tokenRatio: input.tokenRatio }),
    ...(input.withheldCachePoints === undefined ? {} : { withheld: input.withheldCachePoints }),
  });
  const currentTurn = layers.window.findLastIndex((entry) => isSafeBoundary(entry.message));
  const report: AssemblyReport = {
    tokens: {
      standardTools: sum(standardTools, estimate.tool),
      domainTools: sum(layers.domainTools, estimate.tool),
      system: sum(system, (block) => estimate.text(block.text)),
      summary: layers.summary === null ? 0 : estimate.text(layers.summary.text),
      pinnedAssets: sum(
        input.pinnedAssets,
        (pin) => estimateBlockTokens(pin.toolUse) + estimateBlockTokens(pin.toolResult),
      ),
      window: sum(layers.window.slice(0, Math.max(0, currentTurn)), (entry) => estimate.message(entry.message)),
      currentRun: sum(layers.window.slice(Math.max(0, currentTurn)), (entry) => estimate.message(entry.message)),
      total: measure(layers),
    },
    limit: fit.limit,
    cachePoints: placed.report,
    fallbackSteps: fit.steps,
  };
  if (!fit.ok) return { ok: false, reason: 'over-budget', report };
  const check = checkPromptRequest(placed.request, input.facts, { maxInputTokens: input.maxInputTokens });
  if (!check.ok) return { ok: false, reason: 'invalid', report, problems: check.problems };
  return { ok: true, request: placed.request, report };
}
