import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { freePort } from './test-support/free-port.ts';

/** `wrangler dev` bundles and boots workerd: about 15 s on a cold cache; the bound only stops a hung start. */
const START_LIMIT_MS = 90_000;
const IS_DENO = 'Deno' in globalThis;

describe('wrangler dev', { skip: IS_DENO ? 'spawns node' : false }, () => {
  it('starts offline and answers /healthz from the worker (503 degraded: no libSQL server on loopback)', async () => {
    const port = await freePort();
    const args = [
      'node_modules/wrangler/bin/wrangler.js',
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--var',
      'AUTH_JWT_SECRET:wrangler-dev-test-secret-0123456789abcdef',
    ];
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      CI: 'true',
    };
    const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stopGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    try {
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`wrangler dev did not start:\n${output}`)), START_LIMIT_MS);
        child.stdout.on('data', () => {
          if (output.includes('Ready on')) {
            clearTimeout(timer);
            resolve();
          }
        });
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`wrangler dev exited:\n${output}`));
        });
      });
      await ready;
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      assert.equal(response.status, 503);
      assert.deepEqual(await response.json(), { status: 'degraded' });
    } finally {
      stopGroup('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      stopGroup('SIGKILL');
    }
  });
});
