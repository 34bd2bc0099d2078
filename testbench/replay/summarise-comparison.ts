// The headline ratios of a replay: our billed input cost against the baselines, the seed's metric, the cache-read share.
import type { Side, SideFigures } from './compute-replay-figures.ts';

export type Comparison = {
  /** Our billed input cost as % of baseline (a). */
  readonly percentOfNaive: number;
  /** …as % of the cheaper of (b) and (c). */
  readonly percentOfBestCached: number;
  /** Our billed input plus our cheap model's replies (see sumCheapOutputUsd) as % of that same baseline. */
  readonly allInPercentOfBestCached: number;
  readonly bestCached: 'naive-cached' | 'window-cached';
  /** The seed's metric: our input tokens (all calls) as % of the naive baseline's. */
  readonly inputTokensPercentOfNaive: number;
  /** Share (%) of our main calls after the first, within the TTL, that read the cache. */
  readonly ourCacheReadPercent: number;
  /** Share (%) of our input tokens (all calls) that were cache reads. */
  readonly ourCacheReadTokenPercent: number;
};

/** Percent, with 0 for an empty baseline (no calls means nothing to compare). */
export function percentOf(value: number, base: number): number {
  return base > 0 ? (100 * value) / base : 0;
}

/** Cache-read share (%) of a side; 100 when no call was eligible (nothing could miss). */
export function cacheReadPercent(side: SideFigures): number {
  return side.cacheEligible === 0 ? 100 : (100 * side.cacheHits) / side.cacheEligible;
}

/**
 * Ratios between the sides' totals; `cheapOutputUsd` is what our selector's and summariser's replies cost (0 when not
 * given: the all-in ratio is then the billed-input one). Pure.
 */
export function summariseComparison(sides: Readonly<Record<Side, SideFigures>>, cheapOutputUsd = 0): Comparison {
  const ours = sides.ours;
  const bestCached = sides['naive-cached'].billedInputUsd <= sides['window-cached'].billedInputUsd
    ? 'naive-cached'
    : 'window-cached';
  return {
    percentOfNaive: percentOf(ours.billedInputUsd, sides.naive.billedInputUsd),
    percentOfBestCached: percentOf(ours.billedInputUsd, sides[bestCached].billedInputUsd),
    allInPercentOfBestCached: percentOf(ours.billedInputUsd + cheapOutputUsd, sides[bestCached].billedInputUsd),
    bestCached,
    inputTokensPercentOfNaive: percentOf(ours.promptTokens, sides.naive.promptTokens),
    ourCacheReadPercent: cacheReadPercent(ours),
    ourCacheReadTokenPercent: percentOf(ours.cacheReadInputTokens, ours.promptTokens),
  };
}
