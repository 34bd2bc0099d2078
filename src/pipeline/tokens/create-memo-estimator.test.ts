import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assistantCalls, tool, toolUse, userText, words } from '../test-support/conversation-builders.test-support.ts';
import { createMemoEstimator, PLAIN_ESTIMATOR } from './create-memo-estimator.ts';

describe('createMemoEstimator', () => {
  it('gives the same numbers as the plain estimators, remembered or not', () => {
    const memo = createMemoEstimator();
    const parts = {
      tool: tool('search', words(80)),
      text: words(120, 'sys'),
      message: assistantCalls(toolUse('t1', 'search', { q: words(10) })),
    };
    for (let round = 0; round < 2; round += 1) {
      assert.equal(memo.tool(parts.tool), PLAIN_ESTIMATOR.tool(parts.tool));
      assert.equal(memo.text(parts.text), PLAIN_ESTIMATOR.text(parts.text));
      assert.equal(memo.message(parts.message), PLAIN_ESTIMATOR.message(parts.message));
    }
  });

  it('keys objects by identity and texts by value', () => {
    const memo = createMemoEstimator();
    const small = userText('hi');
    assert.equal(memo.message(small), PLAIN_ESTIMATOR.message(small));
    const other = userText(words(50));
    assert.equal(memo.message(other), PLAIN_ESTIMATOR.message(other));
    assert.notEqual(memo.message(small), memo.message(other));
  });
});
