// Every validation rule, table-driven, with Bedrock's exact messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lookupModelFacts } from './model-table.ts';
import { CACHE_1H, CACHE_5M, HAIKU_35, prose, SONNET_45, toolSpec, userText } from './test-helpers.ts';
import { validateConverse } from './validate-converse.ts';

const TOOLS = { tools: [toolSpec('lookup')] };
const use = (id: string, name = 'lookup') => ({ toolUse: { toolUseId: id, name, input: {} } });
const result = (id: string, extra: Record<string, unknown> = {}) => ({
  toolResult: { toolUseId: id, content: [{ text: 'ok' }], ...extra },
});
const assistant = (...content: unknown[]) => ({ role: 'assistant', content });
const user = (...content: unknown[]) => ({ role: 'user', content });
const MODEL = 'The model returned the following errors: ';

const cases: { name: string; body: unknown; message: string; model?: string }[] = [
  {
    name: 'empty messages',
    body: { messages: [] },
    message:
      "1 validation error detected: Value at 'messages' failed to satisfy constraint: Member must have length greater than or equal to 1",
  },
  {
    name: 'first message from the assistant',
    body: { messages: [assistant({ text: 'hi' }), userText('yo')] },
    message:
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
  },
  {
    name: 'roles not alternating',
    body: { messages: [userText('a'), userText('b')] },
    message:
      'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
  },
  {
    name: 'bad role',
    body: { messages: [{ role: 'system', content: [{ text: 'x' }] }] },
    message:
      "1 validation error detected: Value 'system' at 'messages.1.member.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]",
  },
  {
    name: 'empty content',
    body: { messages: [{ role: 'user', content: [] }] },
    message:
      'The content field in the Message object at messages.0 is empty. Add a ContentBlock object to the content field and try again.',
  },
  {
    name: 'blank text',
    body: { messages: [user({ text: 'a' }, { text: '  ' })] },
    message:
      'The text field in the ContentBlock object at messages.0.content.1 is blank. Add text to the text field, and try again.',
  },
  {
    name: 'blank system text',
    body: { system: [{ text: '' }], messages: [userText('a')] },
    message:
      'The text field in the SystemContentBlock object at system.0 is blank. Add text to the text field, and try again.',
  },
  {
    name: 'block with two keys',
    body: { messages: [user({ text: 'a', cachePoint: { type: 'default' } })] },
    message:
      'The ContentBlock object at messages.0.content.0 must set exactly one member (text, toolUse, toolResult, cachePoint, …); found text, cachePoint.',
  },
  {
    name: 'block with no key',
    body: { messages: [user({})] },
    message:
      'The ContentBlock object at messages.0.content.0 must set exactly one member (text, toolUse, toolResult, cachePoint, …); found none.',
  },
  {
    name: 'toolUse without toolResults for all ids',
    body: { toolConfig: TOOLS, messages: [userText('a'), assistant(use('t1'), use('t2')), user(result('t1'))] },
    message: 'Expected toolResult blocks at messages.2.content for the following Ids: t2',
  },
  {
    name: 'toolUse as the last message',
    body: { toolConfig: TOOLS, messages: [userText('a'), assistant({ text: 'let me look' }, use('t1'))] },
    message: 'Expected toolResult blocks at messages.2.content for the following Ids: t1',
  },
  {
    name: 'more toolResults than toolUses',
    body: { toolConfig: TOOLS, messages: [userText('a'), assistant(use('t1')), user(result('t1'), result('t9'))] },
    message:
      'The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of previous turn.',
  },
  {
    name: 'toolResult after a plain assistant turn',
    body: { toolConfig: TOOLS, messages: [userText('a'), assistant({ text: 'b' }), user(result('t1'))] },
    message:
      'The number of toolResult blocks at messages.2.content exceeds the number of toolUse blocks of previous turn.',
  },
  {
    name: 'tool blocks without toolConfig',
    body: { messages: [userText('a'), assistant(use('t1')), user(result('t1'))] },
    message: 'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
  },
  {
    name: 'empty error toolResult',
    body: {
      toolConfig: TOOLS,
      messages: [
        userText('a'),
        assistant(use('t1')),
        user({ toolResult: { toolUseId: 't1', content: [], status: 'error' } }),
      ],
    },
    message: 'The content field at messages.2.content.0.toolResult cannot be empty when status value is error.',
  },
  {
    name: 'bad tool name',
    body: { toolConfig: { tools: [toolSpec('ok'), toolSpec('bad name')] }, messages: [userText('a')] },
    message:
      "1 validation error detected: Value 'bad name' at 'toolConfig.tools.2.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
  },
  {
    name: 'tool name over 64 characters',
    body: { toolConfig: { tools: [toolSpec('x'.repeat(65))] }, messages: [userText('a')] },
    message: `1 validation error detected: Value '${
      'x'.repeat(65)
    }' at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must have length less than or equal to 64`,
  },
  {
    name: 'bad toolUse id and name',
    body: { toolConfig: TOOLS, messages: [userText('a'), assistant(use('id.1', 'a.b')), user(result('id.1'))] },
    message:
      "3 validation errors detected: Value at 'messages.2.member.content.1.member.toolUse.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+; " +
      "Value at 'messages.2.member.content.1.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+; " +
      "Value at 'messages.3.member.content.1.member.toolResult.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
  },
  {
    name: 'duplicate tool names',
    body: { toolConfig: { tools: [toolSpec('a'), toolSpec('a')] }, messages: [userText('a')] },
    message: `${MODEL}tools: Tool names must be unique.`,
  },
  {
    name: 'schema without top-level type object',
    body: {
      toolConfig: { tools: [toolSpec('a'), { toolSpec: { name: 'b', inputSchema: { json: { type: 'string' } } } }] },
      messages: [userText('a')],
    },
    message: 'The value at toolConfig.tools.1.toolSpec.inputSchema.json.type must be one of the following: object.',
  },
  {
    name: 'toolChoice naming an unknown tool',
    body: { toolConfig: { ...TOOLS, toolChoice: { tool: { name: 'missing' } } }, messages: [userText('a')] },
    message:
      `${MODEL}tool_choice.name: Tool 'missing' not found in tools. Choose one of the tools listed in toolConfig.tools.`,
  },
  {
    name: 'five cache points',
    body: {
      toolConfig: { tools: [toolSpec('a'), CACHE_5M] },
      system: [{ text: 's' }, CACHE_5M],
      messages: [user({ text: 'a' }, CACHE_5M, { text: 'b' }, CACHE_5M, { text: 'c' }, CACHE_5M)],
    },
    message: `${MODEL}A maximum of 4 blocks with cache_control may be provided. Found 5.`,
  },
  {
    name: '1h checkpoint after a 5m one',
    body: { system: [{ text: 's' }, CACHE_5M], messages: [user({ text: 'a' }, CACHE_1H)] },
    message:
      `${MODEL}messages.0.content.1.cachePoint.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: \`tools\`, \`system\`, \`messages\`.`,
  },
  {
    name: '1h TTL on a model without it',
    model: HAIKU_35,
    body: { system: [{ text: 's' }, CACHE_1H], messages: [userText('a')] },
    message: `${MODEL}system.1.cachePoint.ttl: ttl='1h' is not supported for this model. Use ttl='5m' or omit ttl.`,
  },
  {
    name: 'cachePoint with a bad ttl',
    body: { system: [{ text: 's' }, { cachePoint: { type: 'default', ttl: '2h' } }], messages: [userText('a')] },
    message:
      "1 validation error detected: Value '2h' at 'system.1.cachePoint.ttl' failed to satisfy constraint: Member must satisfy enum value set: [5m, 1h]",
  },
];

describe('validateConverse', () => {
  for (const { name, body, message, model } of cases) {
    it(`rejects ${name}`, () => {
      const outcome = validateConverse(body, { facts: lookupModelFacts(model ?? SONNET_45) });
      assert.deepEqual(outcome, { ok: false, error: { status: 400, type: 'ValidationException', message } });
    });
  }

  it('rejects input over the context window with its token count', () => {
    const body = { messages: [userText(prose(200_000))] };
    const outcome = validateConverse(body, { facts: lookupModelFacts(SONNET_45) });
    assert.equal(outcome.ok, false);
    if (!outcome.ok) {
      assert.match(
        outcome.error.message,
        /^The model returned the following errors: prompt is too long: \d{6} tokens > 200000 maximum$/,
      );
    }
    assert.equal(validateConverse(body, { facts: lookupModelFacts(SONNET_45), checkContextWindow: false }).ok, true);
  });

  it('accepts a well-formed tool round trip with four cache points and TTLs not increasing', () => {
    const body = {
      toolConfig: { tools: [toolSpec('lookup'), CACHE_1H], toolChoice: { auto: {} } },
      system: [{ text: 'be brief' }, CACHE_1H],
      messages: [
        userText('a'),
        assistant({ text: 'checking' }, use('tooluse_1')),
        user(result('tooluse_1', { status: 'error' }), CACHE_5M),
        assistant({ text: 'done' }),
        user({ text: 'thanks' }, CACHE_5M),
      ],
    };
    const outcome = validateConverse(body, { facts: lookupModelFacts(SONNET_45) });
    assert.equal(outcome.ok, true);
  });

  it('never throws on arbitrary JSON', () => {
    for (
      const body of [null, 3, 'x', [], { messages: 'x' }, { messages: [null] }, {
        messages: [userText('a')],
        toolConfig: { tools: 'x' },
      }, { messages: [userText('a')], system: [3] }]
    ) {
      assert.equal(validateConverse(body, { facts: lookupModelFacts(SONNET_45) }).ok, false);
    }
  });
});
