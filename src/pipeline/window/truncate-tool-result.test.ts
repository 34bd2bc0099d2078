import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolResult, words } from '../test-support/conversation-builders.test-support.ts';
import { estimateBlockTokens, estimateTextTokens } from '../tokens/index.ts';
import { renderTruncationMarker, truncateToolResult } from './truncate-tool-result.ts';

describe('truncateToolResult', () => {
  it('returns the same block when it fits', () => {
    const block = toolResult('t1', 'short');
    assert.equal(truncateToolResult(block, 100), block);
  });

  const cases = [
    { name: 'prose', text: words(5_000), cap: 200 },
    { name: 'one long line of digits', text: '1234567890'.repeat(2_000), cap: 50 },
    {
      name: 'json',
      text: JSON.stringify(Array.from({ length: 800 }, (_, n) => ({ id: n, name: `item ${n}` }))),
      cap: 300,
    },
    { name: 'emoji (surrogate pairs)', text: '😀 '.repeat(3_000), cap: 40 },
  ];
  for (const { name, text, cap } of cases) {
    it(`cuts ${name} under the cap with a visible marker`, () => {
      const block = toolResult('t1', text, 'error');
      const cut = truncateToolResult(block, cap);
      assert.ok(estimateBlockTokens(cut) <= cap, `${estimateBlockTokens(cut)} > ${cap}`);
      assert.equal(cut.toolUseId, 't1');
      assert.equal(cut.status, 'error');
      const match = /\n\[… truncated: (\d+) of (\d+) tokens shown …\]$/u.exec(cut.text);
      assert.ok(match, cut.text.slice(-80));
      assert.equal(Number(match[2]), estimateTextTokens(text));
      const kept = cut.text.slice(0, match.index);
      assert.ok(text.startsWith(kept), 'expected: text.startsWith(kept)');
      assert.ok(kept.length > 0, 'expected: kept.length > 0');
      assert.equal(Number(match[1]), estimateTextTokens(kept));
      assert.ok(!/[\uD800-\uDBFF]$/u.test(kept), 'splits a surrogate pair');
      // Close to the cap: the search keeps as much as fits.
      assert.ok(estimateBlockTokens(cut) >= cap * 0.8, `only ${estimateBlockTokens(cut)} of ${cap}`);
    });
  }

  it('cuts at a word break when one is near', () => {
    const cut = truncateToolResult(toolResult('t1', words(2_000)), 100);
    const kept = cut.text.slice(0, cut.text.lastIndexOf('\n'));
    assert.match(kept, /word\d+$/u);
    assert.ok(words(2_000).startsWith(`${kept} `), 'expected: words(2_000).startsWith(`${kept} `)');
  });

  it('keeps only the marker when the cap is smaller than the marker', () => {
    const cut = truncateToolResult(toolResult('t1', words(100)), 3);
    assert.equal(cut.text, renderTruncationMarker(0, estimateTextTokens(words(100))));
  });

  it('is deterministic', () => {
    const block = toolResult('t1', words(3_000));
    assert.deepEqual(truncateToolResult(block, 150), truncateToolResult(block, 150));
  });
});
