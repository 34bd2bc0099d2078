// Isolation and auth over the real server: bad tokens, cross-user access, secrets and text in logs, system prompts,
// JWKS issuer/audience/leeway, the caller identity HTTP tools receive and the limits on model-chosen tool input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import {
  createSigningKey,
  type JwksServer,
  signTestToken,
  startJwksServer,
  type TestSigningKey,
} from '../../src/http/test-support/jwks-test-issuer.ts';
import { type HardenedServer, HARDENING_SECRET, isErrorShape, startHardenedServer } from './start-hardened-server.ts';
import { startToolBackend, type ToolBackend } from './start-tool-backend.ts';
import { createTurnProbe } from './turn-probe.ts';
import { verifyCallerToken } from './verify-caller-token.ts';

const AWS_KEYS = {
  AWS_ACCESS_KEY_ID: 'AKIAHARDENINGTEST0001',
  AWS_SECRET_ACCESS_KEY: 'hardening/Secret/AccessKey+0123456789abcdefXYZ',
  AWS_SESSION_TOKEN: 'hardening-session-token-IQoJb3JpZ2luX2VjEXAMPLE',
};
/** A Bedrock API key: the main server authenticates with it; static access keys get a server of their own below. */
const BEDROCK_KEY = { AWS_BEARER_TOKEN_BEDROCK: 'ABSKhardening-bedrock-api-key-0123456789abcdef' };
function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Every route that needs a user, with a path for conversation `id`. */
function routes(id: string): { method: string; path: string; body?: unknown }[] {
  return [
    { method: 'POST', path: '/v1/conversations', body: { title: 't' } },
    { method: 'POST', path: `/v1/conversations/${id}/messages`, body: { text: 'hello' } },
    { method: 'GET', path: `/v1/conversations/${id}/messages` },
    { method: 'GET', path: `/v1/conversations/${id}/usage` },
    { method: 'DELETE', path: `/v1/conversations/${id}` },
  ];
}

describe('isolation and auth over the real server', () => {
  let server: HardenedServer;
  let alice: string;
  let bob: string;
  let aliceConversation: string;
  const aliceTexts = [
    'alice-private-text-7d1f: my passport number is X1234567',
    'alice-private-text-9c2e: remind me about the clinic',
    'alice-private-text-4b8a: and the bank code 0042',
    'alice-private-text-1e5d: thanks',
  ];

  before(async () => {
    server = await startHardenedServer({ ...BEDROCK_KEY, WINDOW_MIN_MESSAGES: '2', WINDOW_MAX_MESSAGES: '4' });
    alice = await server.token('alice');
    bob = await server.token('bob');
    const probe = await createTurnProbe(server, 'alice');
    aliceConversation = await probe.createConversation();
    for (const text of aliceTexts) assert.equal((await probe.send(aliceConversation, text)).status, 200);
    await server.restart(); // drains the summary updates, so a summary exists before the next turns
    for (const text of ['alice-private-text-5a5a: what did I ask first?', 'alice-private-text-6b6b: and second?']) {
      assert.equal((await probe.send(aliceConversation, text)).status, 200);
    }
    aliceTexts.push('alice-private-text-5a5a: what did I ask first?', 'alice-private-text-6b6b: and second?');
  });
  after(() => server.close());

  it('refuses a missing, expired, wrongly signed, alg "none" or malformed token on every route with 401', async () => {
    const past = new Date(Date.now() - 7200_000);
    const [header, payload] = alice.split('.') as [string, string];
    const badTokens: Record<string, string | undefined> = {
      missing: undefined,
      expired: await mintDevelopmentToken({ secret: HARDENING_SECRET, sub: 'alice', ttlSeconds: 3600, now: past }),
      'wrongly signed': await mintDevelopmentToken({
        secret: 'another-secret-of-enough-length-0123456789',
        sub: 'alice',
        ttlSeconds: 3600,
      }),
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.${alice.split('.')[2]}`,
      'alg HS512 header swap': `${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}.${alice.split('.')[2]}`,
      'payload swapped to bob': `${header}.${bob.split('.')[1]}.${alice.split('.')[2]}`,
      'not a JWT': 'not-a-token',
    };
    for (const [name, token] of Object.entries(badTokens)) {
      for (const route of routes(aliceConversation)) {
        const answer = await server.call(route.method, route.path, {
          ...(token === undefined ? {} : { token }),
          ...(route.body === undefined ? {} : { body: route.body }),
        });
        assert.equal(answer.status, 401, `${name}: ${route.method} ${route.path} answered ${answer.status}`);
        assert.ok(isErrorShape(answer.body), `${name}: ${answer.text}`);
        assert.match(answer.headers.get('www-authenticate') ?? '', /^Bearer/);
      }
    }
    const basic = await server.call('GET', `/v1/conversations/${aliceConversation}/usage`, {
      headers: { authorization: 'Basic YWxpY2U6cGFzcw==' },
    });
    assert.equal(basic.status, 401);
    assert.equal(
      (await server.call('GET', `/v1/conversations/${aliceConversation}/messages`, { token: alice })).status,
      200,
    );
  });

  it('lets no other user read, write, list, see usage of or delete a conversation: 404, as for one that does not exist', async () => {
    const history = await server.call('GET', `/v1/conversations/${aliceConversation}/messages?limit=100`, {
      token: alice,
    });
    const callsBefore = server.simulator.simulator.log.entries().length;
    const missing = await server.call('GET', '/v1/conversations/no-such-conversation/usage', { token: bob });
    for (const route of routes(aliceConversation).slice(1)) {
      const answer = await server.call(route.method, route.path, {
        token: bob,
        ...(route.body === undefined ? {} : { body: route.body }),
      });
      assert.equal(answer.status, 404, `${route.method} ${route.path} answered ${answer.status}: ${answer.text}`);
      assert.ok(isErrorShape(answer.body));
      const { code, message } = (answer.body as { error: { code: string; message: string } }).error;
      assert.deepEqual({ code, message }, {
        code: (missing.body as { error: { code: string } }).error.code,
        message: (missing.body as { error: { message: string } }).error.message,
      });
    }
    const streamed = await server.call('POST', `/v1/conversations/${aliceConversation}/messages`, {
      token: bob,
      body: { text: 'bob-streamed' },
      headers: { accept: 'text/event-stream' },
    });
    assert.equal(streamed.status, 404);
    const keyed = await server.call('POST', `/v1/conversations/${aliceConversation}/messages`, {
      token: bob,
      body: { text: 'bob-keyed' },
      headers: { 'idempotency-key': 'k-1' },
    });
    assert.equal(keyed.status, 404);
    assert.equal(server.simulator.simulator.log.entries().length, callsBefore, 'no model call was made for bob');
    const after = await server.call('GET', `/v1/conversations/${aliceConversation}/messages?limit=100`, {
      token: alice,
    });
    assert.equal(after.text, history.text);
    assert.equal(
      (await server.call('GET', `/v1/conversations/${aliceConversation}/usage`, { token: alice })).status,
      200,
    );
  });

  it('keeps secrets, tokens and message text out of the log at the default level, through rejections and outages', async () => {
    const probe = await createTurnProbe(server, 'alice');
    const id = await probe.createConversation();
    server.simulator.simulator.faults.inject({
      kind: 'error',
      error: {
        status: 400,
        type: 'ValidationException',
        message: 'The model returned the following errors: Input is invalid.',
      },
    }, { model: 'sonnet' });
    assert.equal((await probe.send(id, 'alice-private-text-8e8e: rejected')).status, 502);
    server.simulator.simulator.faults.inject({ kind: 'internal' }, { model: 'sonnet', times: 6 });
    assert.equal((await probe.send(id, 'alice-private-text-3c3c: during an outage')).status, 503);
    server.simulator.simulator.faults.clear();
    await server.call('POST', `/v1/conversations/${id}/messages`, {
      token: alice,
      body: { text: 'alice-private-text-2d2d', extra: 'alice-private-text-2d2d-extra' },
    });
    await server.call('POST', '/v1/conversations', { token: alice, body: { title: 'alice-private-title-0f0f' } });
    const history = await probe.history(aliceConversation);
    const summaries = (await server.query('SELECT summary FROM conversation_memory')).map((row) =>
      String(row['summary'])
    ).filter((text) => text !== '');
    assert.ok(summaries.length > 0, 'a summary was written');
    const forbidden = [
      HARDENING_SECRET,
      ...Object.values(BEDROCK_KEY),
      alice,
      bob,
      'alice-private-text-8e8e',
      'alice-private-text-3c3c',
      'alice-private-text-2d2d',
      'alice-private-title-0f0f',
      ...history.map((message) => message.text),
      ...summaries,
    ];
    const log = server.lines.join('\n');
    assert.ok(server.lines.length > 20 && log.includes('"level":"info"'), 'the log was written at the default level');
    for (const secret of forbidden) {
      assert.ok(!log.includes(secret.slice(0, 60)), `the log contains ${JSON.stringify(secret.slice(0, 40))}`);
    }
  });

  // Regression: Bedrock quotes request text in some messages, and 5xx messages reach the http_error log line.
  it('keeps user text out of the log when a Bedrock error message quotes it back', async () => {
    const probe = await createTurnProbe(server, 'alice');
    const quoted = 'alice-private-text-8f8f: quoted back by Bedrock';
    server.simulator.simulator.faults.inject({
      kind: 'error',
      error: {
        status: 400,
        type: 'ValidationException',
        message: `messages.0.content.0.text: invalid text "${quoted}"`,
      },
    }, { model: 'sonnet' });
    assert.equal((await probe.send(await probe.createConversation(), quoted)).status, 502);
    assert.ok(!server.lines.join('\n').includes(quoted), 'the log contains the quoted user text');
  });

  it('never puts user text or summaries into system instructions', async () => {
    const stored = (await server.query('SELECT summary FROM conversation_memory')).map((row) => String(row['summary']))
      .filter((text) => text !== '');
    const entries = server.simulator.simulator.log.entries().filter((entry) =>
      entry.operation === 'converse' || entry.operation === 'converse-stream'
    );
    const bodies = entries.map((entry) => ({
      system: JSON.stringify((entry.request as { system?: unknown }).system ?? []),
      messages: JSON.stringify((entry.request as { messages?: unknown }).messages ?? []),
    }));
    // Every summary a prompt carried, read back from the <conversation_summary> wrapper in its messages.
    const prompted = bodies.flatMap((body) =>
      [...body.messages.matchAll(/<conversation_summary>\\n(.*?)\\n<\/conversation_summary>/g)].map((match) =>
        match[1] ?? ''
      )
    );
    const userTexts = aliceTexts.map((text) => text.slice(0, 24));
    // The checks can fail: user text and summaries do reach the model, in messages.
    assert.ok(
      bodies.some((body) => userTexts.some((text) => body.messages.includes(text))),
      'prompts carry user text in messages',
    );
    assert.ok(
      prompted.length > 0 && prompted.every((summary) => summary.length > 20),
      'a later prompt carries the summary in messages',
    );
    for (const body of bodies) {
      for (
        const text of [
          ...userTexts,
          ...prompted.map((summary) => summary.slice(0, 60)),
          ...stored.map((summary) => JSON.stringify(summary).slice(1, 61)),
        ]
      ) {
        assert.ok(!body.system.includes(text), `system contains ${JSON.stringify(text.slice(0, 40))}`);
      }
    }
  });

  // Regression: the deep-frozen config's credentials once made the SDK's signer throw (it tags `$source` on the object).
  it('answers turns with static AWS access keys and keeps them out of the log', async () => {
    const keyed = await startHardenedServer(AWS_KEYS);
    try {
      const probe = await createTurnProbe(keyed, 'carol');
      const answer = await probe.send(await probe.createConversation(), 'carol-private-text');
      assert.equal(answer.status, 200, answer.text);
      const log = keyed.lines.join('\n');
      for (const secret of [...Object.values(AWS_KEYS), 'carol-private-text']) {
        assert.ok(!log.includes(secret), `the log contains ${secret}`);
      }
    } finally {
      await keyed.close();
    }
  });
});

describe('JWKS auth, the caller identity HTTP tools receive, and their boundaries, over the real server', () => {
  const ISSUER = 'https://id.example.test/';
  const AUDIENCE = 'tokenwise-api';
  const CALLER_SECRET = 'isolation-caller-secret-0123456789-abcdefgh';
  let key: TestSigningKey;
  let jwks: JwksServer;
  let backend: ToolBackend;
  let directory: string;
  let server: HardenedServer;

  const seconds = () => Math.floor(Date.now() / 1000);
  const tokenFor = (sub: string, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
    signTestToken(key, { sub, iss: ISSUER, aud: AUDIENCE, iat: seconds(), exp: seconds() + 300, ...claims }, {
      typ: 'at+jwt',
      ...header,
    });

  before(async () => {
    key = await createSigningKey('RS256', 'isolation-rsa');
    jwks = await startJwksServer([key]);
    backend = await startToolBackend((request, response) => {
      if (!request.url.startsWith('/redirect')) return false;
      response.writeHead(302, { location: `http://localhost:${new URL(backend.url).port}/elsewhere` }).end();
      return true;
    });
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-isolation-tools-'));
    const orderSchema = {
      type: 'object',
      properties: { orderId: { type: 'string', pattern: '^[A-Z]-[0-9]{1,6}$' }, tenant: { type: 'string' } },
      required: ['orderId'],
      additionalProperties: false,
    };
    const manifest = join(directory, 'tools.json');
    writeFileSync(
      manifest,
      JSON.stringify([
        {
          name: 'lookup_order',
          description: 'Looks up the shipping status of an order by its id.',
          inputSchema: orderSchema,
          tags: ['orders'],
          http: { url: `${backend.url}/orders?tenant=acme`, method: 'GET', allowPrivateNetwork: true },
        },
        {
          name: 'internal_report',
          description: 'Reads the internal order report.',
          inputSchema: { type: 'object' },
          tags: ['orders'],
          http: { url: `${backend.url}/internal`, method: 'GET' },
        },
        {
          name: 'moved_order',
          description: 'Looks up an order in the old system.',
          inputSchema: { type: 'object' },
          tags: ['orders'],
          http: { url: `${backend.url}/redirect`, method: 'GET', allowPrivateNetwork: true },
        },
      ]),
    );
    server = await startHardenedServer({
      AUTH_JWT_SECRET: '',
      AUTH_JWKS_URL: jwks.url,
      AUTH_JWT_ISSUER: ISSUER,
      AUTH_JWT_AUDIENCE: AUDIENCE,
      TOOL_CALLER_SECRET: CALLER_SECRET,
      TOOLS_MANIFEST: manifest,
    });
  });
  after(async () => {
    await server?.close();
    await backend?.close();
    await jwks?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('accepts only tokens this issuer signed for this API, within the clock-skew leeway', async () => {
    const create = async (token: string) => (await server.call('POST', '/v1/conversations', { token })).status;
    assert.equal(await create(await tokenFor('alice')), 201);
    assert.equal(await create(await tokenFor('alice', {}, { typ: 'JWT' })), 201);
    assert.equal(await create(await tokenFor('alice', { exp: seconds() - 30 })), 201, '30 s late: inside the leeway');
    assert.equal(await create(await tokenFor('alice', { nbf: seconds() + 30 })), 201, 'a phone clock 30 s fast');
    const refused: Record<string, Record<string, unknown>> = {
      'another application of the same provider': { aud: 'another-app' },
      'another issuer': { iss: 'https://other.example.test/' },
      'no audience': { aud: undefined },
      'expired beyond the leeway': { exp: seconds() - 120 },
      'not valid for two more minutes': { nbf: seconds() + 120 },
    };
    for (const [label, claims] of Object.entries(refused)) {
      assert.equal(await create(await tokenFor('alice', claims)), 401, label);
    }
  });

  it('signs who each HTTP tool call is for, and model-chosen input can change neither the user nor the fixed query', async () => {
    const alice = await tokenFor('alice');
    const created = await server.call('POST', '/v1/conversations', { token: alice });
    const conversationId = (created.body as { id: string }).id;
    const simulator = server.simulator.simulator;
    simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [
          { id: 'call-ok', name: 'lookup_order', input: { orderId: 'A-1' } },
          { id: 'call-user', name: 'lookup_order', input: { orderId: 'A-2', userId: 'bob' } },
          { id: 'call-tenant', name: 'lookup_order', input: { orderId: 'A-3', tenant: 'evil' } },
          { id: 'call-type', name: 'lookup_order', input: { orderId: 42 } },
          { id: 'call-private', name: 'internal_report', input: {} },
          { id: 'call-redirect', name: 'moved_order', input: {} },
        ],
      },
      { model: 'sonnet', text: 'Order A-1 is on its way.' },
    );
    const before = backend.requests.length;
    const answer = await server.call('POST', `/v1/conversations/${conversationId}/messages`, {
      token: alice,
      body: { text: 'Where are my orders?' },
    });
    assert.equal(answer.status, 200, answer.text);

    const calls = backend.requests.slice(before);
    assert.deepEqual(calls.map((call) => call.url), ['/orders?tenant=acme&orderId=A-1', '/redirect']);
    const token = String(calls[0]?.headers['x-tokenwise-caller']);
    const claims = verifyCallerToken(token, { secret: CALLER_SECRET, origin: backend.url });
    assert.ok(claims !== null, 'the backend verifies the caller token with TOOL_CALLER_SECRET');
    assert.deepEqual(
      [claims.sub, claims.conversation_id, claims.tool_call_id, claims.tool, claims.exp - claims.iat],
      ['alice', conversationId, 'call-ok', 'lookup_order', 60],
    );
    assert.equal(verifyCallerToken(token, { secret: `${CALLER_SECRET}x`, origin: backend.url }), null);
    assert.equal(verifyCallerToken(token, { secret: CALLER_SECRET, origin: 'https://other.example' }), null);

    const rows = await server.query('SELECT content FROM messages WHERE conversation_id = ? ORDER BY seq', [
      conversationId,
    ]);
    const results = new Map(
      rows.flatMap((row) => JSON.parse(String(row['content'])) as { type: string; toolUseId?: string; text?: string }[])
        .filter((block) => block.type === 'tool_result').map((block) => [block.toolUseId, block.text ?? '']),
    );
    assert.match(results.get('call-user') ?? '', /does not match the tool's inputSchema/);
    assert.match(results.get('call-tenant') ?? '', /"tenant" cannot be set/);
    assert.match(results.get('call-type') ?? '', /does not match the tool's inputSchema/);
    assert.match(results.get('call-private') ?? '', /loopback or private/);
    assert.match(results.get('call-redirect') ?? '', /redirect to a host the manifest does not allow/);
  });
});
