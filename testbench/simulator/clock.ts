// A simulated clock for cache TTLs: time moves only when a test says so.

export type Clock = { now(): number; advance(ms: number): void; set(ms: number): void };

/** 2025-01-01T00:00:00Z: a fixed start so every run sees the same times. */
export const DEFAULT_EPOCH_MS = 1_735_689_600_000;

/** A clock at `startMs` (default DEFAULT_EPOCH_MS). `advance` rejects negative or non-finite steps: time never runs back by accident. */
export function createClock(startMs: number = DEFAULT_EPOCH_MS): Clock {
  let current = startMs;
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.advance needs a finite ms >= 0, got ${ms}`);
      current += ms;
    },
    set(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`clock.set needs a finite ms, got ${ms}`);
      current = ms;
    },
  };
}
