// Runs inside workerd (vitest-pool-workers): the real AWS SDK parses every simulated success and error, with the
// simulator reached as a plain `fetch` function (globalThis.fetch routes its host to it), so nothing leaves workerd.
// Imports name the modules they need: index.ts also re-exports the msw handlers and the node:http loopback server.
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  CountTokensCommand,
  InternalServerException,
  type Message,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { createSimulator } from './create-simulator.ts';
import { CACHE_5M, HAIKU_45, prose, SONNET_45 } from './test-helpers.ts';

const ENDPOINT = 'https://bedrock-simulator.test';
const simulator = createSimulator();
const hello: Message[] = [{ role: 'user', content: [{ text: 'Hello there' }] }];
const toolConfig = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } }] };
const originalFetch = globalThis.fetch;
let client: BedrockRuntimeClient;
/** Every URL the SDK fetched during the current test. */
let fetched: string[] = [];

/** Sends the simulator's host to `simulator.fetch`; any other URL is refused, so a stray call fails the test. */
const routeToSimulator: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  fetched.push(request.url);
  if (new URL(request.url).origin !== ENDPOINT) {
    throw new TypeError(`test fetch refuses ${request.url}: only ${ENDPOINT} is served`);
  }
  return simulator.fetch(request);
};

async function collect(
  stream: AsyncIterable<ConverseStreamOutput> | undefined,
  seen: ConverseStreamOutput[] = [],
): Promise<ConverseStreamOutput[]> {
  for await (const event of stream ?? []) seen.push(event);
  return seen;
}

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('simulator in workerd through the AWS SDK', () => {
  beforeEach(() => {
    simulator.reset();
    fetched = [];
    globalThis.fetch = routeToSimulator;
    client = createBedrockClient({ region: 'us-east-1', endpoint: ENDPOINT, maxAttempts: 1 });
  });
  afterEach(() => {
    client.destroy();
    globalThis.fetch = originalFetch;
  });

  it('parses a scripted text reply with usage, and the log holds the exact body sent', async () => {
    simulator.script.enqueue({ text: 'Scripted answer from workerd.' });
    const output = await client.send(
      new ConverseCommand({ modelId: SONNET_45, messages: hello, inferenceConfig: { maxTokens: 100 } }),
    );
    expect(output.output?.message).toEqual({ role: 'assistant', content: [{ text: 'Scripted answer from workerd.' }] });
    expect(output.stopReason).toBe('end_turn');
    // 'Hello' 2 + 'there' 2 + message overhead 4.
    expect(output.usage).toMatchObject({ inputTokens: 8, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 });
    expect(output.usage?.outputTokens).toBeGreaterThan(0);
    expect(output.usage?.totalTokens).toBe((output.usage?.inputTokens ?? 0) + (output.usage?.outputTokens ?? 0));
    expect(output.$metadata.requestId).toBe(simulator.log.last()?.requestId);
    expect(simulator.log.last()).toMatchObject({
      modelId: SONNET_45,
      status: 200,
      request: { messages: hello, inferenceConfig: { maxTokens: 100 } },
    });
    expect(fetched).toEqual([`${ENDPOINT}/model/${encodeURIComponent(SONNET_45)}/converse`]);
  });

  it('answers a generated reply within maxTokens when nothing is scripted', async () => {
    const output = await client.send(
      new ConverseCommand({ modelId: SONNET_45, messages: hello, inferenceConfig: { maxTokens: 20 } }),
    );
    expect(output.output?.message?.content?.[0]?.text).toMatch(/^Simulated reply/);
    expect(output.usage?.outputTokens).toBeLessThanOrEqual(20);
  });

  it('parses a scripted toolUse reply', async () => {
    simulator.script.enqueue({ toolUses: [{ name: 'lookup', input: { query: 'tea' }, id: 'tooluse_abc' }] });
    const output = await client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello, toolConfig }));
    expect(output.output?.message?.content).toEqual([{
      toolUse: { toolUseId: 'tooluse_abc', name: 'lookup', input: { query: 'tea' } },
    }]);
    expect(output.stopReason).toBe('tool_use');
  });

  it('streams text and toolUse deltas that reassemble into the scripted reply', async () => {
    simulator.script.enqueue({
      text: 'A streamed answer that spans several chunks of text.',
      toolUses: [{
        name: 'lookup',
        input: { query: 'green tea', limit: 3, tags: ['loose leaf', 'organic'] },
        id: 'tooluse_stream',
      }],
    });
    const output = await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages: hello, toolConfig }));
    const events = await collect(output.stream);
    const deltas = (index: number) =>
      events.filter((event) => event.contentBlockDelta?.contentBlockIndex === index).map((event) =>
        event.contentBlockDelta?.delta
      );
    expect(deltas(0).map((delta) => delta?.text ?? '').join('')).toBe(
      'A streamed answer that spans several chunks of text.',
    );
    const toolDeltas = deltas(1).map((delta) => delta?.toolUse?.input ?? '');
    expect(toolDeltas.length).toBeGreaterThan(1);
    expect(JSON.parse(toolDeltas.join(''))).toEqual({ query: 'green tea', limit: 3, tags: ['loose leaf', 'organic'] });
    expect(events[0]?.messageStart?.role).toBe('assistant');
    expect(events.find((event) => event.contentBlockStart)?.contentBlockStart).toEqual({
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: 'tooluse_stream', name: 'lookup' } },
    });
    expect(events.at(-2)?.messageStop?.stopReason).toBe('tool_use');
    expect(events.at(-1)?.metadata?.usage?.outputTokens).toBeGreaterThan(0);
    expect(events.at(-1)?.metadata?.usage?.totalTokens).toBe(simulator.log.last()?.usage?.totalTokens);
  });

  it('counts tokens', async () => {
    const output = await client.send(
      new CountTokensCommand({
        modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
        input: { converse: { messages: hello } },
      }),
    );
    expect(output.inputTokens).toBe(8);
  });

  it('writes a cache entry on the first request and reads it on an identical second one', async () => {
    // prose(1200) is about 1,800 tokens: above Sonnet 4.5's 1,024-token minimum.
    const request = { modelId: SONNET_45, system: [{ text: prose(1200) }, CACHE_5M], messages: hello };
    const write = await client.send(new ConverseCommand(request));
    const read = await client.send(new ConverseCommand(request));
    const written = write.usage?.cacheWriteInputTokens ?? 0;
    expect(written).toBeGreaterThan(1024);
    expect(write.usage).toMatchObject({ cacheReadInputTokens: 0, cacheDetails: [{ ttl: '5m', inputTokens: written }] });
    expect(read.usage).toMatchObject({
      cacheReadInputTokens: written,
      cacheWriteInputTokens: 0,
      inputTokens: write.usage?.inputTokens,
    });
    expect(read.usage?.cacheDetails).toBeUndefined();
    expect(read.usage?.totalTokens).toBe((read.usage?.inputTokens ?? 0) + written + (read.usage?.outputTokens ?? 0));
  });

  it('caches nothing below the model minimum, and fails nothing', async () => {
    // prose(1500) is about 2,250 tokens: above Sonnet's 1,024 but below Haiku 4.5's 4,096-token minimum.
    const request = { modelId: HAIKU_45, system: [{ text: prose(1500) }, CACHE_5M], messages: hello };
    const first = await client.send(new ConverseCommand(request));
    const second = await client.send(new ConverseCommand(request));
    for (const output of [first, second]) {
      expect(output.usage).toMatchObject({ cacheReadInputTokens: 0, cacheWriteInputTokens: 0 });
      expect(output.usage?.cacheDetails).toBeUndefined();
    }
    expect(second.usage?.inputTokens).toBeGreaterThan(2000);
    expect(second.usage?.inputTokens).toBeLessThan(4096);
  });

  it('throws ValidationException with Bedrock message for a history starting with the assistant', async () => {
    const messages: Message[] = [{ role: 'assistant', content: [{ text: 'Hi' }] }, ...hello];
    const error = await rejection(client.send(new ConverseCommand({ modelId: SONNET_45, messages })));
    expect(error).toBeInstanceOf(ValidationException);
    expect((error as ValidationException).message).toBe(
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
    expect((error as ValidationException).$metadata.httpStatusCode).toBe(400);
  });

  it('throws ValidationException with Bedrock message for a toolUse without its toolResult', async () => {
    const messages: Message[] = [
      ...hello,
      {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'lookup', input: {} } }, {
          toolUse: { toolUseId: 'tooluse_2', name: 'lookup', input: {} },
        }],
      },
      { role: 'user', content: [{ text: 'never mind' }] },
    ];
    const error = await rejection(client.send(new ConverseCommand({ modelId: SONNET_45, messages, toolConfig })));
    expect(error).toBeInstanceOf(ValidationException);
    expect((error as ValidationException).message).toBe(
      'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_1, tooluse_2',
    );
  });

  const faults = [
    {
      fault: { kind: 'throttling' },
      type: ThrottlingException,
      status: 429,
      message: 'Too many tokens, please wait before trying again.',
    },
    {
      fault: { kind: 'unavailable' },
      type: ServiceUnavailableException,
      status: 503,
      message: 'Bedrock is unable to process your request.',
    },
    {
      fault: { kind: 'timeout' },
      type: ModelTimeoutException,
      status: 408,
      message: 'Model has timed out in processing the request. Try your request again.',
    },
    {
      fault: { kind: 'internal' },
      type: InternalServerException,
      status: 500,
      message: 'The server encountered an internal error while processing the request.',
    },
  ] as const;
  for (const { fault, type, status, message } of faults) {
    it(`throws ${type.name} for an injected ${fault.kind} fault, after one attempt`, async () => {
      simulator.faults.inject(fault);
      const error = await rejection(client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello })));
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ name: type.name, message, $metadata: { httpStatusCode: status, attempts: 1 } });
      expect(simulator.log.entries()).toHaveLength(1);
    });
  }

  it('throws a mid-stream exception frame from the for-await loop after the events already yielded', async () => {
    simulator.script.enqueue({ text: 'Partial answer before the failure happens, long enough for several deltas.' });
    simulator.faults.inject({ kind: 'stream-exception', afterFrames: 3, exceptionType: 'throttlingException' });
    const output = await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages: hello }));
    const seen: ConverseStreamOutput[] = [];
    const error = await rejection(collect(output.stream, seen));
    expect(error).toBeInstanceOf(ThrottlingException);
    expect((error as ThrottlingException).message).toBe('Too many tokens, please wait before trying again.');
    expect(seen).toHaveLength(3);
    expect(seen[0]?.messageStart?.role).toBe('assistant');
    expect(seen.slice(1).map((event) => event.contentBlockDelta?.delta?.text)).toEqual([
      'Partial answer before th',
      'e failure happens, long ',
    ]);
  });

  it('sends a prompt-too-long rejection as an in-stream validationException', async () => {
    const messages: Message[] = [{ role: 'user', content: [{ text: prose(140_000) }] }];
    // The SDK reads the first frame before `send` resolves, so an exception in frame 0 rejects `send` itself.
    const error = await rejection(
      (async () => collect((await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages }))).stream))(),
    );
    expect(error).toBeInstanceOf(ValidationException);
    expect((error as ValidationException).message).toMatch(
      /^The model returned the following errors: prompt is too long: \d+ tokens > 200000 maximum$/,
    );
  });
});
