import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAppError } from '../errors.ts';

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

  it('refuses simulator mode when its entry passes no simulator, naming what to run instead', async () => {
    const { startDenoServer } = (await import(DENO_ENTRY)) as DenoModule;
    const lines: string[] = [];
    await assert.rejects(
      startDenoServer({ DATABASE_URL: `file:${join(directory, 'deno.db')}` }, {
        port: 0,
        hostname: '127.0.0.1',
        write: (line: string) => lines.push(line),
      }),
      (error: unknown) => {
        assert.ok(isAppError(error, 'config_invalid'), 'a configuration error');
        assert.match(error.message, /`npx deno task start` \(Deno\)/);
        return true;
      },
    );
    assert.deepEqual(lines, [], 'nothing was started or logged');
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
