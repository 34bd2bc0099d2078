import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UntimedTurn } from './assign-timestamps.ts';
import {
  assignTimestamps,
  ASSISTANT_DELAY_MS,
  CONVERSATION_GAP_MS,
  timeConversations,
  TOOL_DELAY_MS,
  USER_DELAY_MS,
} from './assign-timestamps.ts';
import { createSeededRandom } from './seeded-random.ts';

const START = Date.parse('2024-05-15T20:00:00.000Z');
const TURNS: readonly UntimedTurn[] = [
  { role: 'user', text: 'a' },
  { role: 'assistant', toolCalls: [{ id: 'c', name: 't', input: {} }] },
  { role: 'tool', toolResults: [{ toolCallId: 'c', output: 'x' }] },
  { role: 'assistant', text: 'b' },
  { role: 'user', text: 'c' },
];

describe('createSeededRandom', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const take = (seed: string) => Array.from({ length: 5 }, createSeededRandom(seed));
    assert.deepEqual(take('a'), take('a'));
    assert.notDeepEqual(take('a'), take('b'));
    assert.ok(take('a').every((x) => x >= 0 && x < 1));
  });
});

describe('assignTimestamps', () => {
  it('starts at startAt and spaces each role by its own range', () => {
    const times = assignTimestamps(TURNS, { seed: 's', startAt: START }).map((turn) => Date.parse(turn.at));
    assert.equal(times[0], START);
    const delays = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    const ranges = [ASSISTANT_DELAY_MS, TOOL_DELAY_MS, ASSISTANT_DELAY_MS, USER_DELAY_MS];
    delays.forEach((delay, index) => {
      const range = ranges[index];
      assert.ok(range !== undefined && delay >= range.min && delay <= range.max, `delay ${index}: ${delay}`);
    });
  });

  it('is deterministic in the seed and keeps the turn content', () => {
    const first = assignTimestamps(TURNS, { seed: 's', startAt: START });
    assert.deepEqual(first, assignTimestamps(TURNS, { seed: 's', startAt: START }));
    assert.notDeepEqual(first, assignTimestamps(TURNS, { seed: 't', startAt: START }));
    assert.deepEqual(first.map(({ at: _at, ...turn }) => turn), TURNS);
  });
});

describe('timeConversations', () => {
  it('lays conversations one after another with a gap between them', () => {
    const timed = timeConversations([{ id: 'a', turns: TURNS }, { id: 'b', turns: TURNS }], { startAt: START });
    const endOfFirst = Date.parse(timed[0]?.turns.at(-1)?.at ?? '');
    const gap = Date.parse(timed[1]?.turns[0]?.at ?? '') - endOfFirst;
    assert.equal(Date.parse(timed[0]?.turns[0]?.at ?? ''), START);
    assert.ok(gap >= CONVERSATION_GAP_MS.min && gap <= CONVERSATION_GAP_MS.max, `gap ${gap}`);
  });
});
