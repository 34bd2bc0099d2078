// Chooses the cache TTL of one conversation's static layers and message cache points from the gaps between its user
// messages: the TTL with the lower expected cost per turn under the model's write and read prices.
import type { CacheTtl } from '../types/index.ts';

/** Bedrock's two cache lifetimes, in milliseconds. */
export const CACHE_TTL_MS: Readonly<Record<CacheTtl, number>> = { '5m': 5 * 60_000, '1h': 60 * 60_000 };

/** How many of the latest gaps the estimate reads: older behaviour says little about the next message. */
export const MAX_GAPS = 20;

/**
 * Pseudo-observations of a gap beyond one hour added to the observed gaps: a conversation may never continue, and a
 * write that is never read wastes the 1-hour premium. With no gaps observed this keeps 5 minutes.
 */
export const PRIOR_LONG_GAPS = 1;

/** USD per million tokens (src/config/models.ts). */
export type CachePrices = {
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
};

export type ChooseCacheTtlInput = {
  /** Idle times before each user message (ms), oldest first; only the last MAX_GAPS count. */
  readonly gapsMs: readonly number[];
  readonly prices: CachePrices;
  readonly supportsOneHourTtl: boolean;
  /** Tokens of the cached message prefix a turn reads when its cache is alive (summary and window). */
  readonly messagePrefixTokens: number;
  /** Tokens a turn adds behind that prefix (written at the chosen TTL even on a hit). */
  readonly turnWriteTokens: number;
  /** Share of turns (0-1) whose message prefix changes anyway (window moved, summary replaced): rewritten at any TTL. */
  readonly rewriteShare: number;
  /** Share of turns (0-1) whose domain tool list changed: the tools, system and messages behind them are rewritten. */
  readonly toolChangeShare?: number;
};

export type GapShares = {
  /** Gaps counted (observed, without the prior). */
  readonly observed: number;
  /** P(gap ≤ 5 min): both TTLs read. */
  readonly within5m: number;
  /** P(5 min < gap ≤ 1 h): only the 1-hour cache reads. */
  readonly within1h: number;
  /** P(gap > 1 h), with the prior: both rewrite. */
  readonly beyond1h: number;
};

export type CacheTtlChoice = {
  /** The standard tools (and the system layer when no domain tools precede it): they never change. */
  readonly staticTtl: CacheTtl;
  /** The system point behind the (sticky) domain tools: rewritten whenever the selection changes. */
  readonly domainToolsTtl: CacheTtl;
  readonly messageTtl: CacheTtl;
  readonly shares: GapShares;
  /** Expected USD per turn of the message cache points at each TTL. */
  readonly expectedMessageCost: Readonly<Record<CacheTtl, number>>;
  /** The share of (5m, 1h] gaps among gaps over 5 minutes above which 1 h wins for the static layers. */
  readonly staticBreakEven: number;
  readonly reason: string;
};

/**
 * The static layers (tools, system) never grow and are rewritten only when their cache lapsed. Per turn, with q the
 * share of gaps in (5 min, 1 h] and L the share beyond 1 h (w5, w1 the write prices, r the read price):
 *   cost(5m) − cost(1h) = S·[(w5 − r)·q − (w1 − w5)·L]
 * so 1 h wins when q / (q + L) > (w1 − w5) / (w1 − r): among gaps over 5 minutes, more than 0.75 / 1.9 = 39.5 % end
 * within the hour (Claude's 1.25×, 2× and 0.1× of the input price).
 */
export function staticBreakEven(prices: CachePrices): number {
  return (prices.cacheWrite1h - prices.cacheWrite5m) / (prices.cacheWrite1h - prices.cacheRead);
}

/**
 * The static layers' TTL from the gap shares: 1 h when the share of (5m, 1h] gaps among the gaps over 5 minutes is above
 * staticBreakEven (with a 1-hour cache). Also the share and the break-even, for the reason. Pure.
 */
export function chooseStaticTtl(
  shares: GapShares,
  prices: CachePrices,
  supportsOneHourTtl: boolean,
): { readonly ttl: CacheTtl; readonly mediumShare: number; readonly breakEven: number } {
  const over5m = shares.within1h + shares.beyond1h;
  const mediumShare = over5m === 0 ? 0 : shares.within1h / over5m;
  const breakEven = staticBreakEven(prices);
  return { ttl: supportsOneHourTtl && mediumShare > breakEven ? '1h' : '5m', mediumShare, breakEven };
}

/**
 * Expected USD per turn of the message cache points at `ttl`: the turn's new tokens
 * are written; the prefix M is read when it is alive and unchanged, otherwise written again:
 *   cost(T) = wT·d + M·[e·wT + (1 − e)·(r·P(gap ≤ T) + wT·P(gap > T))]
 */
export function expectedMessageCost(
  ttl: CacheTtl,
  shares: GapShares,
  input: Pick<
    ChooseCacheTtlInput,
    'prices' | 'messagePrefixTokens' | 'turnWriteTokens' | 'rewriteShare' | 'toolChangeShare'
  >,
): number {
  const write = ttl === '1h' ? input.prices.cacheWrite1h : input.prices.cacheWrite5m;
  const alive = ttl === '1h' ? shares.within5m + shares.within1h : shares.within5m;
  const e = combinedRewriteShare(input);
  const perToken = write * input.turnWriteTokens +
    input.messagePrefixTokens * (e * write + (1 - e) * (input.prices.cacheRead * alive + write * (1 - alive)));
  return perToken / 1_000_000;
}

/** Share of turns whose message prefix is rewritten whatever the TTL: the summary moved it or the tools changed. */
function combinedRewriteShare(input: Pick<ChooseCacheTtlInput, 'rewriteShare' | 'toolChangeShare'>): number {
  return 1 - (1 - clamp01(input.rewriteShare)) * (1 - clamp01(input.toolChangeShare ?? 0));
}

/**
 * A layer that is rewritten anyway in a share e of turns (and grows by g × its size per turn) is cheaper at 1 h when
 *   (1 − e)·(w5 − r)·q > (w1 − w5)·[(1 − e)·L + e + g]
 * (the message formula of expectedMessageCost with d = g·M; e = g = 0 gives the static break-even).
 */
export function prefersOneHour(shares: GapShares, prices: CachePrices, rewriteShare: number, growth = 0): boolean {
  const e = clamp01(rewriteShare);
  const saved = (1 - e) * (prices.cacheWrite5m - prices.cacheRead) * shares.within1h;
  const premium = (prices.cacheWrite1h - prices.cacheWrite5m) * ((1 - e) * shares.beyond1h + e + Math.max(0, growth));
  return saved > premium;
}

/** The shares of the last MAX_GAPS gaps, with PRIOR_LONG_GAPS pseudo-gaps beyond an hour. */
export function shareGaps(gapsMs: readonly number[]): GapShares {
  const gaps = gapsMs.filter((gap) => Number.isFinite(gap) && gap >= 0).slice(-MAX_GAPS);
  const count = (test: (gap: number) => boolean) => gaps.filter(test).length;
  const total = gaps.length + PRIOR_LONG_GAPS;
  const short = count((gap) => gap <= CACHE_TTL_MS['5m']);
  const medium = count((gap) => gap > CACHE_TTL_MS['5m'] && gap <= CACHE_TTL_MS['1h']);
  return {
    observed: gaps.length,
    within5m: short / total,
    within1h: medium / total,
    beyond1h: (gaps.length - short - medium + PRIOR_LONG_GAPS) / total,
  };
}

/**
 * The static TTL by the break-even above; behind the domain tools by prefersOneHour with the tool-change share; the
 * message TTL by the lower expected cost (its rewrite share combines the summary's and the tools'). 1 h only when the
 * model supports it. TTLs must never increase along the prefix (standard tools → domain tools and system → messages):
 * each condition implies the one before it (e and d only grow along the prefix), and the guards below keep it so.
 */
export function chooseCacheTtl(input: ChooseCacheTtlInput): CacheTtlChoice {
  const shares = shareGaps(input.gapsMs);
  const { ttl: staticTtl, mediumShare, breakEven } = chooseStaticTtl(shares, input.prices, input.supportsOneHourTtl);
  const cost = {
    '5m': expectedMessageCost('5m', shares, input),
    '1h': expectedMessageCost('1h', shares, input),
  };
  const percent = (value: number) => `${(100 * value).toFixed(0)}%`;
  const seen = `${shares.observed} gaps: ${percent(shares.within5m)} ≤ 5m, ${percent(shares.within1h)} in (5m, 1h], ${
    percent(shares.beyond1h)
  } > 1h (with ${PRIOR_LONG_GAPS} assumed)`;
  const fixed = { shares, expectedMessageCost: cost, staticBreakEven: breakEven };
  if (!input.supportsOneHourTtl) {
    return {
      staticTtl: '5m',
      domainToolsTtl: '5m',
      messageTtl: '5m',
      ...fixed,
      reason: 'the model has no 1-hour cache',
    };
  }
  const toolChanges = clamp01(input.toolChangeShare ?? 0);
  const domainToolsTtl: CacheTtl = staticTtl === '1h' && prefersOneHour(shares, input.prices, toolChanges)
    ? '1h'
    : '5m';
  const messageTtl: CacheTtl = domainToolsTtl === '1h' && cost['1h'] < cost['5m'] ? '1h' : '5m';
  const reason = `${seen}; static ${staticTtl}: ${
    percent(mediumShare)
  } of gaps over 5m end within the hour (break-even ${
    percent(breakEven)
  }); behind the domain tools ${domainToolsTtl} (tool list changed in ${
    percent(toolChanges)
  } of turns); messages ${messageTtl}: expected $${cost['1h'].toFixed(6)} per turn at 1h vs $${
    cost['5m'].toFixed(6)
  } at 5m`;
  return { staticTtl, domainToolsTtl, messageTtl, ...fixed, reason };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
