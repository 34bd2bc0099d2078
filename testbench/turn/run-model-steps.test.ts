import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { verify } from 'hono/utils/jwt/jwt';
import type { TurnEvent } from '../../src/turn/chat-service.ts';
import { CALLER_TOKEN_HEADER, importCallerKey } from '../../src/turn/http-tool/mint-caller-token.ts';
import type { Logger } from '../../src/logger.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

type WireBlock = {
  text?: string;
  toolUse?: { toolUseId: string; name: string };
  toolResult?: { toolUseId: string; content: { text: string }[]; status: string };
};
type WireBody = { messages: { role: string; content: WireBlock[] }[] };

function toolResults(fixture: TurnFixture, callIndex: number): { toolUseId: string; text: string; status: string }[] {
  const body = fixture.mainRequests()[callIndex]?.request as WireBody | undefined;
  const last = body?.messages.at(-1);
  return (last?.content ?? []).flatMap((
    block,
  ) => (block.toolResult === undefined ? [] : [{
    toolUseId: block.toolResult.toolUseId,
    text: block.toolResult.content[0]?.text ?? '',
    status: block.toolResult.status,
  }]));
}

let fixture: TurnFixture;
let toolServer: Server;
let toolUrl: string;
const toolRequests: {
  method: string;
  url: string;
  body: string;
  conversation: string | undefined;
  caller: string | undefined;
}[] = [];
const CALLER_SECRET = 'run-model-steps-caller-secret-0123456789abcdef';
const logged: { event: string; fields: Record<string, unknown> }[] = [];
const logger: Logger = { level: 'info', log: (_level, event, fields = {}) => logged.push({ event, fields }) };
/** The `stoppedBy` field of the last `turn` log line. */
function lastStop(): unknown {
  return logged.filter((entry) => entry.event === 'turn').at(-1)?.fields['stoppedBy'];
}

describe('runModelSteps (the tool loop, through the chat service)', () => {
  before(async () => {
    toolServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        toolRequests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body,
          conversation: request.headers['x-tokenwise-conversation'] as string | undefined,
          caller: request.headers[CALLER_TOKEN_HEADER] as string | undefined,
        });
        if (request.url?.startsWith('/slow')) return; // never answers: the tool timeout must end the call
        if (request.url?.startsWith('/broken')) {
          response.writeHead(500, { 'content-type': 'text/plain' }).end('database down');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ temperature: 21, unit: 'C' }),
        );
      });
    });
    await new Promise<void>((resolve) => toolServer.listen(0, '127.0.0.1', resolve));
    toolUrl = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`;
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    fixture = await createTurnFixture({
      settings: { maxToolSteps: 4, toolTimeoutMs: 300 },
      logger,
      httpTools: { callerKey: importCallerKey(CALLER_SECRET) },
      extraTools: [
        {
          name: 'get_weather',
          description: 'Current weather for a city.',
          inputSchema: schema,
          tags: ['weather'],
          http: { url: `${toolUrl}/weather`, method: 'GET', allowPrivateNetwork: true },
        },
        {
          name: 'get_forecast',
          description: 'Weather forecast for a city (slow service).',
          inputSchema: schema,
          tags: ['weather'],
          http: { url: `${toolUrl}/slow`, method: 'POST', allowPrivateNetwork: true },
        },
        {
          name: 'get_pollen',
          description: 'Pollen count for a city.',
          inputSchema: schema,
          tags: ['weather'],
          http: { url: `${toolUrl}/broken`, method: 'POST', allowPrivateNetwork: true },
        },
      ],
    });
  });
  after(async () => {
    await fixture.close();
    toolServer.closeAllConnections();
    await new Promise<void>((resolve) => toolServer.close(() => resolve()));
  });

  it('runs a demo tool against libSQL, sends its result and stores the final answer', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        text: 'Adding it.',
        toolUses: [{ name: 'create_task', input: { title: 'Buy milk' }, id: 'tooluse_task1' }],
      },
      { model: 'sonnet', text: 'Done: "Buy milk" is on your list.' },
    );
    const events: TurnEvent[] = [];
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Add a task to buy milk',
      onEvent: (event) => events.push(event),
    });
    assert.equal(result.message.text, 'Adding it.\n\nDone: "Buy milk" is on your list.');
    const rows = await fixture.database.read({
      sql: 'SELECT title, user_id FROM tasks WHERE title = ?',
      args: ['Buy milk'],
    });
    assert.deepEqual(rows.rows.map((row) => [row['title'], row['user_id']]), [['Buy milk', USER]]);
    const [result1] = toolResults(fixture, 1);
    assert.equal(result1?.toolUseId, 'tooluse_task1');
    assert.equal(result1?.status, 'success');
    assert.match(result1?.text ?? '', /Buy milk/);
    assert.deepEqual(events.filter((event) => event.type === 'tool'), [{
      type: 'tool',
      name: 'create_task',
      status: 'started',
    }, { type: 'tool', name: 'create_task', status: 'success' }]);
    // History shows only the user message and the final answer; the tool traffic is stored but hidden.
    const page = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.deepEqual(page.messages.map((message) => message.role), ['user', 'assistant']);
    const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
    assert.deepEqual(stored.map((message) => [message.role, message.visible]), [['user', true], ['assistant', false], [
      'user',
      false,
    ], ['assistant', true]]);
  });

  it('answers parallel tool calls in call order in one message, an unknown tool with an error result', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [
          { name: 'create_task', input: { title: 'One' }, id: 'tooluse_p1' },
          { name: 'launch_rocket', input: {}, id: 'tooluse_p2' },
          { name: 'create_task', input: { title: 'Two' }, id: 'tooluse_p3' },
        ],
      },
      { model: 'sonnet', text: 'Two tasks added; I cannot launch rockets.' },
    );
    await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Add tasks One and Two and launch a rocket',
    });
    const results = toolResults(fixture, 1);
    assert.deepEqual(results.map((entry) => [entry.toolUseId, entry.status]), [['tooluse_p1', 'success'], [
      'tooluse_p2',
      'error',
    ], ['tooluse_p3', 'success']]);
    assert.match(results[1]?.text ?? '', /launch_rocket is not offered in this request, so it was not run/);
    const rows = await fixture.database.read({
      sql: "SELECT title FROM tasks WHERE title IN ('One', 'Two') ORDER BY title",
      args: [],
    });
    assert.deepEqual(rows.rows.map((row) => row['title']), ['One', 'Two']);
  });

  it('stops at the step cap, answering every pending call so the stored history stays valid', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    const inputs = [{ status: 'open' }, { status: 'done' }, { status: 'all' }, { status: 'open', priority: 'high' }];
    for (const [step, input] of inputs.entries()) {
      fixture.simulator.script.enqueue({
        model: 'sonnet',
        toolUses: [{ name: 'list_tasks', input, id: `tooluse_cap${step + 1}` }],
      });
    }
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'List my open tasks',
    });
    assert.match(result.message.text, /stopped after 4 tool steps/);
    assert.equal(lastStop(), 'step-cap');
    assert.equal(fixture.mainRequests().length, 4);
    // Four different reads, each run: work, not a loop, stopped by the cap alone.
    for (const call of [1, 2, 3]) assert.equal(toolResults(fixture, call)[0]?.status, 'success');
    const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
    assert.deepEqual(stored.map((message) => message.role), [
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const lastResults = stored[8]?.content ?? [];
    assert.deepEqual(
      lastResults.map((block) => (block.type === 'tool_result' ? [block.toolUseId, block.status] : block.type)),
      [['tooluse_cap4', 'error']],
    );
    // The next turn sends that history and Bedrock (the simulator's validator) accepts it.
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Fine.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'ok' });
    assert.equal(fixture.mainRequests().at(-1)?.status, 200);
  });

  it('stops a turn whose steps repeat calls already made, a step before the cap of 4, answering the pending call', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    for (let step = 1; step <= 3; step += 1) {
      fixture.simulator.script.enqueue({
        model: 'sonnet',
        toolUses: [{ name: 'list_tasks', input: { status: 'open' }, id: `tooluse_loop${step}` }],
      });
    }
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Never asked for.' });
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'List my open tasks',
    });
    assert.match(result.message.text, /only repeated calls I had already made/);
    assert.equal(lastStop(), 'repeated-calls');
    assert.equal(fixture.mainRequests().length, 3);
    // The first repeat was run (a second read is ordinary); the second in a row was not.
    assert.deepEqual(toolResults(fixture, 2).map((entry) => [entry.toolUseId, entry.status]), [[
      'tooluse_loop2',
      'success',
    ]]);
    const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
    const lastResults = stored.at(-2)?.content ?? [];
    assert.deepEqual(
      lastResults.map((block) => (block.type === 'tool_result' ? [block.toolUseId, block.status] : block.type)),
      [['tooluse_loop3', 'error']],
    );
    fixture.simulator.script.clear();
  });

  it('calls an HTTP tool on its URL, with the input as query parameters for GET', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    toolRequests.length = 0;
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_weather', input: { city: 'Oslo' }, id: 'tooluse_w1' }] },
      { model: 'sonnet', text: 'It is 21 °C in Oslo.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'What is the weather in Oslo?' });
    assert.equal(lastStop(), 'answer');
    assert.deepEqual(toolRequests.map((request) => [request.method, request.url, request.conversation]), [[
      'GET',
      '/weather?city=Oslo',
      conversationId,
    ]]);
    const originalNow = Date.now;
    Date.now = () => fixture.now().getTime(); // hono's verify reads the clock; the fixture's is 2026-01-01
    try {
      const claims = await verify(toolRequests[0]?.caller ?? '', CALLER_SECRET, { alg: 'HS256', iss: 'tokenwise' });
      assert.deepEqual(
        [claims['sub'], claims['conversation_id'], claims['tool_call_id'], claims['aud']],
        [USER, conversationId, 'tooluse_w1', toolUrl],
      );
    } finally {
      Date.now = originalNow;
    }
    assert.deepEqual(toolResults(fixture, 1), [{
      toolUseId: 'tooluse_w1',
      text: '{"temperature":21,"unit":"C"}',
      status: 'success',
    }]);
  });

  it('turns an HTTP tool timeout and an HTTP error into error results', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    toolRequests.length = 0;
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [{ name: 'get_forecast', input: { city: 'Oslo' }, id: 'tooluse_f1' }, {
          name: 'get_pollen',
          input: { city: 'Oslo' },
          id: 'tooluse_f2',
        }],
      },
      { model: 'sonnet', text: 'The weather services are not answering.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Forecast and pollen for Oslo' });
    assert.deepEqual(toolRequests.map((request) => [request.method, request.url, request.body]), [[
      'POST',
      '/slow',
      '{"city":"Oslo"}',
    ], ['POST', '/broken', '{"city":"Oslo"}']]);
    assert.deepEqual(toolResults(fixture, 1), [
      { toolUseId: 'tooluse_f1', text: 'Tool get_forecast failed: no answer within 300 ms.', status: 'error' },
      { toolUseId: 'tooluse_f2', text: 'Tool get_pollen failed: HTTP 500: database down', status: 'error' },
    ]);
  });
});
