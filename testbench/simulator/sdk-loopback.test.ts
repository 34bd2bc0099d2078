// The real AWS SDK against the loopback server: every success and error parses into the SDK's own types.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  CountTokensCommand,
  type Message,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { type SimulatorServer, startSimulatorServer } from './start-simulator-server.ts';
import { CACHE_5M, prose, SONNET_45 } from './test-helpers.ts';

let server: SimulatorServer;
let client: BedrockRuntimeClient;
const hello: Message[] = [{ role: 'user', content: [{ text: 'Hello there' }] }];

async function collect(stream: AsyncIterable<ConverseStreamOutput> | undefined): Promise<ConverseStreamOutput[]> {
  const events: ConverseStreamOutput[] = [];
  for await (const event of stream ?? []) events.push(event);
  return events;
}

describe('simulator through the AWS SDK on a loopback port', () => {
  before(async () => {
    server = await startSimulatorServer({ port: 0 });
    client = createBedrockClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1 });
  });
  after(async () => {
    client.destroy();
    await server.close();
  });
  beforeEach(() => server.simulator.reset());

  it('parses a scripted text reply with usage and the request id', async () => {
    server.simulator.script.enqueue({ text: 'Scripted answer.' });
    const output = await client.send(
      new ConverseCommand({ modelId: SONNET_45, messages: hello, inferenceConfig: { maxTokens: 100 } }),
    );
    assert.deepEqual(output.output?.message, { role: 'assistant', content: [{ text: 'Scripted answer.' }] });
    assert.equal(output.stopReason, 'end_turn');
    assert.equal(output.usage?.cacheReadInputTokens, 0);
    assert.equal(output.usage?.totalTokens, (output.usage?.inputTokens ?? 0) + (output.usage?.outputTokens ?? 0));
    assert.equal(output.$metadata.requestId, server.simulator.log.last()?.requestId);
    assert.equal(server.simulator.log.last()?.modelId, SONNET_45);
  });

  it('reports cache writes then reads, with cacheDetails', async () => {
    const request = { modelId: SONNET_45, system: [{ text: prose(1200) }, CACHE_5M], messages: hello };
    const first = await client.send(new ConverseCommand(request));
    const second = await client.send(new ConverseCommand(request));
    assert.ok((first.usage?.cacheWriteInputTokens ?? 0) > 1024, '(first.usage?.cacheWriteInputTokens ?? 0) > 1024');
    assert.deepEqual(first.usage?.cacheDetails, [{ ttl: '5m', inputTokens: first.usage?.cacheWriteInputTokens }]);
    assert.equal(second.usage?.cacheReadInputTokens, first.usage?.cacheWriteInputTokens);
    assert.equal(second.usage?.cacheWriteInputTokens, 0);
    assert.equal(second.usage?.cacheDetails, undefined);
  });

  it('parses a toolUse reply', async () => {
    server.simulator.script.enqueue({ toolUses: [{ name: 'lookup', input: { query: 'tea' }, id: 'tooluse_abc' }] });
    const toolConfig = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } }] };
    const output = await client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello, toolConfig }));
    assert.deepEqual(output.output?.message?.content, [{
      toolUse: { toolUseId: 'tooluse_abc', name: 'lookup', input: { query: 'tea' } },
    }]);
    assert.equal(output.stopReason, 'tool_use');
  });

  it('streams text and toolUse deltas and the metadata', async () => {
    server.simulator.script.enqueue({
      text: 'A streamed answer that spans several chunks of text.',
      toolUses: [{ name: 'lookup', input: { query: 'green tea', limit: 3 } }],
    });
    const toolConfig = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } }] };
    const output = await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages: hello, toolConfig }));
    const events = await collect(output.stream);
    const text = events.flatMap((
      event,
    ) => (event.contentBlockDelta?.contentBlockIndex === 0 ? [event.contentBlockDelta.delta?.text ?? ''] : [])).join(
      '',
    );
    const json = events.flatMap((
      event,
    ) => (event.contentBlockDelta?.contentBlockIndex === 1
      ? [event.contentBlockDelta.delta?.toolUse?.input ?? '']
      : [])
    ).join('');
    assert.equal(text, 'A streamed answer that spans several chunks of text.');
    assert.deepEqual(JSON.parse(json), { query: 'green tea', limit: 3 });
    assert.ok(
      events.filter((event) => event.contentBlockDelta !== undefined).length > 3,
      'events.filter((event) => event.contentBlockDelta !== undefined).length > 3',
    );
    assert.equal(events[0]?.messageStart?.role, 'assistant');
    assert.equal(events.find((event) => event.contentBlockStart)?.contentBlockStart?.start?.toolUse?.name, 'lookup');
    assert.equal(events.at(-2)?.messageStop?.stopReason, 'tool_use');
    assert.ok(
      (events.at(-1)?.metadata?.usage?.outputTokens ?? 0) > 0,
      '(events.at(-1)?.metadata?.usage?.outputTokens ?? 0) > 0',
    );
  });

  it('counts tokens', async () => {
    const output = await client.send(
      new CountTokensCommand({
        modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
        input: { converse: { messages: hello } },
      }),
    );
    // 'Hello' 2 + 'there' 2 + message overhead 4.
    assert.equal(output.inputTokens, 8);
  });

  const errors = [
    {
      fault: { kind: 'throttling' },
      type: ThrottlingException,
      message: 'Too many tokens, please wait before trying again.',
    },
    {
      fault: { kind: 'unavailable' },
      type: ServiceUnavailableException,
      message: 'Bedrock is unable to process your request.',
    },
    {
      fault: { kind: 'timeout' },
      type: ModelTimeoutException,
      message: 'Model has timed out in processing the request. Try your request again.',
    },
  ] as const;
  for (const { fault, type, message } of errors) {
    it(`throws ${type.name} for a ${fault.kind} fault`, async () => {
      server.simulator.faults.inject(fault);
      await assert.rejects(
        client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello })),
        (error: unknown) => error instanceof type && error.message === message,
      );
    });
  }

  it('throws ValidationException with Bedrock message for a history starting with the assistant', async () => {
    const messages: Message[] = [{ role: 'assistant', content: [{ text: 'Hi' }] }, ...hello];
    await assert.rejects(
      client.send(new ConverseCommand({ modelId: SONNET_45, messages })),
      (error: unknown) =>
        error instanceof ValidationException &&
        error.message ===
          'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    );
  });

  it('throws a mid-stream exception from the for-await loop after the events already yielded', async () => {
    server.simulator.script.enqueue({ text: 'Partial answer before the failure happens.' });
    server.simulator.faults.inject({ kind: 'stream-exception', afterFrames: 2, exceptionType: 'throttlingException' });
    const output = await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages: hello }));
    const seen: ConverseStreamOutput[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of output.stream ?? []) seen.push(event);
      })(),
      (error: unknown) =>
        error instanceof ThrottlingException && error.message === 'Too many tokens, please wait before trying again.',
    );
    assert.equal(seen.length, 2);
    assert.ok(seen[0]?.messageStart, 'seen[0]?.messageStart');
  });

  it('sends a prompt-too-long rejection as an in-stream validationException', async () => {
    const messages: Message[] = [{ role: 'user', content: [{ text: prose(140_000) }] }];
    // The SDK reads the first frame before `send` resolves, so an exception in frame 0 rejects `send` itself.
    const run = async () =>
      collect((await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages }))).stream);
    await assert.rejects(
      run(),
      (error: unknown) =>
        error instanceof ValidationException &&
        /^The model returned the following errors: prompt is too long: \d+ tokens > 200000 maximum$/.test(
          error.message,
        ),
    );
  });

  it('ends the iteration without messageStop when the stream is cut', async () => {
    server.simulator.faults.inject({ kind: 'stream-cut', afterFrames: 3 });
    const output = await client.send(new ConverseStreamCommand({ modelId: SONNET_45, messages: hello }));
    const events = await collect(output.stream);
    assert.equal(events.length, 3);
    assert.equal(events.some((event) => event.messageStop !== undefined), false);
  });

  it('is driven by the control routes', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/_simulator/${path}`, { method: 'POST', body: JSON.stringify(body) });
    assert.equal((await post('script', { items: [{ text: 'From the control route.' }] })).status, 200);
    assert.equal((await post('clock/advance', { ms: 1000 })).status, 200);
    const output = await client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello }));
    assert.equal(output.output?.message?.content?.[0]?.text, 'From the control route.');
    const log = (await (await fetch(`${server.url}/_simulator/log`)).json()) as {
      entries: { at: number; request: unknown }[];
    };
    assert.deepEqual(log.entries[0]?.request, { messages: hello });
    assert.equal(log.entries[0]?.at, server.simulator.clock.now());
    await post('faults', { fault: { kind: 'throttling' } });
    await assert.rejects(
      client.send(new ConverseCommand({ modelId: SONNET_45, messages: hello })),
      ThrottlingException,
    );
    assert.equal((await post('reset', {})).status, 200);
    assert.equal(server.simulator.log.entries().length, 0);
    assert.equal((await post('nope', {})).status, 404);
  });
});
