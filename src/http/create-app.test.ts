import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sign } from 'hono/utils/jwt/jwt';
import { AppError } from '../errors.ts';
import { createLogger, type Logger } from '../logger.ts';
import type { ChatService, PublicMessage, SendMessageInput, TurnResult } from '../turn/chat-service.ts';
import type { UserUsage } from '../turn/create-insight-service.ts';
import { type AppDependencies, createApp } from './create-app.ts';
import { mintDevelopmentToken } from './mint-development-token.ts';
import { OPENAPI_DOCUMENT } from './openapi/openapi-document.ts';

// ---------- a small in-memory ChatService (the real one is tested in src/turn) ----------

type Conversation = {
  owner: string;
  title: string | undefined;
  messages: PublicMessage[];
  running: boolean;
  results: Map<string, TurnResult>;
};

/** Enforces owner scope, one running turn per conversation and idempotency keys, like the real service promises. */
class InMemoryChat implements ChatService {
  readonly conversations = new Map<string, Conversation>();
  readonly calls: { method: string; userId: string; [key: string]: unknown }[] = [];
  /** Every finished turn (after its message is stored), including those whose client left. */
  readonly finishedTurns: TurnResult[] = [];
  /** Thrown by the next call of any method. */
  failNext: unknown;
  /** Awaited in the middle of a turn, after the first delta; lets a test hold a turn open. */
  gate: Promise<void> | undefined;
  /** When set, the turn fails after its first delta. */
  failMidTurn: unknown;
  private counter = 0;

  private take(method: string, input: { userId: string } & Record<string, unknown>): void {
    const { onEvent: _onEvent, ...recorded } = input;
    this.calls.push({ method, ...recorded });
    if (this.failNext !== undefined) {
      const error = this.failNext;
      this.failNext = undefined;
      throw error;
    }
  }

  private find(userId: string, conversationId: string): Conversation {
    const conversation = this.conversations.get(conversationId);
    if (conversation === undefined || conversation.owner !== userId) {
      throw new AppError('not_found', 'conversation not found');
    }
    return conversation;
  }

  async createConversation(input: { userId: string; title?: string }) {
    this.take('createConversation', input);
    const id = `conv-${++this.counter}`;
    this.conversations.set(id, {
      owner: input.userId,
      title: input.title,
      messages: [],
      running: false,
      results: new Map(),
    });
    return { id, createdAt: `2026-01-01T00:00:${String(this.counter).padStart(2, '0')}.000Z` };
  }

  async sendMessage(input: SendMessageInput): Promise<TurnResult> {
    this.take('sendMessage', input);
    const conversation = this.find(input.userId, input.conversationId);
    const earlier = input.idempotencyKey === undefined ? undefined : conversation.results.get(input.idempotencyKey);
    if (earlier !== undefined) return earlier;
    if (conversation.running) throw new AppError('conflict', 'a turn of this conversation is still running');
    conversation.running = true;
    try {
      const stamp = `2026-01-01T00:01:${String(++this.counter).padStart(2, '0')}.000Z`;
      conversation.messages.push({ id: `msg-${this.counter}`, role: 'user', text: input.text, createdAt: stamp });
      const reply = `Echo: ${input.text}`;
      input.onEvent?.({ type: 'delta', text: reply.slice(0, 6) });
      if (this.gate !== undefined) await this.gate;
      if (this.failMidTurn !== undefined) throw this.failMidTurn;
      input.onEvent?.({ type: 'tool', name: 'get_time', status: 'started' });
      input.onEvent?.({ type: 'tool', name: 'get_time', status: 'success' });
      input.onEvent?.({ type: 'delta', text: reply.slice(6) });
      const message = { id: `msg-${++this.counter}`, role: 'assistant' as const, text: reply };
      conversation.messages.push({ ...message, createdAt: stamp });
      const result: TurnResult = {
        message,
        usage: {
          inputTokens: 10,
          outputTokens: 5,
          cacheReadInputTokens: 100,
          cacheWriteInputTokens: 0,
          costUSD: 0.0001,
          naiveCostUSD: 0.001,
          // A field the service may carry that the API must not return.
          ...{ cacheDetails: [] },
        },
      };
      if (input.idempotencyKey !== undefined) conversation.results.set(input.idempotencyKey, result);
      this.finishedTurns.push(result);
      return result;
    } finally {
      conversation.running = false;
    }
  }

  async listMessages(input: { userId: string; conversationId: string; before?: string; limit: number }) {
    this.take('listMessages', input);
    const all = this.find(input.userId, input.conversationId).messages;
    const end = input.before === undefined ? all.length : all.findIndex((m) => m.id === input.before);
    if (end < 0) throw new AppError('bad_request', 'before is not a message of this conversation');
    const start = Math.max(0, end - input.limit);
    return { messages: all.slice(start, end), nextBefore: start > 0 ? (all[start]?.id ?? null) : null };
  }

  async getUsage(input: { userId: string; conversationId: string }) {
    this.take('getUsage', input);
    this.find(input.userId, input.conversationId);
    return {
      inputTokens: 1,
      outputTokens: 2,
      cacheReadInputTokens: 3,
      cacheWriteInputTokens: 4,
      costUSD: 0.5,
      naiveCostUSD: 2,
      savingPercent: 75,
      summaryTokens: 300,
      summaryGaps: 0,
      unsummarisedMessages: 0,
      cacheWithheld: [{
        layer: 'system' as const,
        cause: 'tool-set-changed',
        unreadWrites: 3,
        since: '2026-01-01T00:00:00.000Z',
      }],
    };
  }

  async deleteConversation(input: { userId: string; conversationId: string }) {
    this.take('deleteConversation', input);
    this.find(input.userId, input.conversationId);
    this.conversations.delete(input.conversationId);
  }
}

// ---------- helpers ----------

const SECRET = 'route-tests-secret-0123456789-abcdefghij';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenFor = (sub: string) => mintDevelopmentToken({ secret: SECRET, sub, ttlSeconds: 600 });
const ALICE = await tokenFor('alice');
const BOB = await tokenFor('bob');

function createRig(overrides: Partial<AppDependencies> = {}) {
  const chat = new InMemoryChat();
  const lines: Record<string, unknown>[] = [];
  const logger: Logger = createLogger({
    level: 'info',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  let requestNumber = 0;
  const app = createApp({
    chat,
    insights: { getUserUsage: async ({ userId }) => ({ ...SAMPLE_USER_USAGE, userId }) },
    console: {
      listConsoleConversations: async ({ userId }) => ({
        conversations: [{ ...SAMPLE_CONSOLE_CONVERSATION, title: `of ${userId}` }],
      }),
      getConsoleTurns: async ({ userId, conversationId }) => {
        const { summaryTokens: _, ...usage } = await chat.getUsage({ userId, conversationId });
        return { conversation: { id: conversationId, title: null }, totals: { ...usage, calls: 2 }, turns: [] };
      },
    },
    logger,
    auth: { jwtSecret: SECRET },
    createRequestId: () => `req-${++requestNumber}`,
    ...overrides,
  });
  const call = (
    method: string,
    path: string,
    options: { token?: string | null; body?: string; headers?: Record<string, string> } = {},
  ) =>
    app.request(path, {
      method,
      headers: {
        ...(options.token === null ? {} : { authorization: `Bearer ${options.token ?? ALICE}` }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: options.body }),
    });
  const createConversation = async (token = ALICE) =>
    ((await (await call('POST', '/v1/conversations', { token })).json()) as { id: string }).id;
  return { app, chat, lines, call, createConversation };
}

async function expectError(response: Response, status: number, code: string, message?: RegExp): Promise<void> {
  assert.equal(response.status, status);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'requestId']);
  assert.equal(body.error.code, code);
  assert.equal(body.error.requestId, response.headers.get('x-request-id'));
  if (message !== undefined) assert.match(body.error.message, message);
}

/** Splits an SSE body into `{ event, data }` frames (data parsed as JSON). */
function parseEventStream(text: string): { event: string; data: unknown }[] {
  return text.split('\n\n').filter((frame) => frame.trim() !== '').map((frame) => {
    const fields = new Map(
      frame.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
    );
    return { event: fields.get('event') ?? '', data: JSON.parse(fields.get('data') ?? 'null') as unknown };
  });
}

const ROUTES: readonly (readonly [string, string, string?])[] = [
  ['POST', '/v1/conversations', '{}'],
  ['POST', '/v1/conversations/conv-1/messages', '{"text":"hi"}'],
  ['GET', '/v1/conversations/conv-1/messages'],
  ['GET', '/v1/conversations/conv-1/usage'],
  ['DELETE', '/v1/conversations/conv-1'],
  ['GET', '/v1/console/conversations'],
  ['GET', '/v1/console/conversations/conv-1/turns'],
];

const SAMPLE_CONSOLE_CONVERSATION = {
  id: 'conv-1',
  title: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:05:00.000Z',
  turns: 2,
  calls: 3,
  costUSD: 0.01,
  naiveCostUSD: 0.04,
  savingPercent: 75,
};

const SAMPLE_USER_USAGE: UserUsage = {
  totals: {
    calls: 3,
    inputTokens: 300,
    outputTokens: 60,
    cacheReadInputTokens: 3_000,
    cacheWriteInputTokens: 240,
    costUSD: 0.01,
    naiveCostUSD: 0.04,
    savingPercent: 75,
  },
  windows: { day: { tokens: 3_600, costUSD: 0.01 }, month: { tokens: 3_600, costUSD: 0.01 } },
  limits: { 'user.day.usd': 1 },
  remaining: { 'user.day.usd': 0.99 },
  concurrentTurns: { running: 0, limit: 4 },
};

// ---------- tests ----------

describe('createApp: health and documentation', () => {
  it('answers /healthz without auth, and 503 when the store is down or its check throws', async () => {
    assert.deepEqual(await (await createRig().call('GET', '/healthz', { token: null })).json(), { status: 'ok' });
    const down = createRig({ checkHealth: async () => ({ ok: false }) });
    const response = await down.call('GET', '/healthz', { token: null });
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { status: 'degraded' });
    const throwing = createRig({
      checkHealth: async () => {
        throw new Error('db gone');
      },
    });
    assert.equal((await throwing.call('GET', '/healthz', { token: null })).status, 503);
  });

  it('serves an OpenAPI 3.1 document without auth', async () => {
    const response = await createRig().call('GET', '/openapi.json', { token: null });
    assert.equal(response.status, 200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(document.openapi, '3.1.0');
    assert.deepEqual(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)), document);
  });

  it('routes every documented operation to a handler (no 404 or 405 for a documented path and method)', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation();
    const operations = Object.entries(OPENAPI_DOCUMENT.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => [path, method] as const)
    );
    // Delete last, so the other operations still find the conversation.
    for (const [path, method] of operations.sort((a, b) => Number(a[1] === 'delete') - Number(b[1] === 'delete'))) {
      {
        const body = method === 'post' ? (path.endsWith('messages') ? '{"text":"hi"}' : '{}') : undefined;
        const response = await call(method.toUpperCase(), path.replace('{id}', id), body === undefined ? {} : { body });
        assert.ok(response.status < 300, `${method} ${path} answered ${response.status}`);
      }
    }
  });
});

describe('createApp: authentication on every route', () => {
  const badTokens: readonly (readonly [string, () => Promise<string | null>, RegExp])[] = [
    ['no token', async () => null, /missing Authorization/],
    ['an expired token', async () => sign({ sub: 'alice', exp: nowSeconds() - 120 }, SECRET, 'HS256'), /expired/],
    [
      'a wrongly signed token',
      async () => sign({ sub: 'alice', exp: nowSeconds() + 60 }, 'x'.repeat(40), 'HS256'),
      /signature/,
    ],
    [
      'alg none',
      async () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${
          Buffer.from(JSON.stringify({ sub: 'alice', exp: nowSeconds() + 60 })).toString('base64url')
        }.`,
      /"none"/,
    ],
    ['a token without exp', async () => sign({ sub: 'alice' }, SECRET, 'HS256'), /exp/],
  ];
  for (const [name, makeToken, reason] of badTokens) {
    it(`answers 401 JSON for ${name} on every route`, async () => {
      const { call, chat } = createRig();
      const token = await makeToken();
      for (const [method, path, body] of ROUTES) {
        const response = await call(method, path, { token, ...(body === undefined ? {} : { body }) });
        assert.equal(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
        await expectError(response, 401, 'unauthorized', reason);
      }
      assert.deepEqual(chat.calls, [], 'the service is never reached');
    });
  }

  it('answers 401 for an HS256 token on every route when a JWKS is configured', async () => {
    const jwksFetch = (async () => Response.json({ keys: [] })) as typeof fetch;
    const { call } = createRig({
      auth: {
        jwksUrl: 'https://issuer.test/jwks.json',
        issuer: 'https://issuer.test',
        audience: 'api',
        fetch: jwksFetch,
      },
    });
    for (const [method, path, body] of ROUTES) {
      await expectError(
        await call(method, path, body === undefined ? {} : { body }),
        401,
        'unauthorized',
        /"HS256" is not accepted/,
      );
    }
  });

  it('answers 503 on every route when auth or the chat service is not configured', async () => {
    const { app } = createRig();
    const noAuth = createApp({ chat: new InMemoryChat(), logger: createLogger({ write: () => {} }) });
    const noChat = createApp({ logger: createLogger({ write: () => {} }), auth: { jwtSecret: SECRET } });
    for (const [method, path, body] of ROUTES) {
      const init = {
        method,
        headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      };
      await expectError(
        await noAuth.request(path, init),
        503,
        'service_unavailable',
        /authentication is not configured/,
      );
      await expectError(
        await noChat.request(path, init),
        503,
        'service_unavailable',
        /(chat service|console) is not configured/,
      );
    }
    assert.equal((await app.request('/healthz')).status, 200);
  });

  it('passes the token sub as the user id to every service call', async () => {
    const { call, chat, createConversation } = createRig();
    const id = await createConversation();
    await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"hi"}' });
    await call('GET', `/v1/conversations/${id}/messages`);
    await call('GET', `/v1/conversations/${id}/usage`);
    await call('DELETE', `/v1/conversations/${id}`);
    assert.deepEqual(chat.calls.map((c) => [c.method, c.userId]), [
      ['createConversation', 'alice'],
      ['sendMessage', 'alice'],
      ['listMessages', 'alice'],
      ['getUsage', 'alice'],
      ['deleteConversation', 'alice'],
    ]);
  });
});

describe('createApp: POST /v1/conversations', () => {
  it('creates a conversation with no body, an empty body or a title', async () => {
    const { app, call, chat } = createRig();
    const bare = await app.request('/v1/conversations', {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}` },
    });
    assert.equal(bare.status, 201);
    assert.deepEqual(await bare.json(), { id: 'conv-1', createdAt: '2026-01-01T00:00:01.000Z' });
    assert.equal((await call('POST', '/v1/conversations', { body: '{}' })).status, 201);
    assert.equal((await call('POST', '/v1/conversations', { body: '{"title":"Lisbon"}' })).status, 201);
    assert.deepEqual(chat.calls.map((c) => c['title']), [undefined, undefined, 'Lisbon']);
  });

  const invalid: readonly (readonly [string, string, number, string, RegExp])[] = [
    ['an unknown field', '{"titel":"x"}', 400, 'bad_request', /unknown field "titel"/],
    ['a title of the wrong type', '{"title":5}', 400, 'bad_request', /field "title" must be a string/],
    ['an empty title', '{"title":" "}', 400, 'bad_request', /field "title" must not be empty/],
    [
      'a title over 200 characters',
      `{"title":"${'t'.repeat(201)}"}`,
      413,
      'payload_too_large',
      /title.*201.*limit is 200/,
    ],
    ['malformed JSON', '{"title":', 400, 'bad_request', /not valid JSON/],
    ['a JSON array', '[]', 400, 'bad_request', /must be a JSON object/],
    ['JSON null', 'null', 400, 'bad_request', /must be a JSON object/],
  ];
  for (const [name, body, status, code, message] of invalid) {
    it(`refuses ${name} with ${status}`, async () => {
      const { call, chat } = createRig();
      await expectError(await call('POST', '/v1/conversations', { body }), status, code, message);
      assert.deepEqual(chat.calls, []);
    });
  }

  it('refuses a non-JSON content type with 415', async () => {
    const { call } = createRig();
    await expectError(
      await call('POST', '/v1/conversations', {
        body: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
      /application\/json/,
    );
  });
});

describe('createApp: POST /v1/conversations/:id/messages (JSON)', () => {
  it('answers with the assistant message and usage, exactly the documented fields', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation();
    const response = await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"Olá 👋"}' });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      message: { id: 'msg-3', role: 'assistant', text: 'Echo: Olá 👋' },
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadInputTokens: 100,
        cacheWriteInputTokens: 0,
        costUSD: 0.0001,
        naiveCostUSD: 0.001,
      },
    });
  });

  it('passes the Idempotency-Key through, so a retry returns the first answer', async () => {
    const { call, chat, createConversation } = createRig();
    const id = await createConversation();
    const send = () =>
      call('POST', `/v1/conversations/${id}/messages`, {
        body: '{"text":"once"}',
        headers: { 'idempotency-key': 'key-123' },
      });
    const first = await (await send()).json();
    const second = await (await send()).json();
    assert.deepEqual(second, first);
    assert.deepEqual(chat.calls.filter((c) => c.method === 'sendMessage').map((c) => c['idempotencyKey']), [
      'key-123',
      'key-123',
    ]);
    assert.equal(chat.conversations.get(id)?.messages.length, 2);
  });

  it("answers 404 for another user's conversation and for ids that cannot exist", async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation(BOB);
    await expectError(
      await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"hi"}' }),
      404,
      'not_found',
    );
    await expectError(
      await call('POST', '/v1/conversations/%E2%9C%93%20x/messages', { body: '{"text":"hi"}' }),
      404,
      'not_found',
    );
  });

  it('passes a conflict through as 409 while a turn of the same conversation runs', async () => {
    const { call, chat, createConversation } = createRig();
    const id = await createConversation();
    let release: () => void = () => {};
    chat.gate = new Promise((resolve) => {
      release = resolve;
    });
    const first = call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"slow"}' });
    while (chat.conversations.get(id)?.running !== true) await new Promise((resolve) => setImmediate(resolve));
    await expectError(
      await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"fast"}' }),
      409,
      'conflict',
      /still running/,
    );
    release();
    assert.equal((await first).status, 200);
  });

  const invalid: readonly (readonly [string, string, number, string, RegExp, Record<string, string>?])[] = [
    ['no body', '', 400, 'bad_request', /JSON body is required/],
    ['a missing text', '{}', 400, 'bad_request', /field "text" is required/],
    ['text of the wrong type', '{"text":42}', 400, 'bad_request', /field "text" must be a string/],
    ['text null', '{"text":null}', 400, 'bad_request', /field "text" must be a string/],
    ['an empty text', '{"text":""}', 400, 'bad_request', /must not be empty/],
    [
      'a whitespace-only text',
      '{"text":" \\n\\t\\u3000 "}',
      400,
      'bad_request',
      /must not be empty or only whitespace/,
    ],
    ['an unknown field', '{"text":"hi","role":"system"}', 400, 'bad_request', /unknown field "role"/],
    ['a __proto__ field', '{"text":"hi","__proto__":{"admin":true}}', 400, 'bad_request', /unknown field "__proto__"/],
    ['an unpaired surrogate', '{"text":"a\\ud800b"}', 400, 'bad_request', /unpaired UTF-16 surrogate/],
    ['a NUL character', '{"text":"a\\u0000b"}', 400, 'bad_request', /NUL/],
    [
      'text over the limit',
      `{"text":"${'x'.repeat(101)}"}`,
      413,
      'payload_too_large',
      /101 characters long; the limit is 100/,
    ],
    ['a bad Idempotency-Key', '{"text":"hi"}', 400, 'bad_request', /Idempotency-Key/, {
      'idempotency-key': 'has space',
    }],
    ['an over-long Idempotency-Key', '{"text":"hi"}', 400, 'bad_request', /Idempotency-Key/, {
      'idempotency-key': 'k'.repeat(201),
    }],
    ['text/plain', '{"text":"hi"}', 415, 'unsupported_media_type', /application\/json/, {
      'content-type': 'text/plain',
    }],
    ['a non-UTF-8 charset', '{"text":"hi"}', 415, 'unsupported_media_type', /application\/json/, {
      'content-type': 'application/json; charset=latin1',
    }],
  ];
  for (const [name, body, status, code, message, headers] of invalid) {
    it(`refuses ${name} with ${status} and never calls the service`, async () => {
      const { call, chat, createConversation } = createRig({ maxTextChars: 100 });
      const id = await createConversation();
      await expectError(
        await call('POST', `/v1/conversations/${id}/messages`, { body, ...(headers === undefined ? {} : { headers }) }),
        status,
        code,
        message,
      );
      assert.deepEqual(chat.calls.map((c) => c.method), ['createConversation']);
    });
  }

  it('accepts exactly maxTextChars and a charset=utf-8 content type', async () => {
    const { call, createConversation } = createRig({ maxTextChars: 100 });
    const id = await createConversation();
    const response = await call('POST', `/v1/conversations/${id}/messages`, {
      body: `{"text":"${'x'.repeat(100)}"}`,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    assert.equal(response.status, 200);
  });

  it('refuses invalid UTF-8 bytes with 400', async () => {
    const { app, createConversation } = createRig();
    const id = await createConversation();
    const body = new Uint8Array([
      ...new TextEncoder().encode('{"text":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const response = await app.request(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' },
      body,
    });
    await expectError(response, 400, 'bad_request', /not valid UTF-8/);
  });

  it('refuses a body over maxBodyBytes with 413, with or without a Content-Length', async () => {
    const { app, chat, createConversation } = createRig({ maxBodyBytes: 1024 });
    const id = await createConversation();
    const body = JSON.stringify({ text: 'y'.repeat(2000) });
    const withLength = await app.request(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ALICE}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      body,
    });
    await expectError(withLength, 413, 'payload_too_large', /over 1024 bytes/);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const chunked = await app.request(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'payload_too_large');
    assert.deepEqual(chat.calls.map((c) => c.method), ['createConversation']);
  });
});

describe('createApp: bodies without Content-Length and Workers execution contexts', () => {
  it('accepts a chunked body under the limit', async () => {
    const { app, createConversation } = createRig({ maxBodyBytes: 1024 });
    const id = await createConversation();
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['{"te', 'xt":"chu', 'nked"}']) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const response = await app.request(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    assert.equal(((await response.json()) as TurnResult).message.text, 'Echo: chunked');
  });

  it('hands every turn to waitUntil when the runtime offers one, so it outlives the client', async () => {
    const { app, createConversation } = createRig();
    const id = await createConversation();
    const kept: Promise<unknown>[] = [];
    const executionContext = {
      waitUntil: (work: Promise<unknown>) => {
        kept.push(work);
      },
      passThroughOnException: () => {},
      props: {},
    };
    for (const accept of ['application/json', 'text/event-stream']) {
      const init = {
        method: 'POST',
        headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json', accept },
        body: '{"text":"w"}',
      };
      const response = await app.request(`/v1/conversations/${id}/messages`, init, undefined, executionContext);
      await response.text();
    }
    assert.equal(kept.length, 2);
    await Promise.all(kept);
  });
});

describe('createApp: POST /v1/conversations/:id/messages (server-sent events)', () => {
  const sse = { accept: 'text/event-stream' };

  it('streams delta and tool events, then done with the message and usage', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation();
    const response = await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"hi"}', headers: sse });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.ok(response.headers.get('x-request-id'));
    const text = await response.text();
    assert.ok(text.endsWith('\n\n'), 'every frame ends with a blank line');
    assert.deepEqual(parseEventStream(text), [
      { event: 'delta', data: { text: 'Echo: ' } },
      { event: 'tool', data: { name: 'get_time', status: 'started' } },
      { event: 'tool', data: { name: 'get_time', status: 'success' } },
      { event: 'delta', data: { text: 'hi' } },
      {
        event: 'done',
        data: {
          message: { id: 'msg-3', role: 'assistant', text: 'Echo: hi' },
          usage: {
            inputTokens: 10,
            outputTokens: 5,
            cacheReadInputTokens: 100,
            cacheWriteInputTokens: 0,
            costUSD: 0.0001,
            naiveCostUSD: 0.001,
          },
        },
      },
    ]);
  });

  it('keeps multi-line text in one data line per frame', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation();
    const frames = parseEventStream(
      await (await call('POST', `/v1/conversations/${id}/messages`, {
        body: '{"text":"line1\\n\\nline2\\r\\nevent: x"}',
        headers: sse,
      })).text(),
    );
    assert.deepEqual(frames.at(-1)?.data, {
      message: { id: 'msg-3', role: 'assistant', text: 'Echo: line1\n\nline2\r\nevent: x' },
      usage: (frames.at(-1)?.data as { usage: unknown }).usage,
    });
  });

  it('answers with a JSON status (not a stream) when the turn fails before any event', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation(BOB);
    await expectError(
      await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"hi"}', headers: sse }),
      404,
      'not_found',
    );
  });

  it('ends with an error event when the turn fails after streaming began, logging it with the request id', async () => {
    const { call, chat, lines, createConversation } = createRig();
    const id = await createConversation();
    chat.failMidTurn = new AppError('model_timeout', 'Bedrock ModelTimeoutException: internal detail');
    const response = await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"hi"}', headers: sse });
    const frames = parseEventStream(await response.text());
    const requestId = response.headers.get('x-request-id');
    assert.deepEqual(frames, [
      { event: 'delta', data: { text: 'Echo: ' } },
      {
        event: 'error',
        data: { error: { code: 'model_timeout', message: 'The model did not answer in time; retry.', requestId } },
      },
    ]);
    assert.ok(
      lines.some((line) =>
        line['event'] === 'http_error' && line['requestId'] === requestId && line['code'] === 'model_timeout'
      ),
    );
  });

  it('completes and stores the turn when the client disconnects mid-stream', async () => {
    const { app, chat, createConversation, call } = createRig();
    const id = await createConversation();
    let release: () => void = () => {};
    chat.gate = new Promise((resolve) => {
      release = resolve;
    });
    const abort = new AbortController();
    const response = await app.request(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: '{"text":"bye"}',
      signal: abort.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.match(new TextDecoder().decode(first.value), /event: delta/);
    abort.abort();
    await reader.cancel();
    release();
    while (chat.finishedTurns.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const history = (await (await call('GET', `/v1/conversations/${id}/messages`)).json()) as {
      messages: PublicMessage[];
    };
    assert.deepEqual(history.messages.map((m) => [m.role, m.text]), [['user', 'bye'], ['assistant', 'Echo: bye']]);
  });
});

describe('createApp: GET /v1/conversations/:id/messages', () => {
  async function seeded() {
    const rig = createRig();
    const id = await rig.createConversation();
    for (const text of ['one', 'two', 'three']) {
      await rig.call('POST', `/v1/conversations/${id}/messages`, { body: JSON.stringify({ text }) });
    }
    return { ...rig, id };
  }

  it('pages history oldest first with nextBefore, default limit 50', async () => {
    const { call, chat, id } = await seeded();
    const page = (await (await call('GET', `/v1/conversations/${id}/messages?limit=4`)).json()) as {
      messages: PublicMessage[];
      nextBefore: string | null;
    };
    assert.deepEqual(page.messages.map((m) => m.text), ['two', 'Echo: two', 'three', 'Echo: three']);
    assert.deepEqual(Object.keys(page.messages[0] ?? {}).sort(), ['createdAt', 'id', 'role', 'text']);
    const older =
      (await (await call('GET', `/v1/conversations/${id}/messages?limit=4&before=${page.nextBefore}`)).json()) as {
        messages: PublicMessage[];
        nextBefore: string | null;
      };
    assert.deepEqual(older, {
      messages: [chat.conversations.get(id)?.messages[0], chat.conversations.get(id)?.messages[1]],
      nextBefore: null,
    });
    await call('GET', `/v1/conversations/${id}/messages`);
    assert.equal(chat.calls.at(-1)?.['limit'], 50);
  });

  const badQueries: readonly (readonly [string, RegExp])[] = [
    ['limit=0', /limit must be an integer from 1 to 100, got "0"/],
    ['limit=101', /limit must be an integer from 1 to 100, got "101"/],
    ['limit=abc', /got "abc"/],
    ['limit=1.5', /got "1.5"/],
    ['limit=-1', /got "-1"/],
    ['limit=', /got ""/],
    ['limit=5&limit=6', /limit must be given at most once/],
    ['before=', /before must be the nextBefore value/],
    [`before=${'a'.repeat(201)}`, /before must be the nextBefore value/],
    ['before=%00x', /before must be the nextBefore value/],
  ];
  for (const [query, message] of badQueries) {
    it(`answers 400 for ?${query.slice(0, 30)}`, async () => {
      const { call, id } = await seeded();
      await expectError(await call('GET', `/v1/conversations/${id}/messages?${query}`), 400, 'bad_request', message);
    });
  }

  it("answers 404 for another user's conversation", async () => {
    const { call, id } = await seeded();
    await expectError(await call('GET', `/v1/conversations/${id}/messages`, { token: BOB }), 404, 'not_found');
  });
});

describe('createApp: usage and delete', () => {
  it('returns the usage totals with exactly the documented fields', async () => {
    const { call, createConversation } = createRig();
    const id = await createConversation();
    assert.deepEqual(await (await call('GET', `/v1/conversations/${id}/usage`)).json(), {
      inputTokens: 1,
      outputTokens: 2,
      cacheReadInputTokens: 3,
      cacheWriteInputTokens: 4,
      costUSD: 0.5,
      naiveCostUSD: 2,
      savingPercent: 75,
      summaryTokens: 300,
      summaryGaps: 0,
      unsummarisedMessages: 0,
      cacheWithheld: [{
        layer: 'system',
        cause: 'tool-set-changed',
        unreadWrites: 3,
        since: '2026-01-01T00:00:00.000Z',
      }],
    });
    await expectError(await call('GET', `/v1/conversations/${id}/usage`, { token: BOB }), 404, 'not_found');
  });

  it('deletes with 204; another user gets 404 and the conversation survives', async () => {
    const { call, chat, createConversation } = createRig();
    const id = await createConversation();
    await expectError(await call('DELETE', `/v1/conversations/${id}`, { token: BOB }), 404, 'not_found');
    assert.ok(chat.conversations.has(id));
    const response = await call('DELETE', `/v1/conversations/${id}`);
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    await expectError(await call('GET', `/v1/conversations/${id}/usage`), 404, 'not_found');
  });
});

describe('createApp: GET /v1/usage', () => {
  it("answers the caller's own totals and remaining budgets, never cached", async () => {
    const { call } = createRig();
    const response = await call('GET', '/v1/usage');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await response.json(), { ...SAMPLE_USER_USAGE, userId: 'alice' });
    await expectError(await call('GET', '/v1/usage', { token: null }), 401, 'unauthorized');
  });
});

describe('createApp: the console', () => {
  it('serves the page and its scripts without a token (they hold no data), chart.js from the app itself', async () => {
    const { call } = createRig();
    const page = await call('GET', '/console', { token: null });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self';/);
    const html = await page.text();
    assert.match(html, /<script src="\/console\/chart.js"><\/script>/);
    assert.doesNotMatch(html, /https?:\/\//, 'nothing is loaded from another origin');
    const chart = await call('GET', '/console/chart.js', { token: null });
    assert.match(await chart.text(), /Chart\.js v\d+\.\d+\.\d+/);
    const script = await call('GET', '/console/app.js', { token: null });
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.match(await script.text(), /\/v1\/console\/conversations/);
  });

  it("answers the caller's conversations and a conversation's turns only with a token", async () => {
    const { call, createConversation } = createRig();
    const listed = await call('GET', '/v1/console/conversations');
    assert.equal(listed.status, 200);
    assert.equal(listed.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await listed.json(), { conversations: [{ ...SAMPLE_CONSOLE_CONVERSATION, title: 'of alice' }] });
    const id = await createConversation();
    const turns = await call('GET', `/v1/console/conversations/${id}/turns?limit=20`);
    assert.equal(turns.status, 200);
    assert.equal(((await turns.json()) as { totals: { costUSD: number } }).totals.costUSD, 0.5);
    await expectError(await call('GET', `/v1/console/conversations/${id}/turns`, { token: BOB }), 404, 'not_found');
    await expectError(await call('GET', '/v1/console/conversations/bad%20id/turns'), 404, 'not_found');
    await expectError(await call('GET', '/v1/console/conversations?limit=0'), 400, 'bad_request', /limit/);
    await expectError(await call('GET', '/v1/console/conversations', { token: null }), 401, 'unauthorized');
  });

  it('answers 503 for the data when no console service is wired', async () => {
    const app = createApp({ logger: createLogger({ write: () => {} }), auth: { jwtSecret: SECRET } });
    const response = await app.request('/v1/console/conversations', { headers: { authorization: `Bearer ${ALICE}` } });
    await expectError(response, 503, 'service_unavailable', /console is not configured/);
  });
});

describe('createApp: errors, request ids and logs', () => {
  it('maps service errors through the status table, with Retry-After where a retry helps', async () => {
    const cases: readonly (readonly [AppError, number, string])[] = [
      [new AppError('model_throttled', 'Bedrock ThrottlingException'), 429, '5'],
      [new AppError('model_throttled', 'x', { details: { retryAfterSeconds: 12 } }), 429, '12'],
      [new AppError('over_budget', 'the conversation cannot fit the budget'), 422, ''],
      [new AppError('model_unavailable', 'x'), 503, '5'],
      [new AppError('model_timeout', 'x'), 504, ''],
      [new AppError('model_rejected', 'x'), 502, ''],
      [new AppError('store_busy', 'x'), 503, '1'],
      [
        new AppError('budget_exceeded', 'Your token budget is used up', { details: { retryAfterSeconds: 7_200 } }),
        429,
        '7200',
      ],
      [new AppError('budget_exceeded', 'x', { details: { retryAfterSeconds: 30 * 86_400 } }), 429, '2592000'],
      [new AppError('too_many_turns', 'x'), 429, '2'],
    ];
    for (const [error, status, retryAfter] of cases) {
      const { call, chat, createConversation } = createRig();
      const id = await createConversation();
      chat.failNext = error;
      const response = await call('GET', `/v1/conversations/${id}/usage`);
      assert.equal(response.headers.get('retry-after') ?? '', retryAfter, error.code);
      await expectError(response, status, error.code);
    }
  });

  it('turns an unknown error into a 500 with the request id, no message or stack, and logs it', async () => {
    const { call, chat, lines, createConversation } = createRig();
    const id = await createConversation();
    chat.failNext = new TypeError('SELECT secret FROM users near "x"');
    const response = await call('GET', `/v1/conversations/${id}/usage`, {
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    const text = await response.clone().text();
    assert.doesNotMatch(text, /SELECT|secret|TypeError|at .*\.ts/);
    await expectError(response, 500, 'internal', /request id/);
    assert.equal(response.headers.get('x-request-id'), 'trace-abc-123');
    const logged = lines.find((line) => line['event'] === 'http_error');
    assert.equal(logged?.['requestId'], 'trace-abc-123');
    assert.equal(logged?.['errorName'], 'TypeError');
  });

  it('answers 404 for unknown routes and 405 with Allow for a wrong method', async () => {
    const { call } = createRig();
    await expectError(await call('GET', '/nope', { token: null }), 404, 'not_found', /no route GET \/nope/);
    await expectError(await call('GET', '/v1/nothing/here'), 404, 'not_found');
    const wrongMethod = await call('PUT', '/v1/conversations/conv-1/messages', { body: '{}' });
    assert.equal(wrongMethod.headers.get('allow'), 'POST, GET, HEAD');
    await expectError(wrongMethod, 405, 'method_not_allowed', /PUT is not allowed here/);
    await expectError(await call('POST', '/healthz', { token: null }), 405, 'method_not_allowed');
    await expectError(await call('GET', '/v1/conversations'), 405, 'method_not_allowed');
  });

  it('keeps a sane incoming x-request-id and replaces an insane one', async () => {
    const { call } = createRig();
    assert.equal(
      (await call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123_X.y:z' } })).headers.get('x-request-id'),
      'abc-123_X.y:z',
    );
    for (const insane of ['has space', 'a'.repeat(129), '<script>', 'ü']) {
      assert.match(
        (await call('GET', '/healthz', { headers: { 'x-request-id': insane } })).headers.get('x-request-id') ?? '',
        /^req-\d+$/,
      );
    }
  });

  it('writes one log line per request with the route pattern, never the token or the text', async () => {
    const { call, lines, createConversation } = createRig();
    const id = await createConversation();
    await call('POST', `/v1/conversations/${id}/messages`, { body: '{"text":"my secret diary"}' });
    await call('GET', '/v1/conversations/x/usage', { token: null });
    const requests = lines.filter((line) => line['event'] === 'http_request');
    assert.equal(requests.length, 3);
    assert.deepEqual(requests.map((line) => [line['method'], line['route'], line['status']]), [
      ['POST', '/v1/conversations', 201],
      ['POST', '/v1/conversations/:id/messages', 200],
      ['GET', '/v1/conversations/:id/usage', 401],
    ]);
    assert.match(String(requests[1]?.['userHash']), /^[0-9a-f]{16}$/);
    assert.equal(requests[2]?.['userHash'], undefined);
    for (const line of requests) assert.equal(typeof line['durationMs'], 'number');
    const all = JSON.stringify(lines);
    assert.ok(!all.includes(ALICE) && !all.includes('secret diary') && !all.includes('alice'));
  });
});

describe('createApp over a real port (@hono/node-server)', () => {
  it('serves a conversation end to end, JSON and streamed, and a stream cut by the client still stores the turn', async () => {
    const { app, chat } = createRig();
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const headers = { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' };
      const created = await fetch(`${base}/v1/conversations`, { method: 'POST', headers, body: '{"title":"e2e"}' });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as { id: string };
      const reply = await fetch(`${base}/v1/conversations/${id}/messages`, {
        method: 'POST',
        headers,
        body: '{"text":"über"}',
      });
      assert.deepEqual(((await reply.json()) as TurnResult).message.text, 'Echo: über');
      const streamed = await fetch(`${base}/v1/conversations/${id}/messages`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: '{"text":"s"}',
      });
      assert.deepEqual(parseEventStream(await streamed.text()).map((frame) => frame.event), [
        'delta',
        'tool',
        'tool',
        'delta',
        'done',
      ]);

      let release: () => void = () => {};
      chat.gate = new Promise((resolve) => {
        release = resolve;
      });
      const abort = new AbortController();
      const cut = await fetch(`${base}/v1/conversations/${id}/messages`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: '{"text":"cut"}',
        signal: abort.signal,
      });
      const reader = (cut.body as ReadableStream<Uint8Array>).getReader();
      assert.match(new TextDecoder().decode((await reader.read()).value), /event: delta/);
      abort.abort();
      release();
      while (chat.finishedTurns.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const history = await fetch(`${base}/v1/conversations/${id}/messages`, { headers });
      const texts = ((await history.json()) as { messages: PublicMessage[] }).messages.map((m) => m.text);
      assert.deepEqual(texts.slice(-2), ['cut', 'Echo: cut']);
      const unauthorized = await fetch(`${base}/v1/conversations/${id}/usage`);
      assert.equal(unauthorized.status, 401);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
