import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countToolCalls, sumToolCalls } from './count-tool-calls.ts';
import type { ConversationReplay } from './replay-conversation.ts';

/** A replay with only what the count reads: each turn's judged tool calls. */
function replayOf(toolCalls: ConversationReplay['turns'][number]['toolCalls']): ConversationReplay {
  return { turns: [{ toolCalls }] } as unknown as ConversationReplay;
}

describe('countToolCalls', () => {
  it('counts a tag that is an Object.prototype word like any other ("constructor", "__proto__")', () => {
    const figures = countToolCalls(replayOf([
      {
        name: 'build',
        step: 0,
        verdict: 'missed',
        reason: 'not-found',
        selection: 'not-shortlisted',
        domain: 'constructor',
      },
      {
        name: 'build',
        step: 1,
        verdict: 'missed',
        reason: 'not-found',
        selection: 'not-shortlisted',
        domain: 'constructor',
      },
      {
        name: 'link',
        step: 2,
        verdict: 'missed',
        reason: 'no-find-tools',
        selection: 'no-selector-call',
        domain: '__proto__',
      },
      { name: 'link', step: 3, verdict: 'offered', domain: '__proto__' },
    ]));
    assert.deepEqual(Object.entries(figures.missedByDomain), [['constructor', 2], ['__proto__', 1]]);
    assert.deepEqual(figures.missedByReason, { 'not-found': 2, 'no-find-tools': 1 });
    assert.deepEqual(figures.notOfferedBySelection, { 'not-shortlisted': 2, 'no-selector-call': 1 });
    const twice = sumToolCalls([figures, figures]);
    assert.deepEqual(Object.entries(twice.missedByDomain), [['constructor', 4], ['__proto__', 2]]);
    assert.deepEqual([twice.recorded, twice.offered, twice.missed], [8, 2, 6]);
  });
});
