// End to end under Deno: the Deno Deploy entry served on a real port (serveDenoDeploy, as `deno run` starts it), with
// `@libsql/client/web` on the libSQL HTTP fixture and Bedrock on the loopback simulator, driven through the public API.
import { createClient } from '@libsql/client/web';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import { type LibsqlHttpServer, startLibsqlHttpServer } from '../libsql-http/start-libsql-http-server.ts';
import { type SimulatorServer, startSimulatorServer } from '../simulator/start-simulator-server.ts';

/** deno-deploy.ts uses the Deno global: load it only under Deno (a variable path keeps tsc out of it). */
const IS_DENO = 'Deno' in globalThis;
const DEPLOY_ENTRY = '../../src/runtime/deno-deploy.ts';
type DeployServer = { shutdown(): Promise<void> };
type CronRegistrar = (name: string, schedule: string, handler: () => Promise<void>) => Promise<void>;
type DeployModule = {
  scheduleDenoDeployCleanup(options: { env: object; cron: CronRegistrar }): boolean;
  serveDenoDeploy(options: {
    env: object;
    port: number;
    hostname: string;
    onListen: (address: { port: number }) => void;
  }): DeployServer;
};

const SECRET = 'deno-deploy-e2e-secret-of-enough-length-0123';
const DATABASE_TOKEN = 'deno-deploy-e2e-database-token';

type Usage = {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheWriteInputTokens: number;
  costUSD: number;
};

/** The `data` of every SSE frame named `event`. */
function eventsOf(stream: string, event: string): unknown[] {
  return stream.split('\n\n').filter((frame) => frame.startsWith(`event: ${event}\n`)).map((frame) =>
    JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as unknown
  );
}

const promptTokens = (usage: Usage) => usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens;

describe('the Deno Deploy entry end to end', { skip: IS_DENO ? false : 'Deno only' }, () => {
  let libsql: LibsqlHttpServer;
  let bedrock: SimulatorServer;
  let server: DeployServer;
  let deploy: DeployModule;
  let env: Record<string, string>;
  let origin = '';

  before(async () => {
    libsql = await startLibsqlHttpServer({ authToken: DATABASE_TOKEN });
    bedrock = await startSimulatorServer();
    deploy = (await import(DEPLOY_ENTRY)) as DeployModule;
    const { serveDenoDeploy } = deploy;
    env = {
      DATABASE_URL: libsql.url,
      DATABASE_AUTH_TOKEN: DATABASE_TOKEN,
      BEDROCK_ENDPOINT: bedrock.url,
      AUTH_JWT_SECRET: SECRET,
      LOG_LEVEL: 'error',
    };
    await new Promise<void>((resolve) => {
      server = serveDenoDeploy({
        env,
        port: 0,
        hostname: '127.0.0.1',
        onListen: (address) => {
          origin = `http://127.0.0.1:${address.port}`;
          resolve();
        },
      });
    });
  });
  after(async () => {
    await server?.shutdown();
    await bedrock?.close();
    await libsql?.close();
  });

  async function call(path: string, token: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const response = await fetch(`${origin}${path}`, { ...init, headers });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }

  it('creates a conversation, answers a JSON and a streamed turn, lists history and sums usage', async () => {
    const health = await fetch(`${origin}/healthz`);
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }]);
    const token = await mintDevelopmentToken({ secret: SECRET, sub: 'deno-deploy-user', ttlSeconds: 600 });
    const json = { 'content-type': 'application/json' };

    const created = await call('/v1/conversations', token, { method: 'POST', headers: json, body: '{"title":"Deno"}' });
    assert.equal(created.status, 201);
    const { id } = JSON.parse(created.text) as { id: string };

    const first = await call(`/v1/conversations/${id}/messages`, token, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'Add a task to renew my passport by Friday' }),
    });
    assert.equal(first.status, 200);
    const answer = JSON.parse(first.text) as { message: { role: string; text: string }; usage: Usage };
    assert.equal(answer.message.role, 'assistant');
    assert.ok(answer.message.text.length > 0, 'the first answer has text');
    assert.ok(promptTokens(answer.usage) > 0, 'the first turn reports prompt tokens');

    const streamed = await call(`/v1/conversations/${id}/messages`, token, {
      method: 'POST',
      headers: { ...json, accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'Which tasks are due this week?' }),
    });
    assert.deepEqual([streamed.status, streamed.contentType], [200, 'text/event-stream; charset=utf-8']);
    const done = eventsOf(streamed.text, 'done') as { message: { text: string }; usage: Usage }[];
    assert.equal(done.length, 1);
    const deltas = (eventsOf(streamed.text, 'delta') as { text: string }[]).map((delta) => delta.text).join('');
    assert.equal(deltas, done[0]?.message.text);

    const history = JSON.parse((await call(`/v1/conversations/${id}/messages`, token)).text) as {
      messages: { role: string; text: string }[];
    };
    assert.deepEqual(history.messages.map((message) => [message.role, message.text]), [
      ['user', 'Add a task to renew my passport by Friday'],
      ['assistant', answer.message.text],
      ['user', 'Which tasks are due this week?'],
      ['assistant', done[0]?.message.text],
    ]);

    const usage = JSON.parse((await call(`/v1/conversations/${id}/usage`, token)).text) as Usage;
    assert.ok(promptTokens(usage) > promptTokens(answer.usage), 'usage sums both turns');
    assert.ok(usage.outputTokens > 0 && usage.costUSD > 0, 'usage has output tokens and a cost');
    assert.ok(usage.cacheReadInputTokens > 0, 'the second turn read the first one from the prompt cache');

    // The console reads the same figures over the remote database; its page and chart.js come from the app.
    const consoleTurns = JSON.parse((await call(`/v1/console/conversations/${id}/turns`, token)).text) as {
      totals: Usage;
      turns: { costUSD: number; layers: { tools: number } | null }[];
    };
    assert.equal(consoleTurns.totals.costUSD, usage.costUSD);
    assert.equal(consoleTurns.turns.length, 2);
    assert.ok(consoleTurns.turns.every((turn) => (turn.layers?.tools ?? 0) > 0), 'each turn has its prompt layers');
    assert.match((await call('/console/chart.js', token)).text, /Chart\.js v\d+/);

    const database = createClient({ url: libsql.url, authToken: DATABASE_TOKEN });
    try {
      const turns = await database.execute({ sql: 'SELECT status FROM turns WHERE conversation_id = ?', args: [id] });
      assert.deepEqual(turns.rows.map((row) => row['status']), ['complete', 'complete']);
    } finally {
      database.close();
    }
    const mainCalls = bedrock.simulator.log.entries().filter((entry) => entry.operation === 'converse-stream');
    assert.ok(mainCalls.length >= 2, 'both turns reached the simulated Bedrock');
  });

  it('registers the hourly retention clean-up with Deno.cron; a run purges expired rows over the remote database', async () => {
    const token = await mintDevelopmentToken({ secret: SECRET, sub: 'deno-cron-user', ttlSeconds: 600 });
    const { id } = JSON.parse((await call('/v1/conversations', token, { method: 'POST' })).text) as { id: string };
    const database = createClient({ url: libsql.url, authToken: DATABASE_TOKEN });
    try {
      const insertKey = (key: string, at: string) =>
        database.execute({
          sql: 'INSERT INTO idempotency_keys (owner_id, conversation_id, key, request_hash, response, status, ' +
            "created_at) VALUES ('deno-cron-user', ?, ?, 'h', '{}', 'done', ?)",
          args: [id, key, at],
        });
      await insertKey('two-days-old', new Date(Date.now() - 2 * 86_400_000).toISOString());
      await insertKey('fresh', new Date().toISOString());
      const jobs: { name: string; schedule: string; run: () => Promise<void> }[] = [];
      const registered = deploy.scheduleDenoDeployCleanup({
        env,
        cron: (name, schedule, run) => {
          jobs.push({ name, schedule, run });
          return new Promise<void>(() => {});
        },
      });
      assert.equal(registered, true);
      assert.deepEqual(jobs.map((job) => [job.name, job.schedule]), [['tokenwise retention clean-up', '17 * * * *']]);
      await jobs[0]?.run();
      const keys = await database.execute({
        sql: 'SELECT key FROM idempotency_keys WHERE conversation_id = ? ORDER BY key',
        args: [id],
      });
      assert.deepEqual(keys.rows.map((row) => row['key']), ['fresh']);
    } finally {
      database.close();
    }
  });
});
