// Cost of model calls from usage and prices, and the diagnosis of cache misses.
export { computeCost, computeSavingPercent, computeUncachedCost } from './compute-cost.ts';
export type { TokenPrices } from './compute-cost.ts';
export { diagnoseCacheMiss, fingerprintText } from './diagnose-cache-miss.ts';
export { fingerprintPrompt } from './fingerprint-prompt.ts';
export type { FingerprintPromptInput } from './fingerprint-prompt.ts';
export type {
  CacheMissReason,
  CheckpointPrint,
  DiagnoseCacheMissInput,
  PromptFingerprint,
} from './diagnose-cache-miss.ts';
export { createCacheWatch, observeCacheCall, withheldCachePoints } from './watch-cache-points.ts';
export type {
  CacheWatch,
  CacheWatchEvent,
  CacheWatchSettings,
  ObserveCacheCallInput,
  WithheldCheckpoint,
} from './watch-cache-points.ts';
export { parseCacheWatch, parsePromptFingerprint } from './parse-cache-state.ts';
export { pickBilledUsage, sumBilledUsage } from './billed-usage.ts';
export type { BilledUsage } from './billed-usage.ts';
