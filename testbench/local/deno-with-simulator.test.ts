// `deno task start` as the README describes it: with no Bedrock configured, the simulator runs in the process and the
// first log line says so.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_PROCESS_SIMULATOR } from './simulator-starters.ts';

/** deno.ts uses the Deno global: load it only under Deno (and keep tsc out of it). */
const IS_DENO = 'Deno' in globalThis;
type DenoModule = {
  startDenoServer(
    env: Record<string, string>,
    options: object,
  ): Promise<{ url: string; developmentToken?: string; close(): Promise<void> }>;
};
const DENO_ENTRY = '../../src/runtime/deno.ts';

describe(
  'startDenoServer in simulator mode (as `deno task start` runs it)',
  { skip: IS_DENO ? false : 'Deno only' },
  () => {
    let directory: string;
    before(() => {
      directory = mkdtempSync(join(tmpdir(), 'tokenwise-deno-'));
    });
    after(() => rmSync(directory, { recursive: true, force: true }));

    it('announces the simulator first, then answers /healthz over a real port', async () => {
      const { startDenoServer } = (await import(DENO_ENTRY)) as DenoModule;
      const lines: string[] = [];
      const server = await startDenoServer({ DATABASE_URL: `file:${join(directory, 'deno.db')}` }, {
        simulator: IN_PROCESS_SIMULATOR,
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
  },
);
