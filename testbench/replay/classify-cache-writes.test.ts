import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyCacheWrites, describeCacheWrites } from './classify-cache-writes.ts';
import type { CallRecord } from './create-recording-model-caller.ts';

const AIRLINE = ['find_tools', 'get_reservation_details', 'update_reservation_flights'];

function main(at: number, messages: number, write: number, tools = AIRLINE, failed = false): CallRecord {
  return {
    kind: 'main',
    modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    at,
    usage: { inputTokens: 0, cacheReadInputTokens: 5_000, cacheWriteInputTokens: write, outputTokens: 40 },
    promptTokens: 5_000 + write,
    messages,
    tools,
    cachePoints: 4,
    ...(failed ? { error: { code: 'model_error', message: 'Bedrock is unable to process your request.' } } : {}),
  };
}

describe('classifyCacheWrites', () => {
  it('names the change that made each main call write, first cause in prefix order', () => {
    const minute = 60_000;
    const summariser: CallRecord = { ...main(4 * minute, 1, 0), kind: 'summariser', usage: { ...main(0, 1, 0).usage } };
    const figures = classifyCacheWrites([[
      main(0, 1, 6_000), // "I need to change my flight to Boston"
      main(10_000, 3, 400), // the reservation details came back
      summariser,
      main(1 * minute, 15, 300), // "and add a checked bag"
      main(2 * minute, 7, 1_500), // a chunk left the window: fewer messages
      main(3 * minute, 9, 2_000, [...AIRLINE, 'purchase_insurance']), // the selection added a tool
      main(3 * minute + 5_000, 11, 9_000, AIRLINE, true), // failed: not counted
      main(20 * minute, 13, 7_000), // the user came back after a break
    ]]);
    assert.deepEqual(figures.tokens, {
      'first': 6_000,
      'gap': 7_000,
      'tool-list': 2_000,
      'window-slide': 1_500,
      'new-messages': 700,
    });
    assert.deepEqual(figures.calls, { 'first': 1, 'gap': 1, 'tool-list': 1, 'window-slide': 1, 'new-messages': 2 });
  });

  it('says each cause’s share of the written tokens, largest first', () => {
    const line = describeCacheWrites(classifyCacheWrites([[main(0, 1, 3_000), main(1_000, 3, 1_000)]]));
    assert.equal(
      line,
      'Our cache writes by cause: first calls 75.0% (1 calls), new messages of a turn 25.0% (1 calls), ' +
        'after a gap over 5 minutes 0.0% (0 calls), tool-list changes 0.0% (0 calls), ' +
        'window slides (summary updated) 0.0% (0 calls).',
    );
  });
});
