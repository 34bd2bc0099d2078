import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@libsql/client/web';
import type { Config as LibsqlConfig } from '@libsql/client';
import { createEdgeHandler } from './create-edge-handler.ts';

const SECRET = 'edge-handler-test-secret-of-enough-length-01';
/** Loopback port 9 refuses connections: a remote database that is down, without leaving the machine. */
const UNREACHABLE = 'http://127.0.0.1:9';
const ENV = { DATABASE_URL: UNREACHABLE, BEDROCK_ENDPOINT: UNREACHABLE, AUTH_JWT_SECRET: SECRET };

function countingClient(): { createClient: typeof createClient; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    createClient: (config: LibsqlConfig) => {
      urls.push(config.url);
      return createClient(config);
    },
  };
}

describe('createEdgeHandler', () => {
  for (const runtime of ['workers', 'deno-deploy'] as const) {
    it(`answers /healthz with 503 degraded JSON on ${runtime} when the remote database is down`, async () => {
      const handle = createEdgeHandler({ runtime, createClient });
      const response = await handle(new Request('https://tokenwise.test/healthz'), { ...ENV, LOG_LEVEL: 'error' });
      assert.equal(response.status, 503);
      assert.deepEqual(await response.json(), { status: 'degraded' });
    });

    it(`answers 500 config_invalid on ${runtime} when the bindings are incomplete`, async () => {
      const handle = createEdgeHandler({ runtime, createClient });
      const response = await handle(new Request('https://tokenwise.test/healthz'), { DATABASE_URL: 'file:local.db' });
      assert.equal(response.status, 500);
      const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
      assert.deepEqual({ ...body.error, requestId: typeof body.error.requestId }, {
        code: 'config_invalid',
        message: 'The server is misconfigured; its log lists what to fix.',
        requestId: 'string',
      });
    });
  }

  it('builds once per env object and ignores bindings that are not strings', async () => {
    const { createClient: counted, urls } = countingClient();
    const handle = createEdgeHandler({ runtime: 'workers', createClient: counted });
    const env = { ...ENV, LOG_LEVEL: 'error', KV: { get() {} }, PORT: 42 };
    for (let index = 0; index < 3; index += 1) await handle(new Request('https://tokenwise.test/healthz'), env);
    assert.deepEqual(urls, [UNREACHABLE]);
    await handle(new Request('https://tokenwise.test/healthz'), { ...env });
    assert.equal(urls.length, 2);
  });
});
