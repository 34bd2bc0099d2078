// End to end inside workerd: the worker's own fetch with bindings pointing at the Node-side libSQL HTTP fixture and
// Bedrock simulator (started by vitest.workers.global-setup.ts), driving a conversation through the public API.
import { createClient } from '@libsql/client/web';
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintDevelopmentToken } from '../http/mint-development-token.ts';
import worker from './worker.ts';

/** A value vitest.workers.global-setup.ts provides; without that globalSetup the file fails saying how to fix it. */
function provided(key: 'libsqlUrl' | 'libsqlAuthToken' | 'bedrockUrl'): string {
  const value: unknown = inject(key);
  if (typeof value !== 'string') {
    throw new Error(
      `${key} was not provided: add globalSetup: ['./vitest.workers.global-setup.ts'] to vitest.workers.config.ts`,
    );
  }
  return value;
}

/** One bindings object for the whole file: the edge handler builds its services once per env object. */
const bindings = {
  ...env,
  DATABASE_URL: provided('libsqlUrl'),
  DATABASE_AUTH_TOKEN: provided('libsqlAuthToken'),
  BEDROCK_ENDPOINT: provided('bedrockUrl'),
};
const database = createClient({ url: bindings.DATABASE_URL, authToken: bindings.DATABASE_AUTH_TOKEN });
afterAll(() => database.close());

async function call(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; contentType: string; text: string }> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  const context = createExecutionContext();
  const response = await worker.fetch(
    new Request(`https://tokenwise.test${path}`, { ...init, headers }),
    bindings,
    context,
  );
  const text = await response.text();
  await waitOnExecutionContext(context);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** The `data` of every SSE frame named `event`. */
function eventsOf(stream: string, event: string): unknown[] {
  return stream.split('\n\n').filter((frame) => frame.startsWith(`event: ${event}\n`)).map((frame) =>
    JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as unknown
  );
}

describe('worker end to end over the libSQL HTTP fixture and the Bedrock simulator', () => {
  it('is healthy once it has migrated the remote database', async () => {
    const health = await call('/healthz');
    expect([health.status, JSON.parse(health.text)]).toEqual([200, { status: 'ok' }]);
  });

  it('creates a conversation, answers JSON and SSE turns, lists history and usage, and deletes it', async () => {
    const token = await mintDevelopmentToken({
      secret: String(bindings.AUTH_JWT_SECRET),
      sub: 'e2e-user',
      ttlSeconds: 600,
    });
    const created = await call('/v1/conversations', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edge' }),
    });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.text) as { id: string };

    const json = await call(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello from workerd' }),
    });
    expect(json.status).toBe(200);
    type Usage = { inputTokens: number; cacheReadInputTokens: number; cacheWriteInputTokens: number };
    const first = JSON.parse(json.text) as { message: { role: string; text: string }; usage: Usage };
    const promptTokens = (usage: Usage) => usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens;
    expect(first.message.role).toBe('assistant');
    expect(first.message.text.length).toBeGreaterThan(0);
    expect(promptTokens(first.usage)).toBeGreaterThan(0);

    const sse = await call(`/v1/conversations/${id}/messages`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'And a streamed answer, please' }),
    });
    expect([sse.status, sse.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const done = eventsOf(sse.text, 'done') as { message: { text: string } }[];
    expect(done).toHaveLength(1);
    expect((eventsOf(sse.text, 'delta') as { text: string }[]).map((delta) => delta.text).join('')).toBe(
      done[0]?.message.text,
    );

    const history = await call(`/v1/conversations/${id}/messages`, { token });
    const listed = (JSON.parse(history.text) as { messages: { role: string; text: string }[] }).messages;
    expect(listed.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect([listed[0]?.text, listed[1]?.text, listed[2]?.text, listed[3]?.text]).toEqual([
      'Hello from workerd',
      first.message.text,
      'And a streamed answer, please',
      done[0]?.message.text,
    ]);

    const usage = JSON.parse((await call(`/v1/conversations/${id}/usage`, { token })).text) as Usage & {
      outputTokens: number;
    };
    expect(promptTokens(usage)).toBeGreaterThan(promptTokens(first.usage));
    expect(usage.outputTokens).toBeGreaterThan(0);

    const turns = await database.execute({
      sql: 'SELECT status FROM turns WHERE conversation_id = ? ORDER BY started_at',
      args: [id],
    });
    expect(turns.rows.map((row) => row['status'])).toEqual(['complete', 'complete']);
    const stored = await database.execute({
      sql: 'SELECT role FROM messages WHERE conversation_id = ? ORDER BY seq',
      args: [id],
    });
    expect(stored.rows.map((row) => row['role'])).toEqual(['user', 'assistant', 'user', 'assistant']);

    expect((await call(`/v1/conversations/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await call(`/v1/conversations/${id}/messages`, { token })).status).toBe(404);
    const left = await database.execute({
      sql:
        'SELECT (SELECT count(*) FROM messages WHERE conversation_id = ?) + (SELECT count(*) FROM turns WHERE conversation_id = ?) AS n',
      args: [id, id],
    });
    expect(left.rows[0]?.['n']).toBe(0);
  });

  it('runs the retention clean-up from its scheduled handler (the cron trigger): expired rows go, fresh ones stay', async () => {
    const token = await mintDevelopmentToken({
      secret: String(bindings.AUTH_JWT_SECRET),
      sub: 'cron-user',
      ttlSeconds: 600,
    });
    const created = await call('/v1/conversations', { method: 'POST', token });
    const { id } = JSON.parse(created.text) as { id: string };
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await database.batch([
      {
        sql:
          'INSERT INTO idempotency_keys (owner_id, conversation_id, key, request_hash, response, status, created_at) ' +
          "VALUES ('cron-user', ?, ?, 'h', '{}', 'done', ?)",
        args: [id, 'two-days-old', daysAgo(2)],
      },
      {
        sql:
          'INSERT INTO idempotency_keys (owner_id, conversation_id, key, request_hash, response, status, created_at) ' +
          "VALUES ('cron-user', ?, ?, 'h', '{}', 'done', ?)",
        args: [id, 'fresh', daysAgo(0)],
      },
      {
        sql: 'INSERT INTO usage_ledger (id, conversation_id, turn_id, kind, model_id, input_tokens, output_tokens, ' +
          'cache_read_tokens, cache_write_tokens, naive_input_tokens, estimated_input_tokens, cost_usd, naive_cost_usd, ' +
          "created_at) VALUES ('old-call', ?, NULL, 'main', 'm', 10, 1, 0, 0, 10, 10, 0.25, 1, ?)",
        args: [id, daysAgo(200)],
      },
    ], 'write');

    const context = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: '17 * * * *' }), bindings, context);
    await waitOnExecutionContext(context);

    const keys = await database.execute({
      sql: 'SELECT key FROM idempotency_keys WHERE conversation_id = ? ORDER BY key',
      args: [id],
    });
    expect(keys.rows.map((row) => row['key'])).toEqual(['fresh']);
    const ledger = await database.execute("SELECT count(*) AS n FROM usage_ledger WHERE id = 'old-call'");
    expect(ledger.rows[0]?.['n']).toBe(0);
    const usage = JSON.parse((await call('/v1/usage', { token })).text) as {
      totals: { calls: number; costUSD: number };
    };
    expect(usage.totals).toMatchObject({ calls: 1, costUSD: 0.25 }); // folded into the per-user totals, not lost
  });
});
