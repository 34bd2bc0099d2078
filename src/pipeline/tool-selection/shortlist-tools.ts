// The adaptive shortlist the cheap model chooses from: every tool close enough to the best, never fewer than 5 nor more than 15.
import type { RankedTool } from '../tool-search/index.ts';

/** Tools scoring at least this share of the best one stay on the shortlist (rankTools scores are relative). */
const SHORTLIST_SCORE_RATIO = 0.45;
export const DEFAULT_SHORTLIST_MIN = 5;
export const DEFAULT_SHORTLIST_MAX = 15;

export type ShortlistOptions = { readonly min?: number; readonly max?: number };

/**
 * Names of the top-ranked tools, in ranking order: all within SHORTLIST_SCORE_RATIO of the best, clamped to
 * min..max (defaults 5..15), and never more than the ranking holds. Pure.
 */
export function shortlistTools(ranking: readonly RankedTool[], options: ShortlistOptions = {}): readonly string[] {
  const min = options.min ?? DEFAULT_SHORTLIST_MIN;
  const max = Math.max(min, options.max ?? DEFAULT_SHORTLIST_MAX);
  const best = ranking[0]?.score ?? 0;
  let size = 0;
  while (size < ranking.length && size < max && (ranking[size]?.score ?? 0) >= best * SHORTLIST_SCORE_RATIO) size += 1;
  return ranking.slice(0, Math.max(size, Math.min(min, ranking.length))).map((entry) => entry.name);
}
