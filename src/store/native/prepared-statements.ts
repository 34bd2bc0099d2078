// Runs statements on one native libSQL connection, keeping each one prepared: @libsql/client prepares (and asks for the
// columns of) every statement on every call, which was the largest CPU cost of a turn under load.
import Database from 'libsql';
import { type InArgs, type InStatement, type InValue, LibsqlError, type ResultSet, type Row } from '@libsql/client';

/** Distinct SQL texts kept prepared per connection; the store uses a few dozen, the cap only bounds odd callers. */
const MAX_PREPARED = 500;
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export type NativeDatabase = InstanceType<typeof Database>;
type NativeStatement = ReturnType<NativeDatabase['prepare']>;
type Prepared = {
  readonly statement: NativeStatement;
  readonly reader: boolean;
  readonly columns: string[];
  readonly columnTypes: string[];
};

/** One connection's cache of prepared statements. Emptied whenever the schema may have changed. */
export type StatementCache = { readonly database: NativeDatabase; readonly prepared: Map<string, Prepared> };

export function createStatementCache(database: NativeDatabase): StatementCache {
  return { database, prepared: new Map() };
}

function prepare(cache: StatementCache, sql: string): Prepared {
  const cached = cache.prepared.get(sql);
  if (cached !== undefined) return cached;
  const statement = cache.database.prepare(sql);
  statement.safeIntegers(true);
  let reader = true;
  try {
    statement.raw(true);
  } catch {
    reader = false; // raw() throws for a statement that returns no rows
  }
  const described = reader ? (statement.columns() as { name: string; type: string | null }[]) : [];
  const prepared = {
    statement,
    reader,
    columns: described.map((column) => column.name),
    columnTypes: described.map((column) => column.type ?? ''),
  };
  if (cache.prepared.size >= MAX_PREPARED) cache.prepared.clear();
  cache.prepared.set(sql, prepared);
  return prepared;
}

/** Runs one statement with @libsql/client's semantics (intMode "number", rows readable by index and by name). */
export function runStatement(cache: StatementCache, statement: InStatement): ResultSet {
  const sql = typeof statement === 'string' ? statement : statement.sql;
  const args = typeof statement === 'string' ? [] : toNativeArgs(statement.args ?? []);
  try {
    const prepared = prepare(cache, sql);
    if (!prepared.reader) {
      const info = prepared.statement.run(args);
      return toResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    const rows = (prepared.statement.all(args) as unknown[][]).map((values) => toRow(values, prepared.columns));
    return toResultSet(prepared.columns, prepared.columnTypes, rows, 0, undefined);
  } catch (error) {
    throw toLibsqlError(error);
  }
}

/** A native error as @libsql/client reports it: `code` the base SQLite code, `extendedCode` the precise one. */
export function toLibsqlError(error: unknown): unknown {
  if (!(error instanceof Database.SqliteError)) return error;
  const raw = (error as { rawCode?: number }).rawCode;
  const base = raw === undefined ? error.code : (BASE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`);
  return new LibsqlError(error.message, base, error.code, raw, error);
}

const BASE_CODES: Readonly<Record<number, string>> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  16: 'SQLITE_EMPTY',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  24: 'SQLITE_FORMAT',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};

function toNativeArgs(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(toNativeValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    // own-key: argument names are written in the store's own SQL calls
    named[/^[@$:]/.test(name) ? name.slice(1) : name] = toNativeValue(value);
  }
  return named;
}

function toNativeValue(value: InValue | undefined): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
    }
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

function toRow(values: readonly unknown[], columns: readonly string[]): Row {
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, 'length', { value: values.length });
  for (let index = 0; index < values.length; index += 1) {
    const value = fromNative(values[index]);
    Object.defineProperty(row, index, { value });
    const column = columns[index] as string;
    // own-key: column names of the store's own SELECTs (checked own first)
    if (!Object.hasOwn(row, column)) row[column] = value;
  }
  return row as unknown as Row;
}

function fromNative(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    }
    return Number(value);
  }
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  return value;
}

function toResultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) => Array.from(row)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString() ?? null,
    }),
  };
}
