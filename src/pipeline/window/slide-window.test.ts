import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import {
  assistantCalls,
  assistantText,
  numbered,
  plainTurns,
  toolResult,
  toolUse,
  userResults,
  userText,
} from '../test-support/conversation-builders.test-support.ts';
import type { Message } from '../types/index.ts';
import { isSafeBoundary, slideWindow } from './slide-window.ts';

const seqs = (entries: readonly { seq: number }[]) => entries.map((entry) => entry.seq);

/** user → (assistant toolUse ×k in parallel → user results) × steps → assistant text. */
function toolTurn(label: string, steps: number, parallel = 1): Message[] {
  const messages: Message[] = [userText(label)];
  for (let step = 0; step < steps; step += 1) {
    const ids = Array.from({ length: parallel }, (_, n) => `${label}_${step}_${n}`);
    messages.push(assistantCalls(...ids.map((id) => toolUse(id))), userResults(...ids.map((id) => toolResult(id))));
  }
  messages.push(assistantText(`${label} done`));
  return messages;
}

describe('slideWindow', () => {
  const cases: { name: string; messages: Message[]; min?: number; max?: number; window: number[]; evict: number[] }[] =
    [
      {
        name: 'keeps everything up to max',
        messages: plainTurns(7).concat(userText('now')),
        window: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        evict: [],
      },
      {
        name: 'evicts one chunk down to min at a user turn once over max',
        messages: plainTurns(8),
        window: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
        evict: [1, 2, 3, 4, 5, 6],
      },
      {
        name: 'keeps more than min when the nearest user turn is further back',
        messages: [...toolTurn('t1', 2), ...toolTurn('t2', 3), ...toolTurn('t3', 2), userText('now')],
        // t1: seqs 1-6, t2: 7-14, t3: 15-20, now: 21 → the latest user turn keeping ≥ 10 is t2 (seq 7).
        window: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
        evict: [1, 2, 3, 4, 5, 6],
      },
      {
        name: 'never cuts inside a long tool loop (keeps more than max)',
        messages: toolTurn('loop', 9),
        window: Array.from({ length: 20 }, (_, n) => n + 1),
        evict: [],
      },
      {
        name: 'keeps parallel tool calls with their results',
        messages: [...toolTurn('p1', 3, 3), ...toolTurn('p2', 3, 4), userText('now')],
        window: [9, 10, 11, 12, 13, 14, 15, 16, 17],
        evict: [1, 2, 3, 4, 5, 6, 7, 8],
        min: 4,
        max: 12,
      },
      {
        name: 'evicts leading messages that cannot open a window',
        messages: [assistantCalls(toolUse('x')), userResults(toolResult('x')), assistantText('ok'), userText('hi')],
        window: [4],
        evict: [1, 2, 3],
      },
      {
        name: 'returns everything when there is no user turn at all',
        messages: [assistantText('a'), userResults(toolResult('x'))],
        window: [1, 2],
        evict: [],
      },
      { name: 'handles an empty history', messages: [], window: [], evict: [] },
      { name: 'honours custom sizes', messages: plainTurns(3), min: 2, max: 4, window: [5, 6], evict: [1, 2, 3, 4] },
    ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = slideWindow({
        messages: numbered(testCase.messages),
        ...(testCase.min === undefined ? {} : { min: testCase.min }),
        ...(testCase.max === undefined ? {} : { max: testCase.max }),
      });
      assert.deepEqual({ window: seqs(result.window), evict: seqs(result.evict) }, {
        window: testCase.window,
        evict: testCase.evict,
      });
    });
  }

  it('floats: the window start moves only when a chunk is evicted', () => {
    const history = numbered(plainTurns(40));
    let coveredUpTo = 0;
    let previousStart = 1;
    let evictions = 0;
    for (let length = 1; length <= history.length; length += 1) {
      if (history[length - 1]?.message.role !== 'user') continue;
      const { window, evict } = slideWindow({
        messages: history.slice(0, length).filter((entry) => entry.seq > coveredUpTo),
      });
      assert.equal(window[0]?.message.role, 'user');
      assert.ok(window.length <= 15, 'expected: window.length <= 15');
      if (evict.length === 0) assert.equal(window[0]?.seq, previousStart);
      else {
        evictions += 1;
        assert.ok(window.length >= 10, 'expected: window.length >= 10');
        coveredUpTo = evict[evict.length - 1]?.seq ?? coveredUpTo;
      }
      previousStart = window[0]?.seq ?? previousStart;
    }
    // 80 messages, chunks of 6 once past 15: far fewer evictions than turns.
    assert.ok(evictions >= 10 && evictions <= 12, `evictions ${evictions}`);
  });

  it('does not mutate its input', () => {
    const messages = numbered(plainTurns(9));
    const copy = structuredClone(messages);
    slideWindow({ messages });
    assert.deepEqual(messages, copy);
  });

  it('rejects bad sizes and out-of-order messages with AppError', () => {
    assert.throws(() => slideWindow({ messages: [], min: 5, max: 4 }), (error) => isAppError(error, 'config_invalid'));
    assert.throws(() => slideWindow({ messages: [], min: 0, max: 4 }), (error) => isAppError(error, 'config_invalid'));
    assert.throws(
      () => slideWindow({ messages: [{ seq: 2, message: userText('a') }, { seq: 2, message: assistantText('b') }] }),
      (error) => isAppError(error, 'bad_request'),
    );
  });
});

describe('isSafeBoundary', () => {
  it('accepts only user messages without tool results', () => {
    assert.equal(isSafeBoundary(userText('hi')), true);
    assert.equal(isSafeBoundary(assistantText('hi')), false);
    assert.equal(isSafeBoundary(userResults(toolResult('x'), { type: 'text', text: 'and more' })), false);
  });
});
