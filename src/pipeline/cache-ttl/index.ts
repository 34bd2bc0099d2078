// The cache TTL per conversation: gaps between user messages → the TTL with the lower expected cost; the shared
// prefix's from the gaps between all turns.
export {
  CACHE_TTL_MS,
  type CachePrices,
  type CacheTtlChoice,
  chooseCacheTtl,
  type ChooseCacheTtlInput,
  chooseStaticTtl,
  expectedMessageCost,
  type GapShares,
  MAX_GAPS,
  prefersOneHour,
  PRIOR_LONG_GAPS,
  shareGaps,
  staticBreakEven,
} from './choose-cache-ttl.ts';
export {
  chooseSharedStaticTtl,
  type ChooseSharedStaticTtlInput,
  type SharedStaticTtlChoice,
} from './choose-shared-static-ttl.ts';
export { measureGaps } from './measure-gaps.ts';
