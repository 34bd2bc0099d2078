// What the assets cost in a replay: tokens and USD of get_asset results, of the pairs every later prompt carries (in
// the window or pinned), and the cache writes a change of the pinned set causes (the messages after it are rewritten).
import { GET_ASSET_TOOL_NAME } from '../../src/pipeline/assets/index.ts';
import { NO_SUMMARY_LEAD } from '../../src/pipeline/assembly/index.ts';
import { SUMMARY_LEAD } from '../../src/pipeline/summary/index.ts';
import { estimateBlockTokens } from '../../src/pipeline/tokens/index.ts';
import { isCachePoint, type PromptRequest, type Usage } from '../../src/pipeline/types/index.ts';
import { lookupModelFacts } from '../../src/config/models.ts';

/** The get_asset pairs one main request carries. */
export type RequestAssets = {
  /** Estimated tokens of get_asset calls and results in the window. */
  readonly windowTokens: number;
  /** Estimated tokens of the pinned pairs re-inserted after the summary. */
  readonly pinnedTokens: number;
  /** Result tokens of each get_asset call by toolUse id (the text the model was given). */
  readonly results: Readonly<Record<string, number>>;
  /** toolUse ids of the pinned pairs, sorted. */
  readonly pinnedIds: readonly string[];
};

export type AssetFigures = {
  /** get_asset calls whose result some prompt carried. */
  readonly fetches: number;
  /** Tokens of those results (what get_asset returned, once each). */
  readonly resultTokens: number;
  /** Σ over main calls of the asset tokens in the prompt: in the window, and pinned. */
  readonly windowTokens: number;
  readonly pinnedTokens: number;
  /** Those tokens priced at the rate each call paid for its prefix (cache read, cache write or plain input). */
  readonly windowUsd: number;
  readonly pinnedUsd: number;
  /** Main calls whose pinned set differs from the previous main call's (a pin starts or ends). */
  readonly pinChanges: number;
  /** The cache writes of those calls and their price. */
  readonly pinChangeWriteTokens: number;
  readonly pinChangeWriteUsd: number;
};

export const NO_ASSETS: AssetFigures = {
  fetches: 0,
  resultTokens: 0,
  windowTokens: 0,
  pinnedTokens: 0,
  windowUsd: 0,
  pinnedUsd: 0,
  pinChanges: 0,
  pinChangeWriteTokens: 0,
  pinChangeWriteUsd: 0,
};

/** Reads the pairs from a request as assembly builds it (build-prompt-messages.ts: summary or lead, pins, window). */
export function describeRequestAssets(request: PromptRequest): RequestAssets {
  const [opening, second] = request.messages;
  const leadText = opening?.role === 'user' && opening.content[0]?.type === 'text' ? opening.content[0].text : '';
  const opensWithPins = (leadText === NO_SUMMARY_LEAD || leadText.startsWith(SUMMARY_LEAD)) &&
    second?.role === 'assistant' && second.content.length > 0 &&
    second.content.every((block) => block.type === 'tool_use' && block.name === GET_ASSET_TOOL_NAME);
  const pinned = new Set(
    opensWithPins ? second.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : [],
  );
  const uses = new Set<string>();
  const results: Record<string, number> = {};
  let windowTokens = 0;
  let pinnedTokens = 0;
  for (const message of request.messages) {
    for (const block of message.content) {
      if (isCachePoint(block)) continue;
      const id = block.type === 'tool_use' && block.name === GET_ASSET_TOOL_NAME
        ? block.id
        : block.type === 'tool_result' && uses.has(block.toolUseId)
        ? block.toolUseId
        : undefined;
      if (id === undefined) continue;
      if (block.type === 'tool_use') uses.add(id);
      const tokens = estimateBlockTokens(block);
      if (block.type === 'tool_result') results[id] = tokens;
      if (pinned.has(id)) pinnedTokens += tokens;
      else windowTokens += tokens;
    }
  }
  return { windowTokens, pinnedTokens, results, pinnedIds: [...pinned].sort() };
}

/** Price per token of what the call did with its prefix: read it, wrote it (5-minute price), or sent it uncached. */
function prefixRate(usage: Usage, modelId: string): { perToken: number; writePerToken: number } {
  const prices = lookupModelFacts(modelId).pricePerMillion;
  const perMillion = usage.cacheReadInputTokens > 0
    ? prices.cacheRead
    : usage.cacheWriteInputTokens > 0
    ? prices.cacheWrite5m
    : prices.input;
  return { perToken: perMillion / 1_000_000, writePerToken: prices.cacheWrite5m / 1_000_000 };
}

/** Sums one conversation's main calls in order (failed calls carry nothing). */
export function computeAssetFigures(
  calls: readonly {
    readonly kind: string;
    readonly modelId: string;
    readonly usage: Usage;
    readonly error?: unknown;
    readonly assets?: RequestAssets;
  }[],
): AssetFigures {
  const figures = { ...NO_ASSETS };
  const seen = new Set<string>();
  let previousPins: string | undefined;
  for (const call of calls) {
    if (call.kind !== 'main' || call.error !== undefined || call.assets === undefined) continue;
    const { assets, usage } = call;
    for (const [id, tokens] of Object.entries(assets.results)) {
      if (seen.has(id)) continue;
      seen.add(id);
      figures.fetches += 1;
      figures.resultTokens += tokens;
    }
    const rate = prefixRate(usage, call.modelId);
    figures.windowTokens += assets.windowTokens;
    figures.pinnedTokens += assets.pinnedTokens;
    figures.windowUsd += assets.windowTokens * rate.perToken;
    figures.pinnedUsd += assets.pinnedTokens * rate.perToken;
    const pins = assets.pinnedIds.join(',');
    if (previousPins !== undefined && pins !== previousPins) {
      figures.pinChanges += 1;
      figures.pinChangeWriteTokens += usage.cacheWriteInputTokens;
      figures.pinChangeWriteUsd += usage.cacheWriteInputTokens * rate.writePerToken;
    }
    previousPins = pins;
  }
  return figures;
}

/** Adds conversations' figures. */
export function addAssetFigures(all: readonly AssetFigures[]): AssetFigures {
  const total = { ...NO_ASSETS };
  for (const figures of all) {
    for (const key of Object.keys(total) as (keyof AssetFigures)[]) total[key] += figures[key];
  }
  return total;
}
