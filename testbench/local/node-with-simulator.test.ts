// `npm start` as the README describes it: with no Bedrock configured, the simulator starts and the first log line says
// so; the server answers over a real port and stops cleanly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeServer } from '../../src/runtime/node.ts';
import { CHILD_PROCESS_SIMULATOR, IN_PROCESS_SIMULATOR } from './simulator-starters.ts';
import { freePort, parseLogLines } from '../../src/runtime/test-support/free-port.ts';

const IS_DENO = 'Deno' in globalThis;

describe('startNodeServer in simulator mode', () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-node-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('announces the simulator first (where it runs), then answers /healthz over a real port', async () => {
    const lines: string[] = [];
    const server = await startNodeServer({ DATABASE_URL: `file:${join(directory, 'simulated.db')}` }, {
      simulator: IS_DENO ? IN_PROCESS_SIMULATOR : CHILD_PROCESS_SIMULATOR,
      port: 0,
      hostname: '127.0.0.1',
      write: (line) => lines.push(line),
    });
    try {
      const [first, ...rest] = parseLogLines(lines);
      const response = await fetch(`${server.url}/healthz`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: 'ok' });
      assert.equal(first?.event, 'bedrock_simulated');
      assert.equal(first?.level, 'warn');
      assert.match(String(first?.note), /^BEDROCK IS SIMULATED: no AWS credentials and no BEDROCK_ENDPOINT are set/);
      assert.match(String(first?.simulatorUrl), /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(String(first?.note), IS_DENO ? /\(in this process\)/ : /\(a child process\)/);
      assert.deepEqual(rest.map((line) => line.event).slice(-2), ['listening', 'development_token']);
      assert.equal(rest.at(-2)?.url, server.url);
      assert.match(server.developmentToken ?? '', /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.equal(rest.at(-1)?.token, server.developmentToken);
      const authorized = await fetch(`${server.url}/v1/conversations/none/messages`, {
        headers: { authorization: `Bearer ${server.developmentToken}` },
      });
      const refused = await fetch(`${server.url}/v1/conversations/none/messages`, {
        headers: { authorization: 'Bearer not.a.token' },
      });
      assert.notEqual(authorized.status, 401);
      assert.equal(refused.status, 401);
    } finally {
      await server.close();
    }
  });
});

describe('node-with-simulator.ts as `npm start` runs it', { skip: IS_DENO ? 'spawns node with tsx' : false }, () => {
  function run(
    env: Record<string, string>,
  ): { stdout: () => string; stderr: () => string; child: ReturnType<typeof spawn>; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'testbench/local/node-with-simulator.ts'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { stdout: () => out, stderr: () => err, child, exited };
  }

  it('serves on PORT and stops cleanly on SIGTERM', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'tokenwise-start-'));
    const port = await freePort();
    const started = run({ PORT: String(port), DATABASE_URL: `file:${join(directory, 'start.db')}` });
    try {
      while (!started.stdout().includes('"event":"listening"')) {
        const exited = await Promise.race([
          started.exited,
          new Promise((resolve) => setTimeout(resolve, 50, 'running')),
        ]);
        if (exited !== 'running') assert.fail(`server exited early: ${started.stderr()}`);
      }
      assert.equal(JSON.parse(started.stdout().split('\n')[0] ?? '').event, 'bedrock_simulated');
      assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
      started.child.kill('SIGTERM');
      assert.equal(await started.exited, 0);
      assert.match(started.stdout(), /"event":"stopped"/);
    } finally {
      started.child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
