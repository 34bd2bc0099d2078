// A Hrana `Stmt` (JSON) → an @libsql/client statement: SQL text or a stored sql_id, positional or named arguments.
import type { InStatement, InValue } from '@libsql/client';
import { HranaProtocolError, HranaStatementError } from './hrana-error.ts';
import { decodeHranaValue } from './hrana-values.ts';

export type ParsedStatement = { readonly statement: InStatement; readonly wantRows: boolean };

/** The SQL text of a request naming exactly one of `sql` and `sql_id` (stored earlier on this stream). */
export function resolveSql(fields: Record<string, unknown>, sqls: ReadonlyMap<number, string>): string {
  const sql = fields['sql'] ?? null;
  const sqlId = fields['sql_id'] ?? null;
  if (sql !== null && sqlId !== null) throw new HranaProtocolError('give either "sql" or "sql_id", not both');
  if (typeof sql === 'string') return sql;
  if (typeof sqlId === 'number') {
    const stored = sqls.get(sqlId);
    if (stored === undefined) {
      throw new HranaProtocolError(`no SQL text is stored under sql_id ${sqlId} on this stream`, 'SQL_NOT_FOUND');
    }
    return stored;
  }
  throw new HranaProtocolError('a statement needs "sql" (string) or "sql_id" (integer)');
}

/**
 * Parses one Stmt. Malformed JSON is a HranaProtocolError (the HTTP request fails); giving both positional and
 * named arguments is a HranaStatementError ARGS_BOTH_POSITIONAL_AND_NAMED (the statement fails), as in sqld.
 */
export function parseStatement(json: unknown, sqls: ReadonlyMap<number, string>): ParsedStatement {
  if (typeof json !== 'object' || json === null) throw new HranaProtocolError('"stmt" must be an object');
  const fields = json as Record<string, unknown>;
  const sql = resolveSql(fields, sqls);
  const args = readArray(fields['args'], 'args').map(decodeHranaValue);
  const named = readArray(fields['named_args'], 'named_args').map(readNamedArg);
  const wantRows = fields['want_rows'] ?? true;
  if (typeof wantRows !== 'boolean') throw new HranaProtocolError('"want_rows" must be a boolean');
  if (args.length > 0 && named.length > 0) {
    throw new HranaStatementError(
      'Specifying both positional and named arguments is not supported',
      'ARGS_BOTH_POSITIONAL_AND_NAMED',
    );
  }
  const statement: InStatement = named.length > 0 ? { sql, args: Object.fromEntries(named) } : { sql, args };
  return { statement, wantRows };
}

function readArray(value: unknown, name: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HranaProtocolError(`"${name}" must be an array`);
  return value;
}

function readNamedArg(json: unknown): [string, InValue] {
  const fields = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (typeof fields['name'] !== 'string' || fields['name'] === '') {
    throw new HranaProtocolError('a named argument needs a "name" string');
  }
  return [fields['name'], decodeHranaValue(fields['value'])];
}
