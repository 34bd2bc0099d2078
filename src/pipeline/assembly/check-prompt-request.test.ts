import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CachePoint, PromptMessage, PromptRequest, ToolDefinition } from '../types/index.ts';
import type { PromptRule } from './check-prompt-request.ts';
import { checkPromptRequest } from './check-prompt-request.ts';
import { estimateRequestTokens } from '../tokens/index.ts';

const FACTS = { contextWindow: 200_000, minCacheTokens: 1_024, supportsOneHourTtl: true };
const NO_ONE_HOUR = { ...FACTS, supportsOneHourTtl: false };
const FIVE: CachePoint = { type: 'cache_point', ttl: '5m' };
const HOUR: CachePoint = { type: 'cache_point', ttl: '1h' };

const WEATHER: ToolDefinition = {
  name: 'get_weather',
  description: 'Weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
const TIME: ToolDefinition = {
  name: 'get_time',
  description: 'Time in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

const user = (text: string): PromptMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): PromptMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
const calls = (...ids: string[]): PromptMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool_use' as const, id, name: 'get_weather', input: { city: 'Paris' } })),
});
const results = (...ids: string[]): PromptMessage => ({
  role: 'user',
  content: ids.map((id) => ({
    type: 'tool_result' as const,
    toolUseId: id,
    text: 'sunny',
    status: 'success' as const,
  })),
});

/** Valid: tools with a 1h point, system with a 1h point, a parallel tool call, and 5m points in the messages. */
const VALID: PromptRequest = {
  modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  tools: [WEATHER, TIME, HOUR],
  toolChoice: { type: 'auto' },
  system: [{ type: 'text', text: 'You are a helpful assistant.' }, HOUR],
  messages: [
    user('Weather in Paris and Rome?'),
    calls('tooluse_a', 'tooluse_b'),
    {
      role: 'user',
      content: [
        { type: 'tool_result', toolUseId: 'tooluse_a', text: 'sunny', status: 'success' },
        { type: 'tool_result', toolUseId: 'tooluse_b', text: 'rain', status: 'error' },
        { type: 'text', text: 'and?' },
        FIVE,
      ],
    },
    assistant('Paris is sunny; Rome failed.'),
    { role: 'user', content: [{ type: 'text', text: 'Thanks.' }, FIVE] },
  ],
  maxTokens: 1_000,
  temperature: 0.5,
};

function rulesOf(request: PromptRequest, facts = FACTS, options = {}): { rule: PromptRule; path: string }[] {
  const result = checkPromptRequest(request, facts, options);
  return result.ok ? [] : result.problems.map(({ rule, path }) => ({ rule, path }));
}

describe('checkPromptRequest', () => {
  it('passes a valid request and returns its estimate', () => {
    assert.deepEqual(checkPromptRequest(VALID, FACTS), {
      ok: true,
      estimatedInputTokens: estimateRequestTokens(VALID),
    });
  });

  it('passes a plain request with no tools and no system prompt', () => {
    const plain: PromptRequest = { modelId: 'm', tools: [], system: [], messages: [user('hi')], maxTokens: 10 };
    assert.equal(checkPromptRequest(plain, FACTS).ok, true);
  });

  const messages = VALID.messages;
  const cases: readonly {
    name: string;
    request: PromptRequest;
    facts?: typeof FACTS;
    options?: { maxInputTokens?: number };
    expected: { rule: PromptRule; path: string }[];
  }[] = [
    {
      name: 'rejects a missing model id',
      request: { ...VALID, modelId: '' },
      expected: [{ rule: 'missing-model-id', path: 'modelId' }],
    },
    {
      name: 'rejects maxTokens under 1',
      request: { ...VALID, maxTokens: 0 },
      expected: [{ rule: 'invalid-max-tokens', path: 'maxTokens' }],
    },
    {
      name: 'rejects a temperature over 1',
      request: { ...VALID, temperature: 1.5 },
      expected: [{ rule: 'invalid-temperature', path: 'temperature' }],
    },
    {
      name: 'rejects a request that is not an object',
      request: null as unknown as PromptRequest,
      expected: [{ rule: 'malformed-request', path: '' }],
    },
    {
      name: 'rejects a malformed message',
      request: { ...VALID, messages: [user('hi'), { role: 'robot', content: [] } as unknown as PromptMessage] },
      expected: [{ rule: 'malformed-request', path: 'messages.1' }],
    },
    {
      name: 'rejects a tool input that is not JSON-serialisable',
      request: {
        ...VALID,
        messages: [user('hi'), {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'x', name: 'get_weather', input: { n: 1n } }],
        }, results('x')],
      },
      expected: [{ rule: 'malformed-request', path: '' }],
    },
    {
      name: 'rejects no messages',
      request: { ...VALID, messages: [] },
      expected: [{ rule: 'empty-messages', path: 'messages' }],
    },
    {
      name: 'rejects a first message from the assistant',
      request: { ...VALID, messages: [assistant('hello'), user('hi')] },
      expected: [{ rule: 'first-message-not-user', path: 'messages.0.role' }],
    },
    {
      name: 'rejects two user messages in a row',
      request: { ...VALID, messages: [user('a'), user('b')] },
      expected: [{ rule: 'roles-not-alternating', path: 'messages.1.role' }],
    },
    {
      name: 'rejects a message with no content',
      request: { ...VALID, messages: [user('a'), { role: 'assistant', content: [] }, user('b')] },
      expected: [{ rule: 'empty-content', path: 'messages.1.content' }],
    },
    {
      name: 'rejects a blank text block',
      request: { ...VALID, messages: [user(' \n ')] },
      expected: [{ rule: 'empty-text', path: 'messages.0.content.0' }],
    },
    {
      name: 'rejects a blank system text',
      request: { ...VALID, system: [{ type: 'text', text: '' }] },
      expected: [{ rule: 'empty-text', path: 'system.0' }],
    },
    {
      name: 'rejects an unknown block type',
      request: { ...VALID, messages: [{ role: 'user', content: [{ type: 'image' }] } as unknown as PromptMessage] },
      expected: [{ rule: 'unknown-block-type', path: 'messages.0.content.0' }],
    },
    {
      name: 'rejects a tool call in a user message',
      request: {
        ...VALID,
        messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'x', name: 'get_weather', input: {} }] }],
      },
      expected: [{ rule: 'tool-use-in-user-message', path: 'messages.0.content.0' }],
    },
    {
      name: 'rejects a tool result in an assistant message',
      request: {
        ...VALID,
        messages: [user('a'), {
          role: 'assistant',
          content: [{ type: 'tool_result', toolUseId: 'x', text: 'r', status: 'success' }],
        }],
      },
      expected: [{ rule: 'tool-result-in-assistant-message', path: 'messages.1.content.0' }, {
        rule: 'tool-result-without-use',
        path: 'messages.1.content.0',
      }],
    },
    {
      name: 'rejects a tool call whose result is missing from the next message',
      request: { ...VALID, messages: [user('a'), calls('x', 'y'), results('x')] },
      expected: [{ rule: 'tool-use-without-result', path: 'messages.2.content' }],
    },
    {
      name: 'rejects a tool call in the last message',
      request: { ...VALID, messages: [user('a'), calls('x')] },
      expected: [{ rule: 'tool-use-without-result', path: 'messages.1.content' }],
    },
    {
      name: 'rejects a result answered one turn too late',
      request: { ...VALID, messages: [user('a'), calls('x'), user('b'), assistant('c'), results('x')] },
      expected: [{ rule: 'tool-use-without-result', path: 'messages.2.content' }, {
        rule: 'tool-result-without-use',
        path: 'messages.4.content.0',
      }],
    },
    {
      name: 'rejects a result with no call before it',
      request: { ...VALID, messages: [user('a'), assistant('b'), results('x')] },
      expected: [{ rule: 'tool-result-without-use', path: 'messages.2.content.0' }],
    },
    {
      name: 'rejects two results for one call',
      request: { ...VALID, messages: [user('a'), calls('x'), results('x', 'x')] },
      expected: [{ rule: 'duplicate-tool-result', path: 'messages.2.content.1' }],
    },
    {
      name: 'rejects a tool-use id used twice',
      request: { ...VALID, messages: [user('a'), calls('x'), results('x'), calls('x'), results('x')] },
      expected: [{ rule: 'duplicate-tool-use-id', path: 'messages.3.content.0.id' }],
    },
    {
      name: 'rejects text before a tool result',
      request: {
        ...VALID,
        messages: [user('a'), calls('x'), {
          role: 'user',
          content: [{ type: 'text', text: 'here' }, {
            type: 'tool_result',
            toolUseId: 'x',
            text: 'r',
            status: 'success',
          }],
        }],
      },
      expected: [{ rule: 'tool-result-after-text', path: 'messages.2.content.1' }],
    },
    {
      name: 'rejects an empty error result',
      request: {
        ...VALID,
        messages: [user('a'), calls('x'), {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'x', text: '', status: 'error' }],
        }],
      },
      expected: [{ rule: 'empty-error-tool-result', path: 'messages.2.content.0' }],
    },
    {
      name: 'rejects a malformed tool-use id',
      request: { ...VALID, messages: [user('a'), calls('bad id!'), results('bad id!')] },
      expected: [{ rule: 'invalid-tool-use-id', path: 'messages.1.content.0.id' }, {
        rule: 'invalid-tool-use-id',
        path: 'messages.2.content.0.toolUseId',
      }],
    },
    {
      name: 'rejects a tool input that is not an object',
      request: {
        ...VALID,
        messages: [user('a'), {
          role: 'assistant',
          content: [{
            type: 'tool_use',
            id: 'x',
            name: 'get_weather',
            input: [1] as unknown as Record<string, unknown>,
          }],
        }, results('x')],
      },
      expected: [{ rule: 'invalid-tool-input', path: 'messages.1.content.0.input' }],
    },
    {
      name: 'rejects tool blocks with no tools',
      request: { ...VALID, tools: [], toolChoice: { type: 'auto' }, messages: [user('a'), calls('x'), results('x')] },
      expected: [{ rule: 'tool-blocks-without-tools', path: 'tools' }],
    },
    {
      name: 'rejects a bad tool name',
      request: { ...VALID, tools: [{ ...WEATHER, name: 'get weather' }] },
      expected: [{ rule: 'invalid-tool-name', path: 'tools.0.name' }],
    },
    {
      name: 'rejects a bad tool name in a call',
      request: {
        ...VALID,
        messages: [user('a'), {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'x', name: 'x'.repeat(65), input: {} }],
        }, results('x')],
      },
      expected: [{ rule: 'invalid-tool-name', path: 'messages.1.content.0.name' }],
    },
    {
      name: 'rejects duplicate tool names',
      request: { ...VALID, tools: [WEATHER, WEATHER] },
      expected: [{ rule: 'duplicate-tool-name', path: 'tools.1.name' }],
    },
    {
      name: 'rejects an empty tool description',
      request: { ...VALID, tools: [{ ...WEATHER, description: ' ' }] },
      expected: [{ rule: 'empty-tool-description', path: 'tools.0.description' }],
    },
    {
      name: 'rejects an input schema without top-level type object',
      request: { ...VALID, tools: [{ ...WEATHER, inputSchema: { type: 'array' } }] },
      expected: [{ rule: 'invalid-input-schema', path: 'tools.0.inputSchema' }],
    },
    {
      name: 'rejects a tool choice naming an unknown tool',
      request: { ...VALID, toolChoice: { type: 'tool', name: 'get_news' } },
      expected: [{ rule: 'unknown-tool-choice', path: 'toolChoice.name' }],
    },
    {
      name: 'rejects a forced tool choice with no tools',
      request: { ...VALID, tools: [], toolChoice: { type: 'any' }, messages: [user('a')] },
      expected: [{ rule: 'tool-choice-without-tools', path: 'toolChoice' }],
    },
    {
      name: 'rejects a fifth cache point',
      request: {
        ...VALID,
        messages: [{
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            FIVE,
            { type: 'text', text: 'b' },
            FIVE,
            { type: 'text', text: 'c' },
            FIVE,
          ],
        }],
      },
      expected: [{ rule: 'too-many-cache-points', path: 'messages.0.content.5' }],
    },
    {
      name: 'rejects an unknown TTL',
      request: {
        ...VALID,
        system: [{ type: 'text', text: 's' }, { type: 'cache_point', ttl: '10m' } as unknown as CachePoint],
      },
      expected: [{ rule: 'invalid-cache-ttl', path: 'system.1' }],
    },
    {
      name: 'rejects a 1h point after a 5m point',
      request: { ...VALID, tools: [WEATHER, TIME, FIVE] },
      expected: [{ rule: 'cache-ttl-increasing', path: 'system.1' }],
    },
    {
      name: 'rejects a 1h TTL on a model without it',
      request: { ...VALID, tools: [WEATHER, TIME], system: [{ type: 'text', text: 's' }, HOUR] },
      facts: NO_ONE_HOUR,
      expected: [{ rule: 'one-hour-ttl-unsupported', path: 'system.1' }],
    },
    {
      name: 'rejects a cache point first in its section',
      request: { ...VALID, system: [HOUR, { type: 'text', text: 's' }] },
      expected: [{ rule: 'cache-point-first-in-section', path: 'system.0' }],
    },
    {
      name: 'rejects a message of cache points only',
      request: { ...VALID, tools: [WEATHER, TIME], messages: [...messages, { role: 'assistant', content: [FIVE] }] },
      expected: [{ rule: 'empty-content', path: 'messages.5.content' }, {
        rule: 'cache-point-first-in-section',
        path: 'messages.5.content.0',
      }],
    },
    {
      name: 'rejects two adjacent cache points',
      request: { ...VALID, tools: [WEATHER, TIME], system: [{ type: 'text', text: 's' }, HOUR, HOUR] },
      expected: [{ rule: 'adjacent-cache-points', path: 'system.2' }],
    },
    {
      name: 'rejects input plus maxTokens over the context window',
      request: { ...VALID, maxTokens: 200_000 },
      expected: [{ rule: 'over-context-window', path: '' }],
    },
    {
      name: 'rejects input over the configured cap',
      request: VALID,
      options: { maxInputTokens: 100 },
      expected: [{ rule: 'over-input-cap', path: '' }],
    },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(rulesOf(c.request, c.facts ?? FACTS, c.options ?? {}), c.expected));
  }

  it('gives a message a person can act on', () => {
    const result = checkPromptRequest({ ...VALID, messages: [user('a'), calls('tooluse_x', 'tooluse_y')] }, FACTS);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.problems[0]?.message ?? '', /tooluse_x, tooluse_y/);
    const late = checkPromptRequest({ ...VALID, messages: [user('a'), calls('tooluse_x'), user('b')] }, FACTS);
    if (!late.ok) {
      assert.equal(
        late.problems[0]?.message,
        'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_x',
      );
    }
  });

  it('accepts input exactly at the cap', () => {
    const estimate = estimateRequestTokens(VALID);
    assert.equal(
      checkPromptRequest(VALID, { ...FACTS, contextWindow: estimate + VALID.maxTokens }, { maxInputTokens: estimate })
        .ok,
      true,
    );
  });
});
