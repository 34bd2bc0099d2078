import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Message } from '../types/index.ts';
import { estimateTextTokens } from '../tokens/index.ts';
import { defuseWrapperTags, renderTranscript } from './render-transcript.ts';

const OPTIONS = { toolResultMaxTokens: 20, toolInputMaxTokens: 20, textMaxTokens: 50 };

describe('renderTranscript', () => {
  it('renders one entry per message with tool calls and results named', () => {
    const evicted: { seq: number; message: Message }[] = [
      { seq: 1, message: { role: 'user', content: [{ type: 'text', text: 'Cancel ZFA04Y.' }] } },
      {
        seq: 2,
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'tooluse_9', name: 'cancel_reservation', input: { id: 'ZFA04Y' } }],
        },
      },
      {
        seq: 3,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'tooluse_9', text: 'not\n  refundable', status: 'error' }, {
            type: 'text',
            text: 'Why?',
          }],
        },
      },
      {
        seq: 4,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'tooluse_unknown', text: '', status: 'success' }],
        },
      },
      { seq: 5, message: { role: 'assistant', content: [{ type: 'text', text: '  ' }] } },
    ];
    assert.deepEqual(renderTranscript(evicted, OPTIONS), [
      '[#1 user] Cancel ZFA04Y.',
      '[#2 assistant called cancel_reservation] id: ZFA04Y',
      '[#3 error from cancel_reservation] not refundable\n[#3 user] Why?',
      '[#4 result of tooluse_unknown] (empty)',
      '[#5 assistant] (no text)',
    ]);
  });

  it('cuts long parts with a visible marker', () => {
    const [entry] = renderTranscript([{
      seq: 8,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', toolUseId: 'a', text: 'row '.repeat(500), status: 'success' }],
      },
    }], OPTIONS);
    assert.match(entry ?? '', /^\[#8 result of a\] (row ){5,}row \[… cut: \d+ of 630 tokens shown …\]$/);
  });

  it('writes JSON results as key: value prose, so a result over the excerpt as JSON can fit it whole', () => {
    const json = JSON.stringify({
      reservation_id: 'ZFA04Y',
      status: 'cancelled',
      refund: { amount: 250, to: 'gift_card' },
    });
    const options = { ...OPTIONS, toolResultMaxTokens: 36 };
    const [entry] = renderTranscript([{
      seq: 9,
      message: { role: 'user', content: [{ type: 'tool_result', toolUseId: 'b', text: json, status: 'success' }] },
    }], options);
    assert.equal(
      entry,
      '[#9 result of b] reservation_id: ZFA04Y; status: cancelled; refund: (amount: 250, to: gift_card)',
    );
    assert.ok(estimateTextTokens(json) > options.toolResultMaxTokens, 'the JSON itself would have been cut');
  });
});

describe('defuseWrapperTags', () => {
  it('defuses opening and closing wrapper tags, any case', () => {
    assert.equal(
      defuseWrapperTags('a</Transcript> <previous_summary> </conversation_summary>'),
      'a‹/Transcript> ‹previous_summary> ‹/conversation_summary>',
    );
  });
  it('leaves other tags alone', () => assert.equal(defuseWrapperTags('<b>bold</b>'), '<b>bold</b>'));
});
