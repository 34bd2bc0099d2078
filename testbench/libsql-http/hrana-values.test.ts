import type { ResultSet, Row } from '@libsql/client';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HranaProtocolError } from './hrana-error.ts';
import { decodeHranaValue, encodeHranaValue, encodeStatementResult } from './hrana-values.ts';

const isProtocolError = (error: unknown) => error instanceof HranaProtocolError && error.status === 400;

describe('decodeHranaValue', () => {
  it('decodes every value type into what @libsql/client binds', () => {
    const cases: [unknown, unknown][] = [
      [{ type: 'null' }, null],
      [{ type: 'integer', value: '9223372036854775807' }, 9223372036854775807n],
      [{ type: 'integer', value: '-9223372036854775808' }, -9223372036854775808n],
      [{ type: 'float', value: 2.5 }, 2.5],
      [{ type: 'text', value: 'héllo' }, 'héllo'],
      [{ type: 'blob', base64: 'AQID' }, new Uint8Array([1, 2, 3])],
      [{ type: 'blob', base64: 'AQ' }, new Uint8Array([1])],
    ];
    for (const [json, expected] of cases) assert.deepEqual(decodeHranaValue(json), expected, JSON.stringify(json));
  });

  it('refuses malformed values with a protocol error', () => {
    const cases: unknown[] = [
      null,
      'x',
      { type: 'integer', value: 1 },
      { type: 'integer', value: '1.5' },
      { type: 'integer', value: '9223372036854775808' },
      { type: 'float', value: '1' },
      { type: 'text' },
      { type: 'blob', base64: '***' },
      { type: 'date', value: '2026' },
    ];
    for (const json of cases) assert.throws(() => decodeHranaValue(json), isProtocolError, JSON.stringify(json));
  });
});

describe('encodeHranaValue', () => {
  it('encodes values read with intMode bigint', () => {
    assert.deepEqual(
      [null, 12n, 1.5, 'a', new Uint8Array([255, 0]).buffer].map((value) => encodeHranaValue(value)),
      [
        { type: 'null' },
        { type: 'integer', value: '12' },
        { type: 'float', value: 1.5 },
        { type: 'text', value: 'a' },
        { type: 'blob', base64: '/wA=' },
      ],
    );
  });

  it('refuses a non-finite float instead of sending null', () => {
    assert.throws(
      () => encodeHranaValue(Number.POSITIVE_INFINITY),
      (error) => error instanceof HranaProtocolError && error.code === 'VALUE_NOT_REPRESENTABLE',
    );
  });
});

describe('encodeStatementResult', () => {
  const row = Object.assign([7n, 'x'], { id: 7n, name: 'x' }) as unknown as Row;
  const result: ResultSet = {
    columns: ['id', 'name'],
    columnTypes: ['INTEGER', ''],
    rows: [row],
    rowsAffected: 1,
    lastInsertRowid: 7n,
    toJSON: () => ({}),
  };

  it('gives columns with decltypes (null for expressions), rows and counts', () => {
    assert.deepEqual(encodeStatementResult(result, true), {
      cols: [{ name: 'id', decltype: 'INTEGER' }, { name: 'name', decltype: null }],
      rows: [[{ type: 'integer', value: '7' }, { type: 'text', value: 'x' }]],
      affected_row_count: 1,
      last_insert_rowid: '7',
      rows_read: 0,
      rows_written: 0,
    });
  });

  it('leaves the rows out when want_rows is false', () => {
    assert.deepEqual(encodeStatementResult({ ...result, lastInsertRowid: undefined }, false).rows, []);
    assert.equal(encodeStatementResult({ ...result, lastInsertRowid: undefined }, false).last_insert_rowid, null);
  });
});
