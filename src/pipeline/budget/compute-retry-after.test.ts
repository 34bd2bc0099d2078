import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeRetryAfterSeconds } from './compute-retry-after.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 0, 10, 12);

describe('computeRetryAfterSeconds', () => {
  it('waits until the oldest spending that must go has left the rolling window', () => {
    // 600 spent 20 h ago and 500 spent 2 h ago under a limit of 1,000: the first bucket leaves in 4 h.
    const seconds = computeRetryAfterSeconds({
      buckets: [{ endsAt: NOW - 20 * HOUR, amount: 600 }, { endsAt: NOW - 2 * HOUR, amount: 500 }],
      limit: 1_000,
      need: 100,
      windowMs: DAY,
      now: NOW,
    });
    assert.equal(seconds, 4 * 3_600);
  });

  it('waits for more buckets when the first one does not free enough', () => {
    const seconds = computeRetryAfterSeconds({
      buckets: [{ endsAt: NOW - 20 * HOUR, amount: 100 }, { endsAt: NOW - 10 * HOUR, amount: 900 }],
      limit: 1_000,
      need: 300,
      windowMs: DAY,
      now: NOW,
    });
    assert.equal(seconds, 14 * 3_600);
  });

  it('answers the whole window when the call alone needs more than the limit', () => {
    const seconds = computeRetryAfterSeconds({ buckets: [], limit: 100, need: 500, windowMs: DAY, now: NOW });
    assert.equal(seconds, 86_400);
  });

  it('never answers less than one second', () => {
    const seconds = computeRetryAfterSeconds({
      buckets: [{ endsAt: NOW - DAY, amount: 2_000 }],
      limit: 1_000,
      need: 0,
      windowMs: DAY,
      now: NOW,
    });
    assert.equal(seconds, 1);
  });
});
