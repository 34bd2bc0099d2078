// Cost of model calls from usage and prices, and the diagnosis of cache misses.
export { computeCost, computeSavingPercent, computeUncachedCost } from './compute-cost.ts';
export type { TokenPrices } from './compute-cost.ts';
export { diagnoseCacheMiss, fingerprintText } from './diagnose-cache-miss.ts';
export type { CacheMissReason, DiagnoseCacheMissInput, PromptFingerprint } from './diagnose-cache-miss.ts';
export { pickBilledUsage, sumBilledUsage } from './billed-usage.ts';
export type { BilledUsage } from './billed-usage.ts';
