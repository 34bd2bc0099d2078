import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toConverseInput } from './to-converse-input.ts';
import type { PromptRequest } from '../pipeline/types/index.ts';

const base: PromptRequest = {
  modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  tools: [],
  system: [{ type: 'text', text: 'Be brief.' }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  maxTokens: 100,
};

describe('toConverseInput', () => {
  it('omits toolConfig when no tools are declared', () => {
    assert.deepEqual(toConverseInput(base), {
      modelId: base.modelId,
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 100 },
    });
  });

  it('maps tools, cache points, tool blocks and the forced tool choice to wire names', () => {
    const input = toConverseInput({
      ...base,
      tools: [{ name: 'lookup', description: 'Look up.', inputSchema: { type: 'object', properties: {} } }, {
        type: 'cache_point',
        ttl: '1h',
      }],
      toolChoice: { type: 'tool', name: 'lookup' },
      system: [{ type: 'text', text: 'S' }, { type: 'cache_point', ttl: '5m' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'q' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'tooluse_1', name: 'lookup', input: { a: 1 } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'tooluse_1', text: 'boom', status: 'error' }, {
            type: 'cache_point',
            ttl: '5m',
          }],
        },
      ],
    });
    assert.deepEqual(input.toolConfig, {
      tools: [{
        toolSpec: {
          name: 'lookup',
          description: 'Look up.',
          inputSchema: { json: { type: 'object', properties: {} } },
        },
      }, { cachePoint: { type: 'default', ttl: '1h' } }],
      toolChoice: { tool: { name: 'lookup' } },
    });
    assert.deepEqual(input.system, [{ text: 'S' }, { cachePoint: { type: 'default' } }]);
    assert.deepEqual(input.messages?.[1]?.content, [{
      toolUse: { toolUseId: 'tooluse_1', name: 'lookup', input: { a: 1 } },
    }]);
    assert.deepEqual(input.messages?.[2]?.content, [
      { toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'boom' }], status: 'error' } },
      { cachePoint: { type: 'default' } },
    ]);
  });
});
