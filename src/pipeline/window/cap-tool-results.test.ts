import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capToolResults } from './cap-tool-results.ts';
import {
  assistantCalls,
  numbered,
  toolResult,
  toolUse,
  userResults,
  userText,
  words,
} from '../test-support/conversation-builders.test-support.ts';
import { PLAIN_ESTIMATOR } from '../tokens/index.ts';
import { estimateBlockTokens } from '../tokens/index.ts';

describe('capToolResults', () => {
  it('cuts only the results over the cap and reuses every other entry', () => {
    const window = numbered([
      userText(words(400)),
      assistantCalls(toolUse('a'), toolUse('b')),
      userResults(toolResult('a', words(900, 'big')), toolResult('b', 'small')),
    ]);
    const capped = capToolResults(window, 200, PLAIN_ESTIMATOR);
    assert.equal(capped[0], window[0], 'a long user text is not a tool result: untouched');
    assert.equal(capped[1], window[1]);
    const [big, small] = capped[2]!.message.content;
    assert.ok(
      big?.type === 'tool_result' && estimateBlockTokens(big) <= 200 && big.text.includes('[… truncated:'),
      'big result cut',
    );
    assert.equal(small, window[2]!.message.content[1]);
    assert.equal(capped[2]!.seq, 3);
    assert.equal(
      window[2]!.message.content[0]!.type === 'tool_result' && window[2]!.message.content[0]!.text,
      words(900, 'big'),
      'input untouched',
    );
  });
});
