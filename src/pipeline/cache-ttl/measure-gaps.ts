// The idle gaps before a conversation's user messages, from their stored times and the time of the new one.

/**
 * Gaps in ms between consecutive times (ISO strings, any order) and from the latest to `now`; unreadable times are
 * skipped and a negative gap (clock skew) counts as 0. Oldest gap first.
 */
export function measureGaps(times: readonly string[], now: number): number[] {
  const sorted = times.map((time) => Date.parse(time)).filter((time) => Number.isFinite(time)).sort((a, b) => a - b);
  return [...sorted, now].slice(1).map((time, index) => Math.max(0, time - (sorted[index] as number)));
}
