// Cost of one model call from its usage and the model's prices (USD per million tokens).
import type { Usage } from '../types/index.ts';

export type TokenPrices = {
  readonly input: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
  readonly output: number;
};

const PER_TOKEN = 1 / 1_000_000;

/** Billed USD: uncached input, cache reads, cache writes per TTL (5m unless cacheDetails says 1h), and output. */
export function computeCost(usage: Usage, prices: TokenPrices): number {
  const written1h = (usage.cacheDetails ?? []).filter((d) => d.ttl === '1h').reduce((sum, d) => sum + d.inputTokens, 0);
  const written5m = Math.max(0, usage.cacheWriteInputTokens - written1h);
  return (
    (usage.inputTokens * prices.input +
      usage.cacheReadInputTokens * prices.cacheRead +
      written5m * prices.cacheWrite5m +
      written1h * prices.cacheWrite1h +
      usage.outputTokens * prices.output) *
    PER_TOKEN
  );
}

/** What the same call would cost with no caching at all: every input token at the full input price. */
export function computeUncachedCost(inputTokens: number, outputTokens: number, prices: TokenPrices): number {
  return (inputTokens * prices.input + outputTokens * prices.output) * PER_TOKEN;
}

/** Percentage saved by `cost` against `baseline` (0 when the baseline is 0), rounded to 0.1. */
export function computeSavingPercent(cost: number, baseline: number): number {
  if (baseline <= 0) return 0;
  return Math.round(((baseline - cost) / baseline) * 1000) / 10;
}
