import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sign } from 'hono/utils/jwt/jwt';
import { AppError } from '../errors.ts';
import { SILENT_LOGGER } from '../logger.ts';
import type { ChatService, PublicMessage } from '../turn/chat-service.ts';
import { createApp } from './create-app.ts';
import { mintDevelopmentToken } from './mint-development-token.ts';

const SECRET = 'fuzz-secret-0123456789-abcdefghijklmnop';
const CASES = 600;
const SEED = 20261122;

/** Minimal double: owner-scoped conversations, stores user texts so the test can check them byte for byte. */
function createChat(): ChatService & { stored: Map<string, PublicMessage[]> } {
  const owners = new Map<string, string>();
  const stored = new Map<string, PublicMessage[]>();
  const find = (userId: string, conversationId: string) => {
    if (owners.get(conversationId) !== userId) throw new AppError('not_found', 'conversation not found');
    return stored.get(conversationId) ?? [];
  };
  let counter = 0;
  return {
    stored,
    async createConversation({ userId }) {
      const id = `c${++counter}`;
      owners.set(id, userId);
      stored.set(id, []);
      return { id, createdAt: '2026-01-01T00:00:00.000Z' };
    },
    async sendMessage({ userId, conversationId, text, onEvent }) {
      const messages = find(userId, conversationId);
      messages.push({ id: `m${++counter}`, role: 'user', text, createdAt: '2026-01-01T00:00:00.000Z' });
      onEvent?.({ type: 'delta', text });
      return {
        message: { id: `m${++counter}`, role: 'assistant', text },
        usage: {
          inputTokens: 1,
          outputTokens: 1,
          cacheReadInputTokens: 0,
          cacheWriteInputTokens: 0,
          costUSD: 0,
          naiveCostUSD: 0,
        },
      };
    },
    async listMessages({ userId, conversationId, limit }) {
      return { messages: find(userId, conversationId).slice(-limit), nextBefore: null };
    },
    async getUsage({ userId, conversationId }) {
      find(userId, conversationId);
      return {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        costUSD: 0,
        naiveCostUSD: 0,
        savingPercent: 0,
        summaryTokens: 0,
        summaryGaps: 0,
        unsummarisedMessages: 0,
        cacheWithheld: [],
      };
    },
    async deleteConversation({ userId, conversationId }) {
      find(userId, conversationId);
      owners.delete(conversationId);
    },
  };
}

/** mulberry32: a tiny deterministic generator, so a failure replays with the same seed. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const UNICODE_EDGES = [
  '\u0000',
  '\uFEFF',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2028',
  '\u2029',
  '\uD800',
  '\uDFFF',
  '\uD83D\uDE00',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  '\uFFFD',
  '\uFFFF',
  '\u00A0',
  '\u3000',
  'Ω',
  '𝕏',
  '\t',
  '\r\n',
  '"',
  '\\',
  '</script>',
  "'; DROP TABLE messages;--",
  '%00',
  '${x}',
];

describe('fuzz: malformed requests to every route', () => {
  it(`answers ${CASES} seeded hostile requests without a 5xx, every error in the JSON shape, accepted texts stored exactly`, async () => {
    const random = createRandom(SEED);
    const chat = createChat();
    const app = createApp({
      chat,
      logger: SILENT_LOGGER,
      auth: { jwtSecret: SECRET },
      maxBodyBytes: 4096,
      maxTextChars: 1000,
    });
    const alice = await mintDevelopmentToken({ secret: SECRET, sub: 'alice', ttlSeconds: 600 });
    const bob = await mintDevelopmentToken({ secret: SECRET, sub: 'bob', ttlSeconds: 600 });
    const mine = (await chat.createConversation({ userId: 'alice' })).id;
    const theirs = (await chat.createConversation({ userId: 'bob' })).id;

    const unicodeString = (max: number) =>
      Array.from(
        { length: Math.floor(random.next() * max) },
        () => (random.next() < 0.5
          ? random.pick(UNICODE_EDGES)
          : String.fromCharCode(Math.floor(random.next() * 0x3000))),
      ).join('');
    const anyValue = (depth = 0): unknown => {
      const kind = random.pick(['string', 'number', 'bool', 'null', 'array', 'object', 'big', 'unicode']);
      if (depth > 3) return 1;
      switch (kind) {
        case 'string':
          return 'x'.repeat(Math.floor(random.next() * 1500));
        case 'number':
          return random.pick([0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1]);
        case 'bool':
          return random.next() < 0.5;
        case 'null':
          return null;
        case 'array':
          return [anyValue(depth + 1), anyValue(depth + 1)];
        case 'object':
          return { text: anyValue(depth + 1), [unicodeString(5)]: anyValue(depth + 1) };
        case 'big':
          return 'y'.repeat(5000);
        default:
          return unicodeString(40);
      }
    };
    const bodies: (() => string)[] = [
      () => JSON.stringify({ text: unicodeString(60) }),
      () => JSON.stringify({ text: anyValue() }),
      () => JSON.stringify({ title: anyValue() }),
      () => JSON.stringify(anyValue()),
      () => JSON.stringify({ text: 'hi', [random.pick(['__proto__', 'constructor', 'role', 'Text', ''])]: 1 }),
      () => '{"text":"' + unicodeString(30).replaceAll('"', '').replaceAll('\\', '') + '"',
      () => '['.repeat(5000) + ']'.repeat(5000),
      () => '{"text":' + '{"a":'.repeat(2000) + '1' + '}'.repeat(2001),
      () => '\uFEFF{"text":"bom"}',
      () => '{"text":"dup","text":"' + unicodeString(10).replaceAll('"', '').replaceAll('\\', '') + '"}',
      () =>
        random.pick([
          '',
          ' ',
          'null',
          'true',
          '"text"',
          '{',
          '}',
          '{"text":"\\ud83d"}',
          '{"text":"\\u0000"}',
          '{"text":1e999}',
          'NaN',
        ]),
      () => 'z'.repeat(4097),
    ];
    const paths = [
      '/v1/conversations',
      `/v1/conversations/${mine}/messages`,
      `/v1/conversations/${mine}/usage`,
      `/v1/conversations/${mine}`,
      `/v1/conversations/${theirs}/messages`,
      `/v1/conversations/${theirs}`,
      '/v1/conversations/%FF%FE/messages',
      '/v1/conversations/../../etc/passwd',
      `/v1/conversations/${'a'.repeat(300)}/usage`,
      '/v1/conversations//messages',
      '/healthz',
      '/openapi.json',
      '/',
      '/v2/x',
      '/v1/conversations/%00',
    ];
    const queries = [
      '',
      '?limit=' + random.pick(['0', '1', '100', '101', '-5', '1e2', 'NaN', '%00', '9'.repeat(30)]),
      '?before=%F0%9F%98%80',
      '?limit=2&limit=3',
      '?before=' + 'b'.repeat(300),
      '?x=y',
    ];
    const authorizations = [
      () => `Bearer ${alice}`,
      () => `Bearer ${bob}`,
      () => '',
      () => 'Bearer',
      () => `Basic ${alice}`,
      () => `Bearer ${alice}x`,
      () => `Bearer ${alice.split('.').slice(0, 2).join('.')}.`,
      () => `Bearer ${'A'.repeat(10000)}`,
      () =>
        `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${
          Buffer.from('{"sub":"alice","exp":9999999999}').toString('base64url')
        }.`,
    ];
    const contentTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      '',
      'application/jsonx',
    ];

    let checked = 0;
    for (let index = 0; index < CASES; index += 1) {
      const method = random.pick(['GET', 'POST', 'POST', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD']);
      const path = (random.next() < 0.4 ? `/v1/conversations/${mine}/messages` : random.pick(paths)) +
        random.pick(queries);
      const headers = new Headers();
      const authorization = random.next() < 0.6 ? `Bearer ${alice}` : random.pick(authorizations)();
      if (authorization !== '') headers.set('authorization', authorization);
      const contentType = random.next() < 0.6 ? 'application/json' : random.pick(contentTypes);
      if (contentType !== '') headers.set('content-type', contentType);
      if (random.next() < 0.3) headers.set('accept', 'text/event-stream');
      if (random.next() < 0.3) {
        headers.set('idempotency-key', random.pick(['k1', '', ' ', 'ä', 'k'.repeat(300), 'ok-key']));
      }
      if (random.next() < 0.3) headers.set('x-request-id', random.pick(['abc', '', 'ü', 'x'.repeat(500), '../../']));
      const body = method === 'GET' || method === 'HEAD' ? undefined : random.pick(bodies)();
      const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
      const label = `#${index} ${method} ${path.slice(0, 60)} body=${JSON.stringify(body?.slice(0, 60))}`;
      assert.ok(response.status < 500, `${label} answered ${response.status}`);
      const requestId = response.headers.get('x-request-id');
      assert.ok(requestId !== null && /^[A-Za-z0-9._:-]{1,128}$/.test(requestId), `${label} request id ${requestId}`);
      const text = await response.text();
      if (response.status >= 400 && method !== 'HEAD') {
        const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; requestId?: unknown } };
        assert.equal(typeof parsed.error?.code, 'string', label);
        assert.equal(typeof parsed.error?.message, 'string', label);
        assert.equal(parsed.error?.requestId, requestId, label);
        checked += 1;
      }
      if (response.status === 200 && method === 'POST' && body !== undefined) {
        const sent = (JSON.parse(body.replace(/^\uFEFF/, '')) as { text: string }).text;
        const conversation = path.includes(theirs) ? theirs : mine;
        assert.equal(chat.stored.get(conversation)?.at(-1)?.text, sent, `${label}: stored text differs`);
      }
    }
    assert.ok(checked > CASES / 2, `most fuzz cases are refusals (${checked})`);
  });

  it('refuses a token for an unconfigured algorithm or secret on every route without a 5xx', async () => {
    const app = createApp({ chat: createChat(), logger: SILENT_LOGGER, auth: { jwtSecret: SECRET } });
    const forged = await sign({ sub: 'alice', exp: Math.floor(Date.now() / 1000) + 60 }, 'f'.repeat(40), 'HS384');
    for (
      const path of [
        '/v1/conversations',
        '/v1/conversations/c1/messages',
        '/v1/conversations/c1/usage',
        '/v1/conversations/c1',
      ]
    ) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await app.request(path, { method, headers: { authorization: `Bearer ${forged}` } });
        assert.ok([401].includes(response.status), `${method} ${path} ${response.status}`);
      }
    }
  });
});
