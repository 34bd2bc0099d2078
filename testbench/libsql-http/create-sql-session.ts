// One Hrana stream's SQL session on the shared libSQL client: autocommit statements, or an explicit transaction it owns.
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { HranaStatementError } from './hrana-error.ts';

/** The SQL state of one stream. Callers run it under the connection gate, so nothing else uses the client meanwhile. */
export type SqlSession = {
  /** Runs one statement; BEGIN / COMMIT / END / ROLLBACK open and settle the session's own transaction. */
  execute(statement: InStatement): Promise<ResultSet>;
  /** Runs a `;`-separated script (Hrana `sequence`), inside the open transaction if there is one. */
  executeMultiple(sql: string): Promise<void>;
  /** True outside an explicit transaction. */
  isAutocommit(): boolean;
  /** Rolls back an open transaction (stream closed or expired). Never throws. */
  close(): Promise<void>;
};

const LEADING_NOISE = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;
const DATA_CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'REPLACE']);

/** The first few keywords of a statement, upper-cased, comments skipped. */
export function leadingKeywords(sql: string, count = 3): string[] {
  const words = sql.replace(LEADING_NOISE, '').match(/^[A-Za-z_]+(?:\s+[A-Za-z_]+){0,5}/);
  return (words?.[0] ?? '').toUpperCase().split(/\s+/).slice(0, count);
}

/** The @libsql/client transaction mode of a BEGIN statement, or null when `sql` is not one. */
export function parseBegin(sql: string): TransactionMode | null {
  const [first, second, third] = leadingKeywords(sql);
  if (first !== 'BEGIN') return null;
  if (second === 'IMMEDIATE' || second === 'EXCLUSIVE') return 'write';
  if (second === 'READONLY' || (second === 'TRANSACTION' && third === 'READONLY')) return 'read';
  return 'deferred';
}

/**
 * A session over `client` (which must have one connection, so per-connection state holds). An explicit transaction is
 * an @libsql/client Transaction holding that connection; a statement that ends it from inside (a failed COMMIT, a
 * RAISE(ROLLBACK)) is noticed through `transaction.closed`. SAVEPOINT outside a transaction is refused: the client
 * would roll it back as soon as the statement returned, silently.
 */
export function createSqlSession(client: Client): SqlSession {
  let transaction: Transaction | null = null;

  const settle = (): void => {
    if (transaction !== null && transaction.closed) {
      transaction.close();
      transaction = null;
    }
  };

  const inTransaction = async (statement: InStatement, sql: string): Promise<ResultSet> => {
    const open = transaction as Transaction;
    const [first, second] = leadingKeywords(sql, 2);
    if (parseBegin(sql) !== null) {
      throw new HranaStatementError('SQLite error: cannot start a transaction within a transaction', 'SQLITE_ERROR');
    }
    if (first === 'COMMIT' || first === 'END') {
      transaction = null;
      await open.commit();
      return emptyResult();
    }
    if (first === 'ROLLBACK' && second !== 'TO') {
      transaction = null;
      await open.rollback();
      return emptyResult();
    }
    try {
      return await withChanges(first, (extra) => open.execute(extra ?? statement));
    } finally {
      settle();
    }
  };

  const inAutocommit = async (statement: InStatement, sql: string): Promise<ResultSet> => {
    const mode = parseBegin(sql);
    if (mode !== null) {
      transaction = await client.transaction(mode);
      return emptyResult();
    }
    const [first, second] = leadingKeywords(sql, 2);
    if (first === 'COMMIT' || first === 'END') {
      throw new HranaStatementError('SQLite error: cannot commit - no transaction is active', 'SQLITE_ERROR');
    }
    if (first === 'ROLLBACK' && second !== 'TO') {
      throw new HranaStatementError('SQLite error: cannot rollback - no transaction is active', 'SQLITE_ERROR');
    }
    if (first === 'SAVEPOINT') {
      throw new HranaStatementError('this fixture supports SAVEPOINT only inside BEGIN … COMMIT', 'NOT_SUPPORTED');
    }
    return withChanges(first, (extra) => client.execute(extra ?? statement));
  };

  return {
    execute: (statement) => {
      const sql = typeof statement === 'string'
        ? statement
        : Array.isArray(statement)
        ? String(statement[0])
        : statement.sql;
      return transaction === null ? inAutocommit(statement, sql) : inTransaction(statement, sql);
    },
    async executeMultiple(sql) {
      if (transaction === null) return client.executeMultiple(sql);
      try {
        await transaction.executeMultiple(sql);
      } finally {
        settle();
      }
    },
    isAutocommit: () => transaction === null,
    async close() {
      const open = transaction;
      transaction = null;
      try {
        await open?.rollback();
      } catch {
        open?.close();
      }
    },
  };
}

/**
 * @libsql/client reports 0 affected rows for a statement that returns rows (INSERT … RETURNING); sqld reports the
 * real count, so ask the same connection for changes() right after such a statement.
 */
async function withChanges(
  keyword: string | undefined,
  run: (extra?: string) => Promise<ResultSet>,
): Promise<ResultSet> {
  const result = await run();
  if (result.columns.length === 0 || keyword === undefined || !DATA_CHANGING.has(keyword)) return result;
  const counts = await run('SELECT changes(), last_insert_rowid()');
  const [changes, rowid] = [counts.rows[0]?.[0], counts.rows[0]?.[1]];
  return {
    ...pickResult(result),
    rowsAffected: Number(changes ?? 0),
    lastInsertRowid: typeof rowid === 'bigint' ? rowid : undefined,
  };
}

function pickResult(result: ResultSet): ResultSet {
  const { columns, columnTypes, rows, rowsAffected, lastInsertRowid } = result;
  return { columns, columnTypes, rows, rowsAffected, lastInsertRowid, toJSON: () => ({}) };
}

function emptyResult(): ResultSet {
  return { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined, toJSON: () => ({}) };
}
