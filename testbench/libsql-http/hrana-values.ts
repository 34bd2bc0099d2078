// Hrana JSON values and statement results ⇄ libSQL values: `{ type: "integer", value: "1" }` and friends.
import type { InValue, ResultSet, Value } from '@libsql/client';
import { HranaProtocolError } from './hrana-error.ts';

/** One Hrana value as it travels in JSON (integers as decimal strings, blobs as base64). */
export type HranaValue =
  | { readonly type: 'null' }
  | { readonly type: 'integer'; readonly value: string }
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'blob'; readonly base64: string };

/** `StmtResult` of the Hrana spec. */
export type HranaStatementResult = {
  readonly cols: readonly { readonly name: string | null; readonly decltype: string | null }[];
  readonly rows: readonly (readonly HranaValue[])[];
  readonly affected_row_count: number;
  readonly last_insert_rowid: string | null;
  readonly rows_read: number;
  readonly rows_written: number;
};

const INTEGER_TEXT = /^-?\d{1,19}$/;
const MIN_INTEGER = -(2n ** 63n);
const MAX_INTEGER = 2n ** 63n - 1n;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a JSON value into what `@libsql/client` binds: integer → bigint (exact, 64-bit range checked),
 * float → number, text → string, blob → Uint8Array, null → null. Anything else throws HranaProtocolError.
 */
export function decodeHranaValue(json: unknown): InValue {
  if (typeof json !== 'object' || json === null) {
    throw new HranaProtocolError('a Value must be an object with a "type"');
  }
  const value = json as Record<string, unknown>;
  switch (value['type']) {
    case 'null':
      return null;
    case 'integer': {
      const text = value['value'];
      if (typeof text !== 'string' || !INTEGER_TEXT.test(text)) {
        throw new HranaProtocolError('an integer Value needs "value" as a decimal string');
      }
      const integer = BigInt(text);
      if (integer < MIN_INTEGER || integer > MAX_INTEGER) {
        throw new HranaProtocolError(`integer ${text} does not fit in 64 bits`);
      }
      return integer;
    }
    case 'float':
      if (typeof value['value'] !== 'number') {
        throw new HranaProtocolError('a float Value needs "value" as a JSON number');
      }
      return value['value'];
    case 'text':
      if (typeof value['value'] !== 'string') throw new HranaProtocolError('a text Value needs "value" as a string');
      return value['value'];
    case 'blob': {
      const base64 = value['base64'];
      if (typeof base64 !== 'string' || !BASE64.test(base64)) {
        throw new HranaProtocolError('a blob Value needs "base64" as a base64 string');
      }
      return new Uint8Array(Buffer.from(base64, 'base64'));
    }
    default:
      throw new HranaProtocolError(`unknown Value type ${JSON.stringify(value['type'])}`);
  }
}

/**
 * Encodes a value read with intMode 'bigint': bigint → integer, number → float, string → text, ArrayBuffer → blob.
 * A non-finite float has no JSON form, so it fails with HranaProtocolError rather than turning into null.
 */
export function encodeHranaValue(value: Value): HranaValue {
  if (value === null) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new HranaProtocolError(`the float ${value} cannot be sent as JSON`, 'VALUE_NOT_REPRESENTABLE');
    }
    return { type: 'float', value };
  }
  if (typeof value === 'string') return { type: 'text', value };
  if (typeof value === 'boolean') return { type: 'integer', value: value ? '1' : '0' };
  return { type: 'blob', base64: Buffer.from(value).toString('base64') };
}

/** A ResultSet as `StmtResult`; rows are left out when the client asked `want_rows: false`. */
export function encodeStatementResult(result: ResultSet, wantRows: boolean): HranaStatementResult {
  const width = result.columns.length;
  return {
    cols: result.columns.map((name, index) => ({ name, decltype: result.columnTypes[index] || null })),
    rows: wantRows
      ? result.rows.map((row) => Array.from({ length: width }, (_, index) => encodeHranaValue(row[index] ?? null)))
      : [],
    affected_row_count: result.rowsAffected,
    last_insert_rowid: result.lastInsertRowid === undefined ? null : result.lastInsertRowid.toString(),
    rows_read: 0,
    rows_written: 0,
  };
}
