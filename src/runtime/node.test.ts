import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAppError } from '../errors.ts';
import { startNodeServer } from './node.ts';
import type { NodeServer } from './node.ts';
import { freePort, parseLogLines } from './test-support/free-port.ts';

const SECRET = 'node-runtime-test-secret-of-enough-length-0123';
const IS_DENO = 'Deno' in globalThis;
/** Bedrock mode without a simulator: an endpoint nobody listens on (no request here reaches it). */
const ENDPOINT_ENV = { BEDROCK_ENDPOINT: 'http://127.0.0.1:9', AUTH_JWT_SECRET: SECRET };

describe('startNodeServer', () => {
  let directory: string;
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'tokenwise-node-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('refuses simulator mode when its entry passes no simulator, naming what to set or run instead', async () => {
    const lines: string[] = [];
    await assert.rejects(
      startNodeServer({ DATABASE_URL: `file:${join(directory, 'no-simulator.db')}` }, {
        port: 0,
        hostname: '127.0.0.1',
        write: (line) => lines.push(line),
      }),
      (error: unknown) => {
        assert.ok(isAppError(error, 'config_invalid'), 'a configuration error');
        assert.match(error.message, /No Bedrock is configured \(no AWS credentials and no BEDROCK_ENDPOINT\)/);
        assert.match(error.message, /run `npm start` \(Node\)/);
        return true;
      },
    );
    assert.deepEqual(lines, [], 'nothing was started or logged');
  });

  it('talks to the configured endpoint, without a simulator or a development token, when BEDROCK_ENDPOINT is set', async () => {
    const lines: string[] = [];
    const env = {
      DATABASE_URL: `file:${join(directory, 'endpoint.db')}`,
      BEDROCK_ENDPOINT: 'http://127.0.0.1:9',
      AUTH_JWT_SECRET: SECRET,
    };
    const server = await startNodeServer(env, { port: 0, hostname: '127.0.0.1', write: (line) => lines.push(line) });
    try {
      const events = parseLogLines(lines);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      assert.deepEqual(events[0], {
        ...events[0],
        level: 'info',
        event: 'bedrock',
        endpoint: 'http://127.0.0.1:9',
        credentialSource: 'none',
      });
      assert.ok(!events.some((line) => line.event === 'bedrock_simulated' || line.event === 'development_token'));
      assert.equal(server.developmentToken, undefined);
    } finally {
      await server.close();
    }
  });

  it('refuses a bad configuration with every message before starting anything', async () => {
    const lines: string[] = [];
    await assert.rejects(
      startNodeServer({ PORT: 'abc', LOG_LEVEL: 'loud' }, { write: (line) => lines.push(line) }),
      (error: unknown) => {
        assert.ok(isAppError(error, 'config_invalid'));
        assert.match(error.message, /PORT must be an integer from 1 to 65535, got "abc"; unset it to use 3000/);
        assert.match(error.message, /LOG_LEVEL must be one of debug, info, warn, error/);
        return true;
      },
    );
    assert.deepEqual(lines, []);
  });

  it('closes within its drain timeout while a client holds a connection open without sending a request', async () => {
    const server = await startNodeServer({ ...ENDPOINT_ENV, DATABASE_URL: `file:${join(directory, 'drain.db')}` }, {
      port: 0,
      hostname: '127.0.0.1',
      write: () => {},
      drainTimeoutMs: 200,
    });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const outcome = await Promise.race([
        server.close().then(() => 'closed'),
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still open after 5 s'), 5000))),
      ]);
      assert.equal(outcome, 'closed', 'a silent connection must not hold the server open past the drain timeout');
    } finally {
      clearTimeout(timer);
      socket.destroy();
      await server.close();
    }
  });

  it('keeps the data across a restart and closes twice without error', async () => {
    const env = { ...ENDPOINT_ENV, DATABASE_URL: `file:${join(directory, 'restart.db')}` };
    const first: NodeServer = await startNodeServer(env, { port: 0, hostname: '127.0.0.1', write: () => {} });
    await first.close();
    await first.close();
    const second = await startNodeServer(env, { port: 0, hostname: '127.0.0.1', write: () => {} });
    try {
      assert.equal((await fetch(`${second.url}/healthz`)).status, 200);
    } finally {
      await second.close();
    }
  });
});

describe('node.ts run as a process', { skip: IS_DENO ? 'spawns node with tsx' : false }, () => {
  function run(
    env: Record<string, string>,
  ): { stdout: () => string; stderr: () => string; child: ReturnType<typeof spawn>; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/runtime/node.ts'], {
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

  it('exits 1 printing every configuration problem', async () => {
    const started = run({ PORT: 'abc', AWS_ACCESS_KEY_ID: 'AKIA' });
    assert.equal(await started.exited, 1);
    assert.match(started.stderr(), /PORT must be an integer from 1 to 65535, got "abc"/);
    assert.match(started.stderr(), /AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not/);
  });

  it('serves on PORT and stops cleanly on SIGTERM', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'tokenwise-start-'));
    const port = await freePort();
    const started = run({ ...ENDPOINT_ENV, PORT: String(port), DATABASE_URL: `file:${join(directory, 'start.db')}` });
    try {
      while (!started.stdout().includes('"event":"listening"')) {
        const exited = await Promise.race([
          started.exited,
          new Promise((resolve) => setTimeout(resolve, 50, 'running')),
        ]);
        if (exited !== 'running') assert.fail(`server exited early: ${started.stderr()}`);
      }
      assert.equal(JSON.parse(started.stdout().split('\n')[0] ?? '').event, 'bedrock');
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
