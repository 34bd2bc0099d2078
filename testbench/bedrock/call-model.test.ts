import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { AppError, type ErrorCode } from '../../src/errors.ts';
import type { PromptRequest } from '../../src/pipeline/types/index.ts';
import {
  FAULT_ERRORS,
  type SimulatorServer,
  startSimulatorServer,
  type StreamExceptionType,
} from '../simulator/index.ts';
import { createModelCaller, type ModelCaller, toBaseModelId } from '../../src/bedrock/call-model.ts';
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { translateBedrockError } from '../../src/bedrock/translate-bedrock-error.ts';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
/** About 1,500 tokens of system text: above Sonnet 4.5's 1,024-token cache minimum. */
const LONG_SYSTEM = Array.from(
  { length: 1100 },
  (_, index) => ['prompt', 'cache', 'window', 'summary', 'budget'][index % 5],
).join(' ');
const LOOKUP = {
  name: 'lookup',
  description: 'Look something up.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

const base: PromptRequest = {
  modelId: MODEL,
  tools: [LOOKUP],
  system: [{ type: 'text', text: LONG_SYSTEM }, { type: 'cache_point', ttl: '5m' }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
  maxTokens: 200,
};

let server: SimulatorServer;
let client: BedrockRuntimeClient;
let models: ModelCaller;

async function rejectsWith(work: Promise<unknown>, code: ErrorCode, bedrockError: string): Promise<void> {
  await assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof AppError, `an AppError (got ${String(error)})`);
    assert.equal(error.code, code);
    assert.equal(error.details?.['bedrockError'], bedrockError);
    return true;
  });
}

describe('createModelCaller', () => {
  before(async () => {
    server = await startSimulatorServer({ port: 0 });
    client = createBedrockClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1 });
    models = createModelCaller(client);
  });
  after(async () => {
    client.destroy();
    await server.close();
  });
  beforeEach(() => server.simulator.reset());

  it('round-trips Converse text and cache usage (write, then read)', async () => {
    server.simulator.script.enqueue({ text: 'Hi!' }, { text: 'Hi again!' });
    const first = await models.converse(base);
    assert.deepEqual(first.content, [{ type: 'text', text: 'Hi!' }]);
    assert.equal(first.stopReason, 'end_turn');
    assert.ok(
      first.usage.cacheWriteInputTokens > 1024,
      `the first call writes the cache (${first.usage.cacheWriteInputTokens})`,
    );
    assert.deepEqual(first.usage.cacheDetails, [{ ttl: '5m', inputTokens: first.usage.cacheWriteInputTokens }]);
    const second = await models.converse(base);
    assert.equal(second.usage.cacheReadInputTokens, first.usage.cacheWriteInputTokens);
    assert.equal(second.usage.cacheWriteInputTokens, 0);
    assert.deepEqual(server.simulator.log.last()?.request, {
      messages: [{ role: 'user', content: [{ text: 'Hello there' }] }],
      system: [{ text: LONG_SYSTEM }, { cachePoint: { type: 'default' } }],
      inferenceConfig: { maxTokens: 200 },
      toolConfig: {
        tools: [{
          toolSpec: { name: 'lookup', description: 'Look something up.', inputSchema: { json: LOOKUP.inputSchema } },
        }],
      },
    });
  });

  it('round-trips a Converse toolUse', async () => {
    server.simulator.script.enqueue({
      text: 'Let me look.',
      toolUses: [{ name: 'lookup', input: { query: 'milk' }, id: 'tooluse_abc' }],
    });
    const reply = await models.converse(base);
    assert.deepEqual(reply.content, [{ type: 'text', text: 'Let me look.' }, {
      type: 'tool_use',
      id: 'tooluse_abc',
      name: 'lookup',
      input: { query: 'milk' },
    }]);
    assert.equal(reply.stopReason, 'tool_use');
  });

  it('collects a ConverseStream reply, forwarding the text deltas in order', async () => {
    const text = 'A streamed answer that arrives in more than one delta.';
    server.simulator.script.enqueue({
      text,
      toolUses: [{ name: 'lookup', input: { query: 'a longer query than one chunk' }, id: 'tooluse_s1' }, {
        name: 'lookup',
        input: {},
        id: 'tooluse_s2',
      }],
    });
    const deltas: string[] = [];
    const reply = await models.converseStream(base, { onText: (delta) => deltas.push(delta) });
    assert.ok(deltas.length > 1, 'several deltas');
    assert.equal(deltas.join(''), text);
    assert.deepEqual(reply.content, [
      { type: 'text', text },
      { type: 'tool_use', id: 'tooluse_s1', name: 'lookup', input: { query: 'a longer query than one chunk' } },
      { type: 'tool_use', id: 'tooluse_s2', name: 'lookup', input: {} },
    ]);
    assert.equal(reply.stopReason, 'tool_use');
    assert.ok(reply.usage.cacheWriteInputTokens > 0, 'the stream reports usage with cache fields');
    const sent = server.simulator.log.last()?.usage;
    assert.deepEqual(reply.usage, {
      inputTokens: sent?.inputTokens,
      outputTokens: sent?.outputTokens,
      cacheReadInputTokens: sent?.cacheReadInputTokens,
      cacheWriteInputTokens: sent?.cacheWriteInputTokens,
      cacheDetails: sent?.cacheDetails,
    });
  });

  it('counts tokens with the base model id', async () => {
    const counted = await models.countTokens(base);
    const entry = server.simulator.log.last();
    assert.equal(entry?.operation, 'count-tokens');
    assert.equal(entry?.modelId, 'anthropic.claude-sonnet-4-5-20250929-v1:0');
    assert.ok(counted > 1000, `the long system prompt is counted (${counted})`);
    assert.equal(
      toBaseModelId('global.anthropic.claude-haiku-4-5-20251001-v1:0'),
      'anthropic.claude-haiku-4-5-20251001-v1:0',
    );
  });

  const httpCases: readonly [
    string,
    Parameters<SimulatorServer['simulator']['faults']['inject']>[0],
    ErrorCode,
    string,
  ][] = [
    [
      '400',
      {
        kind: 'error',
        error: { status: 400, type: 'ValidationException', message: 'A conversation must start with a user message.' },
      },
      'model_rejected',
      'ValidationException',
    ],
    [
      '403',
      { kind: 'error', error: { status: 403, type: 'AccessDeniedException', message: 'You do not have access.' } },
      'model_access_denied',
      'AccessDeniedException',
    ],
    ['408', { kind: 'timeout' }, 'model_timeout', 'ModelTimeoutException'],
    ['429', { kind: 'throttling' }, 'model_throttled', 'ThrottlingException'],
    ['503', { kind: 'unavailable' }, 'model_unavailable', 'ServiceUnavailableException'],
  ];
  for (const [status, fault, code, name] of httpCases) {
    it(`translates HTTP ${status} to ${code} on Converse and ConverseStream`, async () => {
      server.simulator.faults.inject(fault, { times: 2 });
      await rejectsWith(models.converse(base), code, name);
      await rejectsWith(models.converseStream(base), code, name);
    });
  }

  it('keeps the HTTP status and the Bedrock message', async () => {
    server.simulator.faults.inject({ kind: 'throttling' });
    await assert.rejects(models.converse(base), (error: unknown) => {
      assert.ok(error instanceof AppError, 'an AppError');
      assert.equal(error.details?.['httpStatus'], 429);
      assert.match(error.message, new RegExp(FAULT_ERRORS.throttling.message));
      return true;
    });
  });

  const streamCases: readonly [StreamExceptionType, ErrorCode, string][] = [
    ['throttlingException', 'model_throttled', 'ThrottlingException'],
    ['validationException', 'model_rejected', 'ValidationException'],
    ['serviceUnavailableException', 'model_unavailable', 'ServiceUnavailableException'],
    ['modelStreamErrorException', 'model_error', 'ModelStreamErrorException'],
    ['internalServerException', 'model_unavailable', 'InternalServerException'],
  ];
  for (const [exceptionType, code, name] of streamCases) {
    it(`translates a mid-stream ${exceptionType} frame to ${code}, after the deltas already sent`, async () => {
      server.simulator.script.enqueue({ text: 'Partial answer that streams for a while before failing.' });
      server.simulator.faults.inject({ kind: 'stream-exception', afterFrames: 3, exceptionType });
      const deltas: string[] = [];
      await rejectsWith(models.converseStream(base, { onText: (delta) => deltas.push(delta) }), code, name);
      assert.ok(deltas.length >= 1, 'the deltas before the exception were forwarded');
    });
  }

  it('turns a stream cut before messageStop into model_unavailable', async () => {
    server.simulator.script.enqueue({ text: 'This answer is cut off in the middle of the stream.' });
    server.simulator.faults.inject({ kind: 'stream-cut', afterFrames: 2 });
    await assert.rejects(
      models.converseStream(base),
      (error: unknown) => error instanceof AppError && error.code === 'model_unavailable',
    );
  });

  it('turns an abort into an AppError, not a raw SDK error', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      models.converse(base, { signal: controller.signal }),
      (error: unknown) => error instanceof AppError,
    );
  });
});

describe('translateBedrockError', () => {
  const cases: readonly [string, string][] = [
    [
      'messages.0.content.0.text: invalid text "alice-private: quoted back"',
      'messages.0.content.0.text: invalid text "…"',
    ],
    [
      "tool_choice.name: Tool 'x' not found. The model's tools are listed.",
      'tool_choice.name: Tool "…" not found. The model\'s tools are listed.',
    ],
    ['an unterminated quote "runs to the end', 'an unterminated quote "…"'],
    ['prompt is too long: 200049 tokens > 200000 maximum', 'prompt is too long: 200049 tokens > 200000 maximum'],
  ];
  for (const [raw, kept] of cases) {
    it(`redacts quoted text: ${kept}`, () => {
      const error = Object.assign(new Error(raw), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
      const translated = translateBedrockError(error);
      assert.equal(translated.message, `Bedrock ValidationException: ${kept}`);
      assert.equal(translated.code, 'model_rejected');
      assert.equal(translated.cause, error);
    });
  }

  it('caps a long message', () => {
    assert.ok(translateBedrockError(new Error('x'.repeat(1000))).message.length < 260, 'the message is capped');
  });
});
