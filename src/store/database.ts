// The database handle the store and the migration runner speak to: libSQL statements, writes serialised, BUSY handled.
import type { InStatement, ResultSet } from '@libsql/client';

export type { InStatement, ResultSet };

/** The statements an interactive transaction may run; it holds the write lock (BEGIN IMMEDIATE) throughout. */
export type TransactionHandle = {
  execute(statement: InStatement): Promise<ResultSet>;
  /** Runs a script of `;`-separated statements without arguments (migrations). */
  executeMultiple(sql: string): Promise<void>;
};

/**
 * One libSQL database. Errors are AppError: `store_busy` once the bounded BUSY retries are spent, `store_error` for
 * anything else (the libSQL error is the `cause`, its code in `details.sqliteCode`).
 * A `file:` database serialises every operation of this process through one queue on one connection.
 */
export type Database = {
  /** 'file' for a local SQLite file (or `:memory:`), 'remote' for libsql:/https:/http: servers. */
  readonly kind: 'file' | 'remote';
  read(statement: InStatement): Promise<ResultSet>;
  write(statement: InStatement): Promise<ResultSet>;
  /** All statements in ONE write transaction (BEGIN IMMEDIATE): every one lands or none does. */
  batchWrite(statements: readonly InStatement[]): Promise<ResultSet[]>;
  /**
   * Runs `body` inside one write transaction, committed when it resolves, rolled back when it throws.
   * `body` may run more than once (retried after BUSY), and must use only `transaction`, never this Database
   * (on a `file:` database that would wait for itself).
   */
  transaction<T>(body: (transaction: TransactionHandle) => Promise<T>): Promise<T>;
  /** Resolves when the database answers `SELECT 1`. */
  ping(): Promise<void>;
  /** Releases this handle; the shared client of a file closes with its last handle. Idempotent. */
  close(): Promise<void>;
};
