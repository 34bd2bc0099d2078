import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolEvidence } from './measure-tool-evidence.ts';
import { readChangeReason } from './read-change-reason.ts';

function evidence(name: string, words: number, nameWords: number): ToolEvidence {
  return { name, words, nameWords, rareWords: 0, phrase: false, valueWords: 0, rareNameTerms: [] };
}

const INVOICE = evidence('retrieve_invoice', 1, 1);
const BOOKING = evidence('book_flight', 3, 2);
const WEATHER = evidence('get_weather', 1, 1);
const PLAIN = { trigger: 'retrieve_invoice', firstRequest: false, assented: false, requested: false };

describe('readChangeReason', () => {
  it('names the first request, an assent and a requested domain before any evidence', () => {
    const strong = [INVOICE];
    assert.equal(readChangeReason({ ...PLAIN, firstRequest: true, strong, plain: strong }), 'first-request');
    assert.equal(readChangeReason({ ...PLAIN, assented: true, strong, plain: strong }), 'assented-proposal');
    assert.equal(readChangeReason({ ...PLAIN, requested: true, strong, plain: strong }), 'requested-domain');
  });

  it("tells strong evidence for the trigger from a task's object and a request for the task's next tool", () => {
    assert.equal(readChangeReason({ ...PLAIN, strong: [INVOICE], plain: [INVOICE] }), 'strong-evidence');
    assert.equal(readChangeReason({ ...PLAIN, strong: [], plain: [INVOICE] }), 'task-object');
    // Strong evidence for another tool (the offered booking the message recalls) is not the trigger's.
    assert.equal(readChangeReason({ ...PLAIN, strong: [BOOKING], plain: [BOOKING] }), 'task-request');
    assert.equal(readChangeReason({ ...PLAIN, strong: [], plain: [WEATHER] }), 'task-request');
  });
});
