import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lookupModelFacts } from '../../config/models.ts';
import {
  chooseCacheTtl,
  type ChooseCacheTtlInput,
  expectedMessageCost,
  type GapShares,
  shareGaps,
  staticBreakEven,
} from './choose-cache-ttl.ts';
import { measureGaps } from './measure-gaps.ts';

const MINUTE = 60_000;
const SONNET = lookupModelFacts('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
const base: ChooseCacheTtlInput = {
  gapsMs: [],
  prices: SONNET.pricePerMillion,
  supportsOneHourTtl: true,
  messagePrefixTokens: 6_000,
  turnWriteTokens: 300,
  rewriteShare: 0,
};
const repeat = (gap: number, times: number) => Array.from({ length: times }, () => gap);

describe('staticBreakEven', () => {
  it('is (w1h − w5m) / (w1h − read) = 0.75 / 1.9 of the input price for every model with a 1-hour cache', () => {
    // 5m write 1.25×, 1h write 2×, read 0.1× the input price: (2 − 1.25) / (2 − 0.1) = 0.3947…
    for (const id of ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5']) {
      const value = staticBreakEven(lookupModelFacts(id).pricePerMillion);
      assert.ok(Math.abs(value - 0.75 / 1.9) < 1e-12, `${id}: ${value}`);
    }
  });
});

describe('chooseCacheTtl', () => {
  it('keeps 5 minutes when nothing was observed yet (the conversation may not continue)', () => {
    const choice = chooseCacheTtl(base);
    assert.deepEqual([choice.staticTtl, choice.messageTtl], ['5m', '5m']);
    assert.equal(choice.shares.observed, 0);
  });

  it('chooses 1 hour everywhere when a person answers every 10-40 minutes', () => {
    const gaps = [12, 25, 8, 40, 18, 33, 10, 21, 15, 28].map((minutes) => minutes * MINUTE);
    const choice = chooseCacheTtl({ ...base, gapsMs: gaps });
    assert.deepEqual([choice.staticTtl, choice.messageTtl], ['1h', '1h']);
    assert.ok(choice.expectedMessageCost['1h'] < choice.expectedMessageCost['5m']);
    assert.match(choice.reason, /10 gaps: 0% ≤ 5m, 91% in \(5m, 1h\], 9% > 1h/);
  });

  it('keeps 5 minutes when every answer comes within a minute or two', () => {
    const choice = chooseCacheTtl({ ...base, gapsMs: repeat(90_000, 12) });
    assert.deepEqual([choice.staticTtl, choice.messageTtl], ['5m', '5m']);
  });

  it('keeps 5 minutes when the person comes back only the next day (the 1-hour premium would buy nothing)', () => {
    const choice = chooseCacheTtl({ ...base, gapsMs: repeat(14 * 60 * MINUTE, 6) });
    assert.deepEqual([choice.staticTtl, choice.messageTtl], ['5m', '5m']);
  });

  it('switches the static layers exactly at the break-even share of (5m, 1h] gaps among gaps over 5 minutes', () => {
    // With one assumed gap beyond the hour: 3 medium of 3 + 4 + 1 long = 37.5% < 39.5% ; 3 of 3 + 3 + 1 = 42.9% > 39.5%.
    const below = chooseCacheTtl({ ...base, gapsMs: [...repeat(20 * MINUTE, 3), ...repeat(3 * 60 * MINUTE, 4)] });
    const above = chooseCacheTtl({ ...base, gapsMs: [...repeat(20 * MINUTE, 3), ...repeat(3 * 60 * MINUTE, 3)] });
    assert.equal(below.staticTtl, '5m');
    assert.equal(above.staticTtl, '1h');
  });

  it('needs more medium gaps for the messages when their prefix is rewritten anyway or the turn writes a lot', () => {
    // Half the gaps in (5m, 1h]: the static layers pay off; with a window that moves every other turn the messages do not.
    const gapsMs = [...repeat(20 * MINUTE, 5), ...repeat(2 * MINUTE, 5)];
    const steady = chooseCacheTtl({ ...base, gapsMs });
    const moving = chooseCacheTtl({ ...base, gapsMs, rewriteShare: 0.5 });
    const growing = chooseCacheTtl({ ...base, gapsMs, turnWriteTokens: 6_000 });
    assert.deepEqual([steady.staticTtl, steady.messageTtl], ['1h', '1h']);
    assert.deepEqual([moving.staticTtl, moving.messageTtl], ['1h', '5m']);
    assert.deepEqual([growing.staticTtl, growing.messageTtl], ['1h', '5m']);
  });

  it('gives the message rule the static rule when nothing is written per turn and nothing moves', () => {
    // cost(5m) − cost(1h) = M·[(w5 − r)·q − (w1 − w5)·L]: the same sign as the static layers' difference.
    for (const medium of [1, 2, 3, 4, 5, 6]) {
      const gapsMs = [...repeat(30 * MINUTE, medium), ...repeat(5 * 60 * MINUTE, 6)];
      const choice = chooseCacheTtl({ ...base, gapsMs, turnWriteTokens: 0 });
      assert.equal(choice.messageTtl, choice.staticTtl, `${medium} medium gaps`);
    }
  });

  it('keeps 5 minutes behind the domain tools when the tool list changes often and few gaps pass 5 minutes', () => {
    // One 20-minute gap among 19 quick ones: the standard tools gain from 1 h (they never change); the domain tools and
    // system behind them change in 10% of turns, and each change would pay the 1 h premium: 5 min there.
    const gapsMs = [...repeat(60_000, 19), 20 * MINUTE];
    const choice = chooseCacheTtl({ ...base, gapsMs, toolChangeShare: 0.1 });
    assert.deepEqual([choice.staticTtl, choice.domainToolsTtl, choice.messageTtl], ['1h', '5m', '5m']);
    const steady = chooseCacheTtl({ ...base, gapsMs: repeat(20 * MINUTE, 10), toolChangeShare: 0.1 });
    assert.deepEqual([steady.staticTtl, steady.domainToolsTtl, steady.messageTtl], ['1h', '1h', '1h']);
  });

  it('reads only the last 20 gaps', () => {
    const gapsMs = [...repeat(20 * MINUTE, 30), ...repeat(30_000, 20)];
    assert.equal(chooseCacheTtl({ ...base, gapsMs }).staticTtl, '5m');
  });

  it('never chooses 1 hour for a model without it', () => {
    const choice = chooseCacheTtl({ ...base, supportsOneHourTtl: false, gapsMs: repeat(20 * MINUTE, 10) });
    assert.deepEqual([choice.staticTtl, choice.messageTtl], ['5m', '5m']);
    assert.equal(choice.reason, 'the model has no 1-hour cache');
  });

  it('never gives a later layer a longer TTL than an earlier one', () => {
    const rank = { '5m': 0, '1h': 1 } as const;
    for (let medium = 0; medium <= 10; medium += 1) {
      for (const rewriteShare of [0, 0.3, 0.9]) {
        for (const toolChangeShare of [0, 0.05, 0.5]) {
          const gapsMs = [...repeat(25 * MINUTE, medium), ...repeat(2 * 60 * MINUTE, 10 - medium)];
          const choice = chooseCacheTtl({ ...base, gapsMs, rewriteShare, toolChangeShare, turnWriteTokens: 0 });
          const order = [choice.staticTtl, choice.domainToolsTtl, choice.messageTtl].map((ttl) => rank[ttl]);
          assert.deepEqual(order, [...order].sort((a, b) => b - a), `${medium} / ${rewriteShare} / ${toolChangeShare}`);
        }
      }
    }
  });
});

describe('expectedMessageCost', () => {
  it('equals the average of a turn-by-turn count of reads and writes over the same gaps', () => {
    const gaps = [1, 3, 12, 45, 70, 2, 30, 200, 4, 8].map((minutes) => minutes * MINUTE);
    const prices = SONNET.pricePerMillion;
    const prefix = 5_000;
    const written = 400;
    const shares: GapShares = {
      observed: gaps.length,
      within5m: gaps.filter((gap) => gap <= 5 * MINUTE).length / gaps.length,
      within1h: gaps.filter((gap) => gap > 5 * MINUTE && gap <= 60 * MINUTE).length / gaps.length,
      beyond1h: gaps.filter((gap) => gap > 60 * MINUTE).length / gaps.length,
    };
    for (const [ttl, lifetime, write] of [['5m', 5, prices.cacheWrite5m], ['1h', 60, prices.cacheWrite1h]] as const) {
      const counted = gaps.reduce(
        (sum, gap) =>
          sum + (gap <= lifetime * MINUTE ? prefix * prices.cacheRead + written * write : (prefix + written) * write),
        0,
      ) / gaps.length / 1_000_000;
      const formula = expectedMessageCost(ttl, shares, {
        prices,
        messagePrefixTokens: prefix,
        turnWriteTokens: written,
        rewriteShare: 0,
      });
      assert.ok(Math.abs(counted - formula) < 1e-12, `${ttl}: ${counted} vs ${formula}`);
    }
  });
});

describe('shareGaps', () => {
  it('adds one assumed gap beyond the hour and ignores unreadable gaps', () => {
    assert.deepEqual(shareGaps([MINUTE, 10 * MINUTE, 2 * 60 * MINUTE, Number.NaN, -5]), {
      observed: 3,
      within5m: 0.25,
      within1h: 0.25,
      beyond1h: 0.5,
    });
  });
});

describe('measureGaps', () => {
  it('measures the gaps between stored user messages and up to the new one, oldest first', () => {
    const times = ['2026-03-02T09:20:00.000Z', '2026-03-02T09:00:00.000Z', 'not a time', '2026-03-02T09:21:30.000Z'];
    assert.deepEqual(measureGaps(times, Date.parse('2026-03-02T10:00:00.000Z')), [
      20 * MINUTE,
      90_000,
      38.5 * MINUTE,
    ]);
  });

  it('has no gap before the first message', () => assert.deepEqual(measureGaps([], Date.now()), []));
});
