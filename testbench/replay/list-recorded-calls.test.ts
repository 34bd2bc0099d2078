import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookupModelFacts, validateConverse } from '../simulator/index.ts';
import { EMPTY_RESULT_TEXT, listRecordedCalls } from './list-recorded-calls.ts';
import { parseConversation } from './conversation-format.ts';
import { createWeatherConversation } from './replay-fixtures.test-support.ts';

const FACTS = lookupModelFacts('anthropic.claude-sonnet-4-5');
const TOOLS = {
  tools: [{ toolSpec: { name: 'get_weather', description: 'w', inputSchema: { json: { type: 'object' } } } }],
};

describe('listRecordedCalls', () => {
  it('lists one call per assistant step plus one per incomplete exchange, at the recorded times', () => {
    const calls = listRecordedCalls(createWeatherConversation());
    assert.deepEqual(
      calls.map((call) => [call.exchange, call.step, new Date(call.at).toISOString(), call.history.length]),
      [
        [0, 0, '2024-05-15T20:00:00.000Z', 1],
        [0, 1, '2024-05-15T20:00:03.610Z', 3],
        [1, 0, '2024-05-15T20:01:10.000Z', 5],
        [1, 1, '2024-05-15T20:01:12.500Z', 7],
        [2, 0, '2024-05-15T20:02:00.000Z', 9],
        [3, 0, '2024-05-15T20:42:00.000Z', 9],
        [3, 1, '2024-05-15T20:42:02.300Z', 11],
      ],
    );
  });

  it('merges a user turn that followed an unanswered one, without changing earlier histories', () => {
    const calls = listRecordedCalls(createWeatherConversation());
    assert.deepEqual(calls[4]?.history.at(-1), { role: 'user', content: [{ text: 'Thanks!' }] });
    assert.deepEqual(calls[5]?.history.at(-1), {
      role: 'user',
      content: [{ text: 'Thanks!' }, { text: 'And the weather in Rome now?' }],
    });
  });

  it('maps tool results with their status, an empty output to a placeholder, and every history is a valid Converse request', () => {
    const parsed = parseConversation({
      id: 'empty',
      turns: [
        { at: '2024-05-15T20:00:00Z', role: 'user', text: 'think' },
        { at: '2024-05-15T20:00:01Z', role: 'assistant', toolCalls: [{ id: 'c1', name: 'get_weather', input: {} }] },
        { at: '2024-05-15T20:00:02Z', role: 'tool', toolResults: [{ toolCallId: 'c1', output: '' }] },
      ],
    });
    assert.ok(parsed.ok, 'fixture parses');
    const calls = listRecordedCalls(parsed.conversation);
    assert.deepEqual(calls[1]?.history.at(-1), {
      role: 'user',
      content: [{ toolResult: { toolUseId: 'c1', content: [{ text: EMPTY_RESULT_TEXT }], status: 'success' } }],
    });
    for (const call of [...calls, ...listRecordedCalls(createWeatherConversation())]) {
      const result = validateConverse({ messages: call.history, toolConfig: TOOLS }, { facts: FACTS });
      assert.ok(result.ok, result.ok ? 'valid' : result.error.message);
    }
  });
});
