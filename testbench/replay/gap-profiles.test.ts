import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyGaps, createGapProfiles, gapsBeforeUserTurns, rangeProfile, sequenceProfile } from './gap-profiles.ts';
import { createWeatherConversation } from './replay-fixtures.test-support.ts';

const MINUTE = 60_000;

describe('gapsBeforeUserTurns', () => {
  it('measures the idle time before every user turn after the first, in order', () => {
    const conversation = {
      turns: [
        { role: 'user', at: '2023-05-08T13:56:00.000Z' },
        { role: 'assistant', at: '2023-05-08T13:56:45.000Z' },
        { role: 'user', at: '2023-05-08T13:57:30.000Z' },
        { role: 'assistant', at: '2023-05-08T13:58:15.000Z' },
        { role: 'user', at: '2023-05-25T13:14:00.000Z' },
      ],
    };
    assert.deepEqual(gapsBeforeUserTurns([conversation]), [
      45_000,
      Date.parse('2023-05-25T13:14:00.000Z') -
      Date.parse('2023-05-08T13:58:15.000Z'),
    ]);
  });
});

describe('applyGaps', () => {
  it('puts the profile gap before each later user turn and keeps every other delay', () => {
    const conversation = createWeatherConversation();
    const retimed = applyGaps(conversation, (index) => (index + 1) * 20 * MINUTE);
    assert.deepEqual(retimed.turns.map((turn) => turn.role), conversation.turns.map((turn) => turn.role));
    const times = retimed.turns.map((turn) => Date.parse(turn.at));
    const recorded = conversation.turns.map((turn) => Date.parse(turn.at));
    let userIndex = 0;
    for (let index = 1; index < times.length; index += 1) {
      const delay = (times[index] as number) - (times[index - 1] as number);
      const expected = conversation.turns[index]?.role === 'user'
        ? (userIndex += 1) * 20 * MINUTE
        : (recorded[index] as number) - (recorded[index - 1] as number);
      assert.equal(delay, expected, `turn ${index}`);
    }
  });
});

describe('gap profiles', () => {
  it('replays an observed sequence in order from a seeded offset, the same for the same conversation', () => {
    const profile = sequenceProfile('seq', 'test', [1, 2, 3, 4]);
    const first = profile.gapsFor?.('a');
    const again = profile.gapsFor?.('a');
    const drawn = [0, 1, 2, 3, 4].map((index) => first?.(index));
    assert.deepEqual(drawn, [0, 1, 2, 3, 4].map((index) => again?.(index)));
    assert.equal(((drawn[1] as number) - (drawn[0] as number) + 4) % 4, 1, 'consecutive');
    assert.equal(drawn[4], drawn[0], 'cycles');
  });

  it('draws range gaps inside the range', () => {
    const gaps = rangeProfile('desk', 'test', 10 * MINUTE, 60 * MINUTE).gapsFor?.('x');
    for (let index = 0; index < 50; index += 1) {
      const gap = gaps?.(index) ?? 0;
      assert.ok(gap >= 10 * MINUTE && gap <= 60 * MINUTE, String(gap));
    }
  });

  it('builds the four named profiles from fixture times; "mixed" keeps the chained times', () => {
    const timed = [{
      turns: [{ role: 'user', at: '2024-01-01T00:00:00Z' }, { role: 'user', at: '2024-01-01T00:01:00Z' }],
    }];
    const profiles = createGapProfiles({ tau: timed, locomo: timed });
    assert.deepEqual(profiles.map((profile) => profile.name), ['tau', 'locomo', 'mixed', 'desk']);
    assert.equal(profiles.find((profile) => profile.name === 'mixed')?.gapsFor, undefined);
    assert.equal(profiles[0]?.gapsFor?.('c')(0), MINUTE);
  });
});
