// The cache TTL of the prefix every conversation shares (the standard tools, and the system layer when no domain tools
// precede it): chosen from the gaps between the deployment's turns, whatever their conversation.
import type { CacheTtl } from '../types/index.ts';
import { type CachePrices, chooseStaticTtl, type GapShares, PRIOR_LONG_GAPS, shareGaps } from './choose-cache-ttl.ts';

export type ChooseSharedStaticTtlInput = {
  /** Idle times between the deployment's latest turn starts, and from the latest to now (ms), oldest first. */
  readonly gapsMs: readonly number[];
  readonly prices: CachePrices;
  readonly supportsOneHourTtl: boolean;
};

export type SharedStaticTtlChoice = {
  readonly ttl: CacheTtl;
  readonly shares: GapShares;
  readonly reason: string;
};

/**
 * Every conversation's requests start with the same standard tools, so one cache entry serves them all: it lapses only
 * when no turn of any conversation comes within its lifetime. The same break-even as a conversation's static layers
 * (see chooseStaticTtl), read on the gaps between all turns: 1 h when, among those over 5 minutes (with
 * PRIOR_LONG_GAPS assumed beyond the hour), more than 39.5% end within the hour. Steady traffic (every gap under 5
 * minutes) keeps 5 minutes, as does a deployment idle for hours between turns. Pure.
 */
export function chooseSharedStaticTtl(input: ChooseSharedStaticTtlInput): SharedStaticTtlChoice {
  const shares = shareGaps(input.gapsMs);
  if (!input.supportsOneHourTtl) return { ttl: '5m', shares, reason: 'the model has no 1-hour cache' };
  const { ttl, mediumShare, breakEven } = chooseStaticTtl(shares, input.prices, true);
  const percent = (value: number) => `${(100 * value).toFixed(0)}%`;
  return {
    ttl,
    shares,
    reason: `${shares.observed} gaps between the deployment's turns, ${
      percent(mediumShare)
    } of those over 5m end within the hour (with ${PRIOR_LONG_GAPS} assumed beyond it; break-even ${
      percent(breakEven)
    })`,
  };
}
