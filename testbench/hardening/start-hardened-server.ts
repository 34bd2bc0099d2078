// Test support for the hardening tests: the real Node server on loopback, pointed at a simulator the test controls.
import { type Client, createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import { type NodeServer, startNodeServer } from '../../src/runtime/node.ts';
import { collectNativeGarbage } from '../../src/store/test-support/collect-native-garbage.ts';
import { type SimulatorServer, startSimulatorServer } from '../simulator/start-simulator-server.ts';

/** The shared secret every hardened server verifies tokens with (tests only). */
export const HARDENING_SECRET = 'hardening-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export type HardenedServer = {
  readonly url: string;
  readonly simulator: SimulatorServer;
  /** Every log line the server wrote, in order (the default level unless `env.LOG_LEVEL` says otherwise). */
  readonly lines: string[];
  readonly databaseUrl: string;
  /** The environment the server was started with (secrets included, so tests can search the log for them). */
  readonly env: Readonly<Record<string, string>>;
  /** A valid HS256 token for `sub`, one hour long. */
  token(sub: string): Promise<string>;
  /** JSON request helper: returns status, parsed body (or raw text when not JSON) and headers. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** A read-only look at the database through a separate client (WAL: it never blocks the server). */
  query(sql: string, args?: readonly (string | number)[]): Promise<Record<string, unknown>[]>;
  /** Stops the server (draining background summaries) and starts it again on the same database and simulator. */
  restart(): Promise<void>;
  /** Stops everything and removes the temp directory. Safe to call twice. */
  close(): Promise<void>;
};

export type CallOptions = {
  readonly token?: string;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
};
export type CallResult = {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly headers: Headers;
};

/** What the environment may be built from: the simulator's base URL and the database file's URL. */
export type HardenedPlaces = { readonly simulatorUrl: string; readonly databaseUrl: string };

/**
 * Starts a simulator and a server using it; `env` adds or overrides variables (e.g. WINDOW_MAX_MESSAGES), or builds
 * them from the simulator's and the database's URLs.
 */
export async function startHardenedServer(
  env: Readonly<Record<string, string>> | ((places: HardenedPlaces) => Readonly<Record<string, string>>) = {},
): Promise<HardenedServer> {
  const directory = mkdtempSync(join(tmpdir(), 'tokenwise-hardening-'));
  const simulator = await startSimulatorServer({ port: 0, hostname: '127.0.0.1' });
  const databaseUrl = `file:${join(directory, 'hardening.db')}`;
  const fullEnv = {
    BEDROCK_ENDPOINT: simulator.url,
    AUTH_JWT_SECRET: HARDENING_SECRET,
    DATABASE_URL: databaseUrl,
    ...(typeof env === 'function' ? env({ simulatorUrl: simulator.url, databaseUrl }) : env),
  };
  const lines: string[] = [];
  const start = () =>
    startNodeServer(fullEnv, {
      port: 0,
      hostname: '127.0.0.1',
      write: (line) => lines.push(line),
      drainTimeoutMs: 1000,
    });
  let server: NodeServer = await start();
  let inspector: Client | undefined;
  let closing: Promise<void> | undefined;
  const handle: HardenedServer = {
    get url() {
      return server.url;
    },
    simulator,
    lines,
    databaseUrl,
    env: fullEnv,
    token: (sub) => mintDevelopmentToken({ secret: HARDENING_SECRET, sub, ttlSeconds: 3600 }),
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON: the raw text stays, and tests asserting the JSON shape will say so.
      }
      return { status: response.status, body: parsed, text, headers: response.headers };
    },
    async query(sql, args = []) {
      inspector ??= createClient({ url: databaseUrl });
      const result = await inspector.execute({ sql, args: [...args] });
      return result.rows.map((row) => Object.fromEntries(result.columns.map((column) => [column, row[column]])));
    },
    async restart() {
      await server.close();
      server = await start();
    },
    close() {
      closing ??= (async () => {
        await server.close();
        await simulator.close();
        inspector?.close();
        collectNativeGarbage();
        rmSync(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
  return handle;
}

/** True when `body` is exactly `{ error: { code, message, requestId } }` with three non-empty strings. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null || Object.keys(error).sort().join() !== 'code,message,requestId') {
    return false;
  }
  return Object.values(error).every((value) => typeof value === 'string' && value !== '');
}
