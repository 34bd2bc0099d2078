// Prices one call's usage with the project's price table: billed input (uncached + cache reads + writes) and total.
import { lookupModelFacts } from '../../src/config/models.ts';
import { computeCost } from '../../src/pipeline/cost/index.ts';
import type { Usage } from '../../src/pipeline/types/index.ts';

export type PricedUsage = { readonly billedInputUsd: number; readonly totalUsd: number };

/**
 * Invariants: billedInputUsd = totalUsd − outputTokens × output price; cache writes are priced per TTL as reported
 * (5m unless cacheDetails says 1h); prices come from src/config/models.ts for `modelId` (unknown ids: Sonnet 4.5's).
 */
export function priceUsage(usage: Usage, modelId: string): PricedUsage {
  const prices = lookupModelFacts(modelId).pricePerMillion;
  const billedInputUsd = computeCost({ ...usage, outputTokens: 0 }, prices);
  return { billedInputUsd, totalUsd: billedInputUsd + (usage.outputTokens * prices.output) / 1_000_000 };
}
