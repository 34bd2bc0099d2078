// Counts a habit's current streak from the days it was done: pure date arithmetic on YYYY-MM-DD text.

const DAY_MS = 86_400_000;

export type CountStreakOptions = {
  /** Days the habit was done, YYYY-MM-DD, any order, duplicates allowed. */
  readonly days: readonly string[];
  readonly frequency: 'daily' | 'weekly';
  /** Today, YYYY-MM-DD (in UTC, as every stored date). */
  readonly today: string;
};

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Weeks start on Monday: day 0 (1970-01-01) was a Thursday, so shifting by 3 puts Mondays on multiples of 7. */
function weekNumber(day: string): number {
  return Math.floor((dayNumber(day) + 3) / 7);
}

/**
 * The number of consecutive periods (days or Monday-based weeks) in which the habit was done, ending with the current
 * period or, when the current one is not done yet, the one before it (a streak is not broken until its period ends).
 * Days after `today` are ignored. 0 when the last done period is older than that.
 */
export function countStreak(options: CountStreakOptions): number {
  const period = options.frequency === 'daily' ? dayNumber : weekNumber;
  const current = period(options.today);
  const done = new Set(options.days.filter((day) => day <= options.today).map(period));
  let cursor = done.has(current) ? current : current - 1;
  let streak = 0;
  while (done.has(cursor)) {
    streak += 1;
    cursor -= 1;
  }
  return streak;
}
