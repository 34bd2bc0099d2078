// Places prompt-cache checkpoints by Bedrock's rules: prefix order tools → system → messages, at most 4, none below the
// model's minimum cumulative tokens (it would silently cache nothing), TTLs never increasing along the prefix.
import { PLAIN_ESTIMATOR } from '../tokens/index.ts';
import type { PromptEstimator } from '../tokens/index.ts';
import { TOOL_USE_SYSTEM_TOKENS } from '../tokens/index.ts';
import type { CachePoint, CacheTtl, PromptMessage, PromptRequest, TextBlock, ToolDefinition } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';

/** Where a checkpoint may go, in prefix order. */
export const CACHE_LAYERS = ['standard-tools', 'domain-tools', 'system', 'stable-history', 'request-end'] as const;
export type CacheLayer = (typeof CACHE_LAYERS)[number];

export type CachePointDecision = {
  readonly layer: CacheLayer;
  readonly placed: boolean;
  /** Estimated tokens of the prefix ending at this point. */
  readonly prefixTokens: number;
  readonly ttl?: CacheTtl;
  readonly reason: string;
};

export type PlaceCachePointsOptions = {
  /** The assembled request without cache points; tools start with the `standardToolCount` standard tools. */
  readonly request: PromptRequest;
  readonly standardToolCount: number;
  readonly facts: { readonly minCacheTokens: number; readonly supportsOneHourTtl: boolean };
  /** TTL asked for the static layers; '1h' is used only where the model supports it and everything before is static. */
  readonly staticTtl: CacheTtl;
  /** TTL of the message points (default '5m'); '1h' (where supported) makes every earlier point '1h' too. */
  readonly messageTtl?: CacheTtl;
  /** TTL of the system point when (sticky) domain tools precede it: default the message TTL; '1h' needs a 1h static TTL. */
  readonly domainToolsTtl?: CacheTtl;
  /** Part estimates (default: estimate-tokens.ts); assembly passes its memo so nothing is measured twice. */
  readonly estimator?: PromptEstimator;
  /** The learned factor actual / estimated tokens (default 1): the model minimum is compared with the corrected prefix. */
  readonly tokenRatio?: number;
  /** Layers not to place, with the reason reported (a checkpoint that keeps writing without a read; see pipeline/cost). */
  readonly withheld?: ReadonlyMap<CacheLayer, string>;
};

export type PlaceCachePointsResult = {
  readonly request: PromptRequest;
  /** The checkpoints placed, in prefix order. */
  readonly placements: readonly CachePointDecision[];
  /** Every candidate, placed or skipped, with the reason. */
  readonly report: readonly CachePointDecision[];
};

/** Bedrock accepts at most this many cache points in one request. */
const MAX_CACHE_POINTS = 4;

/** The last message of the previous request (same conversation, one exchange earlier), or -1: a request ends with a
 * user message, so the previous one ended two messages before this one's end (the assistant reply lies between). */
export function previousRequestEnd(messages: readonly PromptMessage[]): number {
  const index = messages.length - 3;
  return index >= 0 && messages[index]?.role === 'user' ? index : -1;
}

/**
 * A copy of `request` with checkpoints after the standard tools (only when they alone reach the minimum and domain
 * tools follow them), after the domain tools (so a change that only adds tools, which a conversation's list appends
 * after the tools it keeps, reads those from cache), after the system layer (covers tools + system), at the end of the
 * previous request's prefix (so this turn, or this step of a tool loop, reads the previous one from cache even when
 * more than ~20 blocks were added) and at the end of this request (so the next one reads this). A candidate whose
 * cumulative estimated prefix is below `minCacheTokens` is skipped and reported. At most 4 points: when all five have
 * a place the stable-history point gives way. With 5-minute messages '1h' only on points whose whole prefix is static
 * (standard tools, and the system layer when no domain tools precede it), '5m' after; with 1-hour messages every point
 * is '1h'. So TTLs never increase. Existing cache points in `request` are removed first; the input is not mutated.
 */
export function placeCachePoints(options: PlaceCachePointsOptions): PlaceCachePointsResult {
  const { facts, standardToolCount } = options;
  const tools = options.request.tools.filter((tool): tool is ToolDefinition => !isCachePoint(tool));
  const system = options.request.system.filter((block): block is TextBlock => !isCachePoint(block));
  const estimate = options.estimator ?? PLAIN_ESTIMATOR;
  const messages = options.request.messages.map((message) =>
    message.content.some(isCachePoint)
      ? { role: message.role, content: message.content.filter((block) => !isCachePoint(block)) }
      : message
  );
  const messageTtl: CacheTtl = options.messageTtl === '1h' && facts.supportsOneHourTtl ? '1h' : '5m';
  const longTtl: CacheTtl = (options.staticTtl === '1h' || messageTtl === '1h') && facts.supportsOneHourTtl
    ? '1h'
    : '5m';
  const afterDomainTtl: CacheTtl = (options.domainToolsTtl === '1h' && longTtl === '1h') || messageTtl === '1h'
    ? '1h'
    : '5m';
  const report: CachePointDecision[] = [];
  const ratio = options.tokenRatio !== undefined && Number.isFinite(options.tokenRatio) && options.tokenRatio > 0
    ? options.tokenRatio
    : 1;
  let placedCount = 0;
  const corrects = (prefixTokens: number): number => Math.ceil(prefixTokens * ratio - 1e-9);
  const decide = (layer: CacheLayer, prefixTokens: number, possible: string | null, ttl: CacheTtl): boolean => {
    let reason = possible ?? '';
    const corrected = corrects(prefixTokens);
    const withheld = options.withheld?.get(layer);
    if (possible === null && corrected < facts.minCacheTokens) {
      reason = `prefix ${prefixTokens} tokens${
        corrected === prefixTokens ? '' : ` (${corrected} corrected)`
      } < model minimum ${facts.minCacheTokens}: would cache nothing`;
    } else if (possible === null && withheld !== undefined) {
      reason = withheld;
    } else if (possible === null && placedCount >= MAX_CACHE_POINTS) {
      reason = `already ${MAX_CACHE_POINTS} cache points`;
    }
    const placed = reason === '';
    if (placed) placedCount += 1;
    report.push({
      layer,
      placed,
      prefixTokens,
      ...(placed ? { ttl } : {}),
      reason: placed ? `prefix ${prefixTokens} tokens ≥ ${facts.minCacheTokens}` : reason,
    });
    return placed;
  };

  // The tool-use system prompt Claude adds for any request with tools is part of the cached prefix.
  let tokens = tools.length > 0 ? TOOL_USE_SYSTEM_TOKENS : 0;
  tools.forEach((tool, index) => {
    if (index < standardToolCount) tokens += estimate.tool(tool);
  });
  const standardTokens = tokens;
  for (const tool of tools.slice(standardToolCount)) tokens += estimate.tool(tool);
  const domainTokens = tokens;
  const hasDomainTools = tools.length > standardToolCount;
  const stableIndex = previousRequestEnd(messages);
  // Five candidates, four places: the layout follows the prompt's shape, never what is withheld (a withheld point's
  // cause would leave a write a few blocks on unread too). When the standard tools reach the minimum, domain tools and
  // a system layer follow them and a previous request is in the window, the stable-history point gives way: the
  // request-end point reads the previous request whenever this one added fewer than ~20 blocks, while a change that
  // drops a tool reads only the standard tools, and the history's move only the system layer.
  const crowded = standardToolCount > 0 && hasDomainTools && system.length > 0 && stableIndex >= 0 &&
    corrects(standardTokens) >= facts.minCacheTokens;
  decide(
    'standard-tools',
    standardTokens,
    standardToolCount === 0
      ? 'no standard tools'
      : hasDomainTools
      ? null
      : 'no domain tools follow: the system point covers the same prefix',
    longTtl,
  );
  decide('domain-tools', domainTokens, hasDomainTools ? null : 'no domain tools', afterDomainTtl);
  for (const block of system) tokens += estimate.text(block.text);
  decide('system', tokens, system.length === 0 ? 'no system layer' : null, hasDomainTools ? afterDomainTtl : longTtl);

  const cumulative: number[] = [];
  for (const message of messages) {
    tokens += estimate.message(message);
    cumulative.push(tokens);
  }
  const lastIndex = messages.length - 1;
  const atStable = decide(
    'stable-history',
    cumulative[stableIndex] ?? 0,
    stableIndex < 0
      ? 'no previous request in this window'
      : crowded
      ? `at most ${MAX_CACHE_POINTS} points: the request-end point reads the previous request up to ~20 blocks back`
      : null,
    messageTtl,
  );
  const atEnd = decide('request-end', cumulative[lastIndex] ?? 0, lastIndex < 0 ? 'no messages' : null, messageTtl);

  const isPlaced = (layer: CacheLayer): boolean => report.some((entry) => entry.layer === layer && entry.placed);
  const point = (layer: CacheLayer): CachePoint => ({
    type: 'cache_point',
    ttl: report.find((entry) => entry.layer === layer)?.ttl ?? '5m',
  });
  const newTools: (ToolDefinition | CachePoint)[] = [...tools];
  if (isPlaced('domain-tools')) newTools.push(point('domain-tools'));
  if (isPlaced('standard-tools')) newTools.splice(standardToolCount, 0, point('standard-tools'));
  const newSystem: (TextBlock | CachePoint)[] = isPlaced('system') ? [...system, point('system')] : [...system];
  const newMessages: PromptMessage[] = messages.map((message, index) => {
    const marked = (atStable && index === stableIndex) || (atEnd && index === lastIndex);
    return marked
      ? {
        role: message.role,
        content: [...message.content, point(index === lastIndex ? 'request-end' : 'stable-history')],
      }
      : message;
  });
  const request: PromptRequest = { ...options.request, tools: newTools, system: newSystem, messages: newMessages };
  return { request, placements: report.filter((entry) => entry.placed), report };
}
