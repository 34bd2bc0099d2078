// Opens the libSQL database of the service: a shared, queued client for local files, a plain one for remote servers.
import type { Client, Transaction } from '@libsql/client';
import type { Logger } from '../logger.ts';
import { type Connection, type CreateClient, createConnection } from './create-connection.ts';
import type { Database, TransactionHandle } from './database.ts';
import { type DatabaseRegistry, PROCESS_REGISTRY } from './database-registry.ts';
import { isLocalDatabaseUrl, resolveDatabaseKey } from './resolve-database-key.ts';

export type { Database, TransactionHandle } from './database.ts';
export type { CreateClient } from './create-connection.ts';

/**
 * How long SQLite waits for another process's lock before answering BUSY. libSQL's local client waits synchronously,
 * blocking every other request of the process, so the wait is short and the rest happens between attempts on a timer.
 */
const DEFAULT_BUSY_TIMEOUT_MS = 200;
/** Attempts of one operation when BUSY (each on a fresh client): 6 × 200 ms blocked plus 3.1 s of timers ≈ 4.3 s in all. */
const DEFAULT_MAX_ATTEMPTS = 6;
/** Timer wait before the second attempt, doubled before each later one (100, 200, 400, 800, 1600 ms). */
const DEFAULT_RETRY_DELAY_MS = 100;

export type OpenDatabaseOptions = {
  /** `file:path.db` (relative to the working directory), `:memory:`, `libsql://…`, `https://…` or `http://…`. */
  readonly url: string;
  readonly authToken?: string;
  /** `createClient` of `@libsql/client` (Node, Deno) or `@libsql/client/web` (edge): this module imports neither. */
  readonly createClient: CreateClient;
  readonly busyTimeoutMs?: number;
  readonly maxAttempts?: number;
  /** Timer wait before the second attempt after BUSY, doubled before each later one. */
  readonly retryDelayMs?: number;
  readonly logger?: Logger;
  /** The clients that count as "this process" (default: the module-level one); tests pass a fresh one. */
  readonly registry?: DatabaseRegistry;
};

/**
 * Opens a Database. For a `file:` URL every handle of this process (per registry) shares one client on one
 * connection, its operations queued in order, with WAL, busy_timeout, synchronous=NORMAL and foreign_keys=ON set
 * (checked now, so a bad path fails here). Remote URLs get a client of their own and are not contacted until first use.
 * Fails with AppError('config_invalid') for an unusable URL, 'store_error'/'store_busy' when the file cannot be opened.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const local = isLocalDatabaseUrl(options.url);
  const key = resolveDatabaseKey(options.url);
  const registry = options.registry ?? PROCESS_REGISTRY;
  const existing = key === null ? undefined : registry.get(key);
  if (key !== null && existing !== undefined) {
    existing.handles += 1;
    return createHandle(existing.connection, local, () => release(registry, key));
  }
  const connection = createConnection({
    config: {
      url: options.url,
      ...(options.authToken === undefined ? {} : { authToken: options.authToken }),
      ...(local ? { concurrency: 1, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS } : {}),
    },
    createClient: options.createClient,
    local,
    wal: key !== null,
    busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    retryDelayMs: Math.max(0, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS),
    logger: options.logger,
  });
  if (key !== null) registry.set(key, { connection, handles: 1 });
  const database = createHandle(connection, local, () => (key === null ? connection.close() : release(registry, key)));
  if (local) {
    try {
      await connection.run('open', async () => undefined);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function release(registry: DatabaseRegistry, key: string): Promise<void> {
  const entry = registry.get(key);
  if (entry === undefined) return;
  entry.handles -= 1;
  if (entry.handles > 0) return;
  registry.delete(key);
  await entry.connection.close();
}

function createHandle(connection: Connection, local: boolean, onClose: () => Promise<void>): Database {
  let closing: Promise<void> | null = null;
  return {
    kind: local ? 'file' : 'remote',
    read: (statement) => connection.run('read', (client) => client.execute(statement)),
    write: (statement) => connection.run('write', (client) => client.execute(statement)),
    batchWrite: (statements) =>
      statements.length === 0
        ? Promise.resolve([])
        : connection.run('batch', (client) => client.batch([...statements], 'write')),
    transaction: (body) => connection.run('transaction', (client) => runTransaction(client, body)),
    ping: async () => {
      await connection.run('ping', (client) => client.execute('SELECT 1'));
    },
    close: () => (closing ??= onClose()),
  };
}

async function runTransaction<T>(client: Client, body: (transaction: TransactionHandle) => Promise<T>): Promise<T> {
  const transaction: Transaction = await client.transaction('write');
  try {
    const result = await body({
      execute: (statement) => transaction.execute(statement),
      executeMultiple: (sql) => transaction.executeMultiple(sql),
    });
    await transaction.commit();
    return result;
  } finally {
    transaction.close();
  }
}
