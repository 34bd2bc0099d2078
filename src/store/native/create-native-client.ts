// A @libsql/client Client for one local SQLite file on the native `libsql` binding (the one @libsql/client uses itself),
// with its statements kept prepared. Node and Deno only; the edge keeps @libsql/client/web.
import Database from 'libsql';
import {
  type Client,
  type Config,
  createClient,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { resolveDatabaseKey } from '../resolve-database-key.ts';
import {
  createStatementCache,
  type NativeDatabase,
  runStatement,
  type StatementCache,
  toLibsqlError,
} from './prepared-statements.ts';

const BEGIN: Readonly<Record<TransactionMode, string>> = {
  write: 'BEGIN IMMEDIATE',
  read: 'BEGIN TRANSACTION READONLY',
  deferred: 'BEGIN DEFERRED',
};

/** True when createNativeClient serves `url`: a plain `file:` URL (no query options; `:memory:` stays with @libsql/client). */
export function isNativeDatabaseUrl(url: string): boolean {
  return resolveDatabaseKey(url) !== null && !/[?#]/.test(url);
}

/**
 * A Client on one connection with @libsql/client's semantics for what the store uses (execute, batch, transaction,
 * executeMultiple, migrate; intMode "number"). Anything that fails inside a transaction it opened rolls it back before
 * the error surfaces, so no later statement runs inside a transaction nobody will commit (libsql-client-ts#352).
 * While an interactive transaction is open, other calls fail with TRANSACTION_ACTIVE instead of joining it.
 * Throws LibsqlError URL_INVALID for a URL isNativeDatabaseUrl refuses, and the open error when the file cannot be used.
 */
export function createNativeClient(config: Config): Client {
  const path = isNativeDatabaseUrl(config.url) ? resolveDatabaseKey(config.url) : null;
  if (path === null) {
    throw new LibsqlError(
      `createNativeClient serves plain file: URLs only, got ${JSON.stringify(config.url)}`,
      'URL_INVALID',
    );
  }
  let cache = open(path, config);
  let inTransaction = false;
  let closed = false;

  const usable = (): StatementCache => {
    if (closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED');
    if (inTransaction) {
      throw new LibsqlError(
        'This client has a single connection, which an open transaction is holding',
        'TRANSACTION_ACTIVE',
      );
    }
    return cache;
  };
  const rollBack = (target: StatementCache) => {
    if (!target.database.open || !target.database.inTransaction) return;
    try {
      runStatement(target, 'ROLLBACK');
    } catch {
      target.database.close(); // a connection that cannot roll back is not reused
    }
  };
  const inOneTransaction = <T>(target: StatementCache, begin: string, body: () => T): T => {
    runStatement(target, begin);
    try {
      const result = body();
      runStatement(target, 'COMMIT');
      return result;
    } finally {
      rollBack(target);
    }
  };
  const runAll = (target: StatementCache, statements: readonly (InStatement | [string, unknown?])[]): ResultSet[] =>
    statements.map((statement, index) => {
      try {
        return runStatement(
          target,
          Array.isArray(statement) ? ({ sql: statement[0], args: statement[1] ?? [] } as InStatement) : statement,
        );
      } catch (error) {
        if (!(error instanceof LibsqlError)) throw error;
        throw new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, error);
      }
    });

  const client: Client = {
    async execute(statement: InStatement | string, args?: unknown) {
      const target = usable();
      try {
        return runStatement(
          target,
          typeof statement === 'string' ? ({ sql: statement, args: args ?? [] } as InStatement) : statement,
        );
      } finally {
        rollBack(target);
      }
    },
    async batch(statements, mode = 'deferred') {
      const target = usable();
      return inOneTransaction(target, BEGIN[mode], () => runAll(target, statements));
    },
    async migrate(statements) {
      const target = usable();
      runStatement(target, 'PRAGMA foreign_keys=off');
      try {
        return inOneTransaction(target, BEGIN.deferred, () => runAll(target, statements));
      } finally {
        target.prepared.clear();
        runStatement(target, 'PRAGMA foreign_keys=on');
      }
    },
    async transaction(mode: TransactionMode = 'write') {
      const target = usable();
      runStatement(target, BEGIN[mode]);
      inTransaction = true;
      return createTransaction(target, () => {
        rollBack(target);
        inTransaction = false;
      });
    },
    async executeMultiple(sql) {
      const target = usable();
      try {
        executeScript(target, sql);
      } finally {
        rollBack(target);
      }
    },
    sync: () => Promise.reject(new LibsqlError('sync() is not supported by the native client', 'SYNC_NOT_SUPPORTED')),
    close() {
      closed = true;
      if (cache.database.open) cache.database.close();
    },
    reconnect() {
      if (cache.database.open) cache.database.close();
      cache = open(path, config);
      inTransaction = false;
      closed = false;
    },
    get closed() {
      return closed;
    },
    protocol: 'file',
  };
  return client;
}

function open(path: string, config: Config): StatementCache {
  let database: NativeDatabase | undefined;
  try {
    database = new Database(path, config.timeout === undefined ? {} : { timeout: config.timeout });
    const cache = createStatementCache(database);
    runStatement(cache, 'SELECT 1 AS checkThatTheDatabaseCanBeOpened');
    return cache;
  } catch (error) {
    if (database?.open === true) database.close();
    throw toLibsqlError(error);
  }
}

/** Runs a `;`-separated script; the schema may change, so every prepared statement is dropped. */
function executeScript(cache: StatementCache, sql: string): void {
  cache.prepared.clear();
  try {
    cache.database.exec(sql);
  } catch (error) {
    throw toLibsqlError(error);
  }
}

function createTransaction(cache: StatementCache, settle: () => void): Transaction {
  let done = false;
  const live = (): StatementCache => {
    if (done || !cache.database.inTransaction) throw new LibsqlError('The transaction is closed', 'TRANSACTION_CLOSED');
    return cache;
  };
  const finish = (sql: string | null) => {
    if (done) return;
    done = true;
    try {
      if (sql !== null && cache.database.inTransaction) runStatement(cache, sql);
    } finally {
      settle();
    }
  };
  return {
    execute: async (statement) => runStatement(live(), statement),
    batch: async (statements) => statements.map((statement) => runStatement(live(), statement)),
    executeMultiple: async (sql) => executeScript(live(), sql),
    rollback: async () => finish('ROLLBACK'),
    commit: async () => finish('COMMIT'),
    close: () => finish(null),
    get closed() {
      return done;
    },
  };
}

/** The client a Node or Deno server uses: native for plain `file:` URLs, @libsql/client for anything else. */
export function createLocalClient(config: Config): Client {
  return isNativeDatabaseUrl(config.url) ? createNativeClient(config) : createClient(config);
}
