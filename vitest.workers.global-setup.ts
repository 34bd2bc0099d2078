// Node side of the workerd specs: a libSQL HTTP fixture (file database) and the Bedrock simulator on loopback ports,
// their URLs handed to the specs through vitest's provide/inject; both stop (and the file goes) after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLibsqlHttpServer } from './testbench/libsql-http/start-libsql-http-server.ts';
import { startSimulatorServer } from './testbench/simulator/start-simulator-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the libSQL HTTP fixture (DATABASE_URL inside the worker). */
    libsqlUrl: string;
    /** The bearer token the fixture requires (DATABASE_AUTH_TOKEN). */
    libsqlAuthToken: string;
    /** Base URL of the Bedrock simulator (BEDROCK_ENDPOINT). */
    bedrockUrl: string;
  }
}

const LIBSQL_AUTH_TOKEN = 'workerd-e2e-libsql-token';

/** Starts both servers before any spec file runs; the returned function stops them after the last one. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'tokenwise-workerd-'));
  const libsql = await startLibsqlHttpServer({
    databaseUrl: `file:${join(directory, 'e2e.db')}`,
    authToken: LIBSQL_AUTH_TOKEN,
  });
  const simulator = await startSimulatorServer();
  project.provide('libsqlUrl', libsql.url);
  project.provide('libsqlAuthToken', LIBSQL_AUTH_TOKEN);
  project.provide('bedrockUrl', simulator.url);
  return async () => {
    await simulator.close();
    await libsql.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
