import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Client, createClient, type ResultSet } from '@libsql/client';
import { createTempDirectory, type TempDirectory } from '../test-support/temp-database.ts';
import { createNativeClient, isNativeDatabaseUrl } from './create-native-client.ts';

const SCHEMA = 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size REAL, data BLOB);';

/** What a result says, in plain values (rows as arrays and as objects), for comparing two clients. */
function describeResult(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    arrays: result.rows.map((row) => Array.from(row)),
    objects: result.rows.map((row) => ({ ...row })),
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
  };
}

describe('createNativeClient', () => {
  let temp: TempDirectory;
  const opened: Client[] = [];
  const open = (name: string, native = true): Client => {
    const client = native
      ? createNativeClient({ url: temp.url(name), timeout: 50 })
      : createClient({ url: temp.url(name), timeout: 50 });
    opened.push(client);
    return client;
  };
  before(() => (temp = createTempDirectory()));
  after(() => {
    for (const client of opened) client.close();
    temp.remove();
  });

  it('serves plain file URLs only', () => {
    assert.deepEqual(
      ['file:a.db', 'file:/x/a.db', 'file:a.db?mode=ro', ':memory:', 'libsql://x.turso.io'].map(isNativeDatabaseUrl),
      [true, true, false, false, false],
    );
    assert.throws(() => createNativeClient({ url: ':memory:' }), { code: 'URL_INVALID' });
  });

  it('answers every statement as @libsql/client does, with statements reused across arguments', async () => {
    const native = open('same.db');
    const reference = open('same-reference.db', false);
    const statements = [
      { sql: 'INSERT INTO items (name, size, data) VALUES (?, ?, ?)', args: ['a', 1.5, new Uint8Array([1, 2]).buffer] },
      { sql: 'INSERT INTO items (name, size) VALUES (?, ?) RETURNING id, name', args: ['b', 2] },
      { sql: 'INSERT INTO items (name, size) VALUES (?, ?) RETURNING id, name', args: ['c', true] },
      { sql: 'SELECT id, name, size, name AS name FROM items WHERE id >= ? ORDER BY id', args: [1] },
      { sql: 'SELECT id, name, size, name AS name FROM items WHERE id >= ? ORDER BY id', args: [2] },
      { sql: 'UPDATE items SET size = size * 2 WHERE name <> :name', args: { name: 'a' } },
      { sql: 'SELECT COUNT(*) AS n, SUM(size) AS total FROM items', args: [] },
    ];
    for (const client of [native, reference]) await client.executeMultiple(SCHEMA);
    for (const statement of statements) {
      assert.deepEqual(
        describeResult(await native.execute(statement)),
        describeResult(await reference.execute(statement)),
        statement.sql,
      );
    }
    const blob = (await native.execute('SELECT data FROM items WHERE name = ?', ['a'])).rows[0]?.['data'];
    assert.deepEqual(blob instanceof ArrayBuffer ? [...new Uint8Array(blob)] : blob, [1, 2]);
    assert.deepEqual(describeResult(await native.execute('SELECT id, name FROM items ORDER BY id')).arrays, [[1, 'a'], [
      2,
      'b',
    ], [3, 'c']]);
  });

  it('lands a batch all or nothing, and stays usable after a failed one', async () => {
    const client = open('batch.db');
    await client.executeMultiple(SCHEMA);
    await assert.rejects(
      client.batch([{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['x'] }, {
        sql: 'INSERT INTO items (name) VALUES (?)',
        args: ['x'],
      }], 'write'),
      { code: 'SQLITE_CONSTRAINT' },
    );
    await client.batch([{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['y'] }], 'write');
    const reader = open('batch.db', false);
    assert.deepEqual((await reader.execute('SELECT name FROM items')).rows.map((row) => row['name']), ['y']);
  });

  it('reports BUSY while another connection writes, and loses no later write', async () => {
    const client = open('busy.db');
    await client.executeMultiple(`${SCHEMA} PRAGMA journal_mode = WAL;`);
    const holder = open('busy.db', false);
    const held = await holder.transaction('write');
    await held.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['held'] });
    await assert.rejects(client.batch([{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['blocked'] }], 'write'), {
      code: 'SQLITE_BUSY',
    });
    await held.commit();
    await client.batch([{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['after'] }], 'write');
    await client.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['single'] });
    const reader = open('busy.db', false);
    assert.deepEqual((await reader.execute('SELECT name FROM items ORDER BY id')).rows.map((row) => row['name']), [
      'held',
      'after',
      'single',
    ]);
  });

  it('runs an interactive transaction alone: committed, rolled back, other calls refused meanwhile', async () => {
    const client = open('transaction.db');
    await client.executeMultiple(SCHEMA);
    const first = await client.transaction('write');
    await first.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['kept'] });
    await assert.rejects(client.execute('SELECT 1'), { code: 'TRANSACTION_ACTIVE' });
    await first.commit();
    const second = await client.transaction('write');
    await second.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['dropped'] });
    await second.rollback();
    assert.equal(second.closed, true);
    assert.deepEqual((await client.execute('SELECT name FROM items')).rows.map((row) => row['name']), ['kept']);
  });
});
