// Test fixture: a loopback libSQL server speaking Hrana over HTTP (JSON, v2 and v3) over a real libSQL database.
import { createClient } from '@libsql/client';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConnectionGate } from './create-connection-gate.ts';
import { createSqlSession } from './create-sql-session.ts';
import { createStreamTable } from './create-stream-table.ts';
import { HranaProtocolError } from './hrana-error.ts';
import { runPipeline } from './run-pipeline.ts';

export type LibsqlHttpServerOptions = {
  /** Default 0: an ephemeral port. */
  readonly port?: number;
  readonly hostname?: string;
  /** `file:path.db` or `:memory:` (default). */
  readonly databaseUrl?: string;
  /** When set, pipeline requests need `Authorization: Bearer <authToken>` (version probes stay open, as in sqld). */
  readonly authToken?: string;
  /** Idle time before a stream expires and its transaction rolls back (default 10 s, as sqld). */
  readonly idleTimeoutMs?: number;
};

export type LibsqlHttpServer = {
  /** `http://127.0.0.1:<port>`: pass it as the `url` of `@libsql/client/web`'s createClient. */
  readonly url: string;
  readonly port: number;
  /** Rolls back open transactions, stops listening and closes the database. */
  close(): Promise<void>;
};

const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
/** Large enough for any batch tokenwise sends (a turn's messages), small enough to refuse a runaway client. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const BUSY_TIMEOUT_MS = 5000;
const PIPELINES = new Map<string, 2 | 3>([['/v2/pipeline', 2], ['/v3/pipeline', 3]]);
const PROBES = new Set(['/', '/v2', '/v3', '/health']);

/**
 * Opens the database (one connection: WAL for files, busy_timeout, foreign_keys=ON as sqld enables them) and listens.
 * Each Hrana stream gets its own SQL session; one stream at a time uses the connection, and a stream inside an
 * explicit transaction keeps it until COMMIT/ROLLBACK, close or expiry, so other streams wait (never see its writes).
 */
export async function startLibsqlHttpServer(options: LibsqlHttpServerOptions = {}): Promise<LibsqlHttpServer> {
  const databaseUrl = options.databaseUrl ?? ':memory:';
  const client = createClient({ url: databaseUrl, intMode: 'bigint', concurrency: 1 });
  await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (databaseUrl !== ':memory:' && !databaseUrl.includes(':memory:')) {
    await client.execute('PRAGMA journal_mode = WAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const gate = createConnectionGate();
  const streams = createStreamTable({
    createSession: () => createSqlSession(client),
    gate,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  });
  const token = options.authToken === undefined ? undefined : Buffer.from(`Bearer ${options.authToken}`);

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const path = new URL(incoming.url ?? '/', 'http://fixture').pathname.replace(/\/+$/, '') || '/';
    if (incoming.method === 'GET' && PROBES.has(path)) {
      return sendText(outgoing, 200, 'Hello, this is the tokenwise libSQL HTTP fixture (Hrana over HTTP, JSON)');
    }
    const version = PIPELINES.get(path);
    if (incoming.method !== 'POST' || version === undefined) {
      const message = path.endsWith('/cursor') || path.includes('protobuf')
        ? `${path} is not supported (JSON pipelines only)`
        : `no route ${incoming.method} ${path}`;
      return sendJson(outgoing, 404, { message, code: 'NOT_FOUND' });
    }
    if (token !== undefined && !matches(incoming.headers.authorization, token)) {
      return sendJson(outgoing, 401, { message: 'missing or wrong Authorization: Bearer token', code: 'UNAUTHORIZED' });
    }
    const body = await readJson(incoming);
    sendJson(outgoing, 200, await runPipeline({ body, version, streams, gate }));
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      const status = error instanceof HranaProtocolError ? error.status : 500;
      const code = error instanceof HranaProtocolError ? error.code : 'INTERNAL';
      sendJson(outgoing, status, { message: error instanceof Error ? error.message : String(error), code });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.hostname ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = (options.hostname ?? '127.0.0.1').includes(':')
    ? `[${options.hostname}]`
    : (options.hostname ?? '127.0.0.1');
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => (closing ??= (async () => {
      await streams.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      client.close();
    })()),
  };
}

async function readJson(incoming: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new HranaProtocolError(`the body exceeds ${MAX_BODY_BYTES} bytes`, 'BODY_TOO_LARGE', 413);
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HranaProtocolError('the body is not valid JSON', 'JSON_INVALID');
  }
}

function matches(header: string | undefined, expected: Buffer): boolean {
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sendJson(outgoing: ServerResponse, status: number, body: object): void {
  if (outgoing.headersSent) {
    outgoing.end();
    return;
  }
  // exactly "application/json": @libsql/hrana-client parses an error body only for that content type
  outgoing.writeHead(status, { 'content-type': 'application/json' });
  outgoing.end(JSON.stringify(body));
}

function sendText(outgoing: ServerResponse, status: number, text: string): void {
  outgoing.writeHead(status, { 'content-type': 'text/plain' });
  outgoing.end(text);
}
