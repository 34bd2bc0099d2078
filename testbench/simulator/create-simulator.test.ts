// The simulator's HTTP surface: routes, auth, error format, request log, script, faults and reset.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { createSimulator } from './create-simulator.ts';
import { decodeStreamFrames } from './event-stream.ts';
import { call, HAIKU_45, SONNET_45, userText } from './test-helpers.ts';

const simulator = createSimulator({ seed: 'unit' });
const hello = { messages: [userText('Hello there')] };

function post(
  path: string,
  body: string,
  headers: Record<string, string> = { authorization: 'Bearer k' },
): Promise<Response> {
  return simulator.fetch(new Request(`http://sim.test${path}`, { method: 'POST', headers, body }));
}

describe('createSimulator', () => {
  beforeEach(() => simulator.reset());

  it('logs the exact parsed body, the decoded model id, status, response and usage', async () => {
    const body = {
      messages: [userText('Hi')],
      inferenceConfig: { maxTokens: 30, temperature: 0.2 },
      additionalModelRequestFields: { top_k: 5 },
    };
    const answer = await call(simulator, body);
    const entry = simulator.log.last();
    assert.deepEqual(entry?.request, body);
    assert.equal(entry?.modelId, SONNET_45);
    assert.equal(entry?.operation, 'converse');
    assert.equal(entry?.status, 200);
    assert.deepEqual(entry?.response, answer.body);
    assert.deepEqual(entry?.usage, answer.body['usage']);
    assert.equal(answer.headers.get('x-amzn-requestid'), entry?.requestId);
  });

  it('answers errors in Bedrock format with x-amzn-errortype and a request id', async () => {
    const answer = await call(simulator, { messages: [userText('a'), userText('b')] });
    assert.equal(answer.status, 400);
    assert.equal(
      answer.headers.get('x-amzn-errortype'),
      'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
    );
    assert.ok(answer.headers.get('x-amzn-requestid'), "answer.headers.get('x-amzn-requestid')");
    assert.deepEqual(Object.keys(answer.body), ['message']);
    assert.equal(simulator.log.last()?.status, 400);
  });

  it('rejects a request without any authorization header with 403 AccessDeniedException', async () => {
    const response = await post(`/model/${SONNET_45}/converse`, JSON.stringify(hello), {
      'content-type': 'application/json',
    });
    assert.equal(response.status, 403);
    assert.match(response.headers.get('x-amzn-errortype') ?? '', /^AccessDeniedException:/);
    assert.deepEqual(await response.json(), { message: 'Missing Authentication Token' });
  });

  it('answers unknown routes with 404 UnknownOperationException and bad JSON with 400 SerializationException', async () => {
    const unknown = await post('/model/x/invoke-agent', '{}');
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('x-amzn-errortype') ?? '', /^UnknownOperationException:/);
    const bad = await post(`/model/${SONNET_45}/converse`, '{"messages": [');
    assert.equal(bad.status, 400);
    assert.match(bad.headers.get('x-amzn-errortype') ?? '', /^SerializationException:/);
    assert.equal(simulator.log.last()?.request, '{"messages": [');
  });

  it('serves scripted items in order, filtered by model, and scripted errors', async () => {
    simulator.script.enqueue({ text: 'for haiku', model: 'haiku-4-5' }, { text: 'for anyone' }, {
      error: { status: 429, type: 'ThrottlingException', message: 'slow down' },
    });
    const first = await call(simulator, hello, { modelId: SONNET_45 });
    assert.deepEqual((first.body['output'] as { message: unknown }).message, {
      role: 'assistant',
      content: [{ text: 'for anyone' }],
    });
    const second = await call(simulator, hello, { modelId: HAIKU_45 });
    assert.deepEqual((second.body['output'] as { message: unknown }).message, {
      role: 'assistant',
      content: [{ text: 'for haiku' }],
    });
    const third = await call(simulator, hello);
    assert.deepEqual([third.status, third.body], [429, { message: 'slow down' }]);
    assert.throws(() => simulator.script.enqueue({}), TypeError);
  });

  it('applies faults for the next N requests and only to their model; stream faults wait for a stream', async () => {
    simulator.faults.inject({ kind: 'internal' }, { times: 2, model: 'haiku' });
    simulator.faults.inject({ kind: 'stream-cut', afterFrames: 1 });
    assert.equal((await call(simulator, hello)).status, 200);
    assert.equal((await call(simulator, hello, { modelId: HAIKU_45 })).status, 500);
    assert.equal((await call(simulator, hello, { modelId: HAIKU_45 })).status, 500);
    assert.equal((await call(simulator, hello, { modelId: HAIKU_45 })).status, 200);
    const response = await post(`/model/${SONNET_45}/converse-stream`, JSON.stringify(hello));
    const events = decodeStreamFrames(new Uint8Array(await response.arrayBuffer()));
    assert.deepEqual(events.map((event) => event.type), ['messageStart']);
    assert.deepEqual(simulator.log.last()?.events, events);
  });

  it('streams every frame of a reply with Bedrock headers', async () => {
    const response = await post(`/model/${SONNET_45}/converse-stream`, JSON.stringify(hello));
    assert.equal(response.headers.get('content-type'), 'application/vnd.amazon.eventstream');
    const events = decodeStreamFrames(new Uint8Array(await response.arrayBuffer()));
    assert.equal(events[0]?.type, 'messageStart');
    assert.deepEqual(events.slice(-3).map((event) => event.type), ['contentBlockStop', 'messageStop', 'metadata']);
  });

  it('waits the configured latency and reports it in metrics', async () => {
    simulator.faults.latencyMs = 5;
    const answer = await call(simulator, hello);
    assert.deepEqual(answer.body['metrics'], { latencyMs: 5 });
  });

  it('answers a forced tool at temperature 0 by the request alone, whatever came before it', async () => {
    const picks = {
      type: 'object',
      properties: {
        tools: {
          type: 'array',
          items: { type: 'string', enum: 'abcdefghijklmnopqrst'.split('') },
          minItems: 3,
          maxItems: 5,
        },
      },
      required: ['tools'],
    };
    const select = (temperature: number, text: string) => ({
      messages: [userText(text)],
      inferenceConfig: { temperature },
      toolConfig: {
        tools: [{ toolSpec: { name: 'select_tools', inputSchema: { json: picks } } }],
        toolChoice: { tool: { name: 'select_tools' } },
      },
    });
    const inputOf = (answer: Awaited<ReturnType<typeof call>>) =>
      JSON.stringify(
        (answer.body as { output: { message: { content: { toolUse: { input: unknown } }[] } } })
          .output.message.content[0]?.toolUse.input,
      );
    const drawn = async (temperature: number, before: number): Promise<string> => {
      simulator.reset();
      for (let index = 0; index < before; index += 1) await call(simulator, select(temperature, `earlier ${index}`));
      return inputOf(await call(simulator, select(temperature, 'Find me a hotel in Rome')));
    };
    const steady: string[] = [];
    const warm: string[] = [];
    for (let before = 0; before < 6; before += 1) {
      steady.push(await drawn(0, before));
      warm.push(await drawn(0.7, before));
    }
    // At temperature 0 the same request draws the same picks; at 0.7 the picks follow the request's place in the run.
    assert.equal(new Set(steady).size, 1, steady.join(' | '));
    assert.ok(new Set(warm).size > 1, warm.join(' | '));
  });

  it('gives the same replies after reset (deterministic from the seed and request order)', async () => {
    const first = await call(simulator, hello);
    simulator.clock.advance(1000);
    simulator.reset();
    const again = await call(simulator, hello);
    assert.deepEqual(again.body, first.body);
    assert.equal(simulator.log.entries().length, 1);
    assert.equal(simulator.log.last()?.at, simulator.clock.now());
  });
});
