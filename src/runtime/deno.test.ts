import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** deno.ts and deno-deploy.ts use the Deno global: load them only under Deno (and keep tsc out of them). */
const IS_DENO = 'Deno' in globalThis;
type DenoModule = {
  startDenoServer(
    env: Record<string, string>,
    options: object,
  ): Promise<{ url: string; developmentToken?: string; close(): Promise<void> }>;
};
type DeployModule = { handleDenoDeployRequest(request: Request, env?: object): Promise<Response> };
const DENO_ENTRY = './deno.ts';
const DEPLOY_ENTRY = './deno-deploy.ts';

describe('startDenoServer', { skip: IS_DENO ? false : 'Deno only' }, () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-deno-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('announces the simulator first, then answers /healthz over a real port', async () => {
    const { startDenoServer } = (await import(DENO_ENTRY)) as DenoModule;
    const lines: string[] = [];
    const server = await startDenoServer({ DATABASE_URL: `file:${join(directory, 'deno.db')}` }, {
      port: 0,
      hostname: '127.0.0.1',
      write: (line: string) => lines.push(line),
    });
    try {
      const response = await fetch(`${server.url}/healthz`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: 'ok' });
      const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
      assert.equal(first.event, 'bedrock_simulated');
      assert.match(String(first.note), /^BEDROCK IS SIMULATED/);
      assert.match(server.developmentToken ?? '', /^[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await server.close();
    }
  });
});

describe('handleDenoDeployRequest', { skip: IS_DENO ? false : 'Deno only' }, () => {
  it('answers /healthz with 503 degraded when the remote database is down', async () => {
    const { handleDenoDeployRequest } = (await import(DEPLOY_ENTRY)) as DeployModule;
    const env = {
      DATABASE_URL: 'http://127.0.0.1:9',
      BEDROCK_ENDPOINT: 'http://127.0.0.1:9',
      AUTH_JWT_SECRET: 'deno-deploy-test-secret-of-enough-length-0',
      LOG_LEVEL: 'error',
    };
    const response = await handleDenoDeployRequest(new Request('https://tokenwise.test/healthz'), env);
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { status: 'degraded' });
  });

  it('refuses a file: database at the edge with 500 config_invalid', async () => {
    const { handleDenoDeployRequest } = (await import(DEPLOY_ENTRY)) as DeployModule;
    const response = await handleDenoDeployRequest(new Request('https://tokenwise.test/healthz'), {
      DATABASE_URL: 'file:x.db',
    });
    assert.equal(response.status, 500);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'config_invalid');
  });
});
