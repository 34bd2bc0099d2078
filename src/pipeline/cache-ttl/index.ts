// The cache TTL per conversation: gaps between user messages → the TTL with the lower expected cost.
export {
  CACHE_TTL_MS,
  type CachePrices,
  type CacheTtlChoice,
  chooseCacheTtl,
  type ChooseCacheTtlInput,
  expectedMessageCost,
  type GapShares,
  MAX_GAPS,
  prefersOneHour,
  PRIOR_LONG_GAPS,
  shareGaps,
  staticBreakEven,
} from './choose-cache-ttl.ts';
export { measureGaps } from './measure-gaps.ts';
