// One libSQL client with the rules a SQLite file needs: a serial queue, WAL + busy_timeout, and a fresh client after BUSY.
import type { Client, Config } from '@libsql/client';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { isBusyError, sqliteCode, toStoreError } from './to-store-error.ts';

export type CreateClient = (config: Config) => Client;

/**
 * WAL pages after which a commit checkpoints (SQLite's default is 1000). A checkpoint runs inside the commit that
 * crosses the mark and fsyncs what it copied, blocking the event loop: measured here, 1000 pages of fresh rows took
 * 10-30 ms, 200-400 pages 3-8 ms; below ~250 the same hot pages are copied so often that the mean commit grows.
 */
const WAL_AUTOCHECKPOINT_PAGES = 250;

export type ConnectionOptions = {
  readonly config: Config;
  readonly createClient: CreateClient;
  /** Local SQLite (file or memory): queue every operation and set the pragmas. */
  readonly local: boolean;
  /** Set WAL (not possible for `:memory:`). */
  readonly wal: boolean;
  readonly busyTimeoutMs: number;
  readonly maxAttempts: number;
  /** Wait before the second attempt, doubled before each later one; a timer, so other requests run meanwhile. */
  readonly retryDelayMs: number;
  readonly logger: Logger | undefined;
};

/** Runs operations on the current client; `close` waits for queued work first. */
export type Connection = {
  run<T>(action: string, operation: (client: Client) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * A connection whose every operation, when local, runs alone and in order (one in-process write queue). An operation
 * failing with BUSY/LOCKED is retried on a newly created client (libsql-client-ts#352: after one BUSY, that client's
 * later writes can report success and vanish) up to `maxAttempts` in all, waiting `retryDelayMs` (doubling) on a timer
 * between attempts, then fails with AppError('store_busy').
 * Operations must therefore be safe to repeat: a statement, a batch, or a transaction that rolled back.
 */
export function createConnection(options: ConnectionOptions): Connection {
  let client = openClient(options);
  let prepared = false;
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;

  const attempt = async <T>(action: string, operation: (client: Client) => Promise<T>): Promise<T> => {
    for (let attemptNumber = 1;; attemptNumber += 1) {
      try {
        if (closed) throw new AppError('store_error', `database ${action} failed: the database handle is closed`);
        if (!prepared) {
          await preparePragmas(client, options);
          prepared = true;
        }
        return await operation(client);
      } catch (error) {
        if (!isBusyError(error)) throw toStoreError(error, action);
        options.logger?.log('warn', 'store_busy', {
          action,
          attempt: attemptNumber,
          sqliteCode: sqliteCode(error) ?? null,
        });
        closeQuietly(client);
        if (attemptNumber >= options.maxAttempts) {
          client = openClient(options);
          prepared = false;
          throw new AppError(
            'store_busy',
            `database is busy (${action}) after ${attemptNumber} attempts; try again shortly`,
            {
              cause: error,
              details: { attempts: attemptNumber },
            },
          );
        }
        // SQLite's own wait (busy_timeout) blocks the event loop, so it is kept short and the back-off is a timer.
        await delay(options.retryDelayMs * 2 ** (attemptNumber - 1));
        client = openClient(options);
        prepared = false;
      }
    }
  };

  return {
    run(action, operation) {
      if (!options.local) return attempt(action, operation);
      const result = tail.then(() => attempt(action, operation));
      tail = result.catch(() => undefined);
      return result;
    },
    async close() {
      await tail;
      closed = true;
      closeQuietly(client);
    },
  };
}

function delay(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

function openClient(options: ConnectionOptions): Client {
  try {
    return options.createClient(options.config);
  } catch (error) {
    throw toStoreError(error, 'open');
  }
}

async function preparePragmas(client: Client, options: ConnectionOptions): Promise<void> {
  if (!options.local) return;
  // One connection per client (concurrency 1), so these per-connection settings hold for every later statement.
  await client.execute(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
  if (options.wal) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  }
  await client.execute('PRAGMA synchronous = NORMAL');
  await client.execute('PRAGMA foreign_keys = ON');
}

function closeQuietly(client: Client): void {
  try {
    client.close();
  } catch {
    // a client that cannot close cleanly is being replaced anyway
  }
}
