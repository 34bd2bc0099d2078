// The real AWS SDK on its default AWS host, intercepted by msw and answered by the simulator (no network at all).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ConverseStreamOutput,
  CountTokensCommand,
  type Message,
  ModelStreamErrorException,
  ServiceUnavailableException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { setupServer } from 'msw/node';
import { createBedrockClient } from '../../src/bedrock/create-bedrock-client.ts';
import { createSimulator } from './create-simulator.ts';
import { createSimulatorHandlers } from './msw-handlers.ts';
import { CACHE_5M, HAIKU_45, prose } from './test-helpers.ts';

const simulator = createSimulator();
const mockServer = setupServer(...createSimulatorHandlers(simulator, { baseUrl: 'http://bedrock.test' }));
let client: BedrockRuntimeClient;
const hello: Message[] = [{ role: 'user', content: [{ text: 'Hello there' }] }];

describe('simulator through msw with the default AWS host', () => {
  before(() => {
    mockServer.listen({ onUnhandledRequest: 'error' });
    client = createBedrockClient({
      region: 'us-west-2',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
    });
  });
  after(() => {
    client.destroy();
    mockServer.close();
  });
  beforeEach(() => simulator.reset());

  it('answers Converse on bedrock-runtime.us-west-2.amazonaws.com with a SigV4-signed request', async () => {
    const output = await client.send(
      new ConverseCommand({ modelId: HAIKU_45, messages: hello, inferenceConfig: { maxTokens: 50 } }),
    );
    assert.match(output.output?.message?.content?.[0]?.text ?? '', /^Simulated reply/);
    assert.equal(simulator.log.last()?.modelId, HAIKU_45);
    assert.deepEqual(simulator.log.last()?.request, { messages: hello, inferenceConfig: { maxTokens: 50 } });
  });

  it('reports Haiku 4.5 cache reads only above its 4,096-token minimum', async () => {
    const small = { modelId: HAIKU_45, system: [{ text: prose(1500) }, CACHE_5M], messages: hello };
    await client.send(new ConverseCommand(small));
    const smallAgain = await client.send(new ConverseCommand(small));
    assert.equal(smallAgain.usage?.cacheReadInputTokens, 0);
    assert.equal(smallAgain.usage?.cacheWriteInputTokens, 0);
    const large = { modelId: HAIKU_45, system: [{ text: prose(3000) }, CACHE_5M], messages: hello };
    const write = await client.send(new ConverseCommand(large));
    const read = await client.send(new ConverseCommand(large));
    assert.ok((write.usage?.cacheWriteInputTokens ?? 0) >= 4096, '(write.usage?.cacheWriteInputTokens ?? 0) >= 4096');
    assert.equal(read.usage?.cacheReadInputTokens, write.usage?.cacheWriteInputTokens);
  });

  it('streams and counts tokens through msw', async () => {
    simulator.script.enqueue({ text: 'Streamed through msw, in pieces.' });
    const output = await client.send(new ConverseStreamCommand({ modelId: HAIKU_45, messages: hello }));
    const events: ConverseStreamOutput[] = [];
    for await (const event of output.stream ?? []) events.push(event);
    assert.equal(
      events.map((event) => event.contentBlockDelta?.delta?.text ?? '').join(''),
      'Streamed through msw, in pieces.',
    );
    const counted = await client.send(
      new CountTokensCommand({ modelId: HAIKU_45, input: { converse: { messages: hello } } }),
    );
    assert.equal(counted.inputTokens, 8);
  });

  it('throws the exact Bedrock validation message for an orphaned toolUse', async () => {
    const toolConfig = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } }] };
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
    await assert.rejects(
      client.send(new ConverseCommand({ modelId: HAIKU_45, messages, toolConfig })),
      (error: unknown) =>
        error instanceof ValidationException &&
        error.message ===
          'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_1, tooluse_2',
    );
  });

  it('throws ServiceUnavailableException and a modelStreamErrorException mid-stream', async () => {
    simulator.faults.inject({ kind: 'unavailable' });
    await assert.rejects(
      client.send(new ConverseCommand({ modelId: HAIKU_45, messages: hello })),
      ServiceUnavailableException,
    );
    simulator.faults.inject({
      kind: 'stream-exception',
      afterFrames: 3,
      exceptionType: 'modelStreamErrorException',
      message: 'Model stream broke.',
    });
    const output = await client.send(new ConverseStreamCommand({ modelId: HAIKU_45, messages: hello }));
    const seen: ConverseStreamOutput[] = [];
    await assert.rejects(
      (async () => {
        for await (const event of output.stream ?? []) seen.push(event);
      })(),
      (error: unknown) => error instanceof ModelStreamErrorException && error.message === 'Model stream broke.',
    );
    assert.equal(seen.length, 3);
  });

  it('serves a custom base URL too', async () => {
    const custom = createBedrockClient({ region: 'us-east-1', endpoint: 'http://bedrock.test', maxAttempts: 1 });
    const output = await custom.send(new ConverseCommand({ modelId: HAIKU_45, messages: hello }));
    assert.equal(output.stopReason, 'end_turn');
    custom.destroy();
  });
});
