import { createClient as createNodeClient } from '@libsql/client';
import { type Client, createClient } from '@libsql/client/web';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type LibsqlHttpServer, startLibsqlHttpServer } from './start-libsql-http-server.ts';

let server: LibsqlHttpServer;
let client: Client;
before(async () => {
  server = await startLibsqlHttpServer();
  client = createClient({ url: server.url, intMode: 'bigint' });
  await client.execute(
    'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, size REAL, data BLOB) STRICT',
  );
});
after(async () => {
  client.close();
  await server.close();
});

const count = async (where = '1 = 1'): Promise<bigint> =>
  (await client.execute(`SELECT count(*) AS n FROM items WHERE ${where}`)).rows[0]?.['n'] as bigint;
const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

describe('startLibsqlHttpServer: @libsql/client/web against it', () => {
  it('executes with positional arguments of every type and returns them typed', async () => {
    const big = 2n ** 62n + 1n;
    const result = await client.execute({
      sql: 'SELECT ? AS i, ? AS f, ? AS t, ? AS b, ? AS n, ? AS yes, typeof(?) AS int_type, typeof(?) AS float_type',
      args: [big, 2.5, 'héllo', new Uint8Array([0, 1, 255]), null, true, 5n, 5],
    });
    const row = result.rows[0];
    assert.deepEqual(result.columns, ['i', 'f', 't', 'b', 'n', 'yes', 'int_type', 'float_type']);
    assert.deepEqual([
      row?.['i'],
      row?.['f'],
      row?.['t'],
      row?.['n'],
      row?.['yes'],
      row?.['int_type'],
      row?.['float_type'],
    ], [big, 2.5, 'héllo', null, 1n, 'integer', 'real']);
    assert.deepEqual(new Uint8Array(row?.['b'] as ArrayBuffer), new Uint8Array([0, 1, 255]));
  });

  it('binds named arguments with or without their prefix', async () => {
    const result = await client.execute({
      sql: 'SELECT :a AS a, @b AS b, $c AS c',
      args: { a: 1n, '@b': 'two', $c: null },
    });
    assert.deepEqual([result.rows[0]?.['a'], result.rows[0]?.['b'], result.rows[0]?.['c']], [1n, 'two', null]);
  });

  it('reports inserts, RETURNING rows and affected counts as sqld does', async () => {
    const inserted = await client.execute({
      sql: 'INSERT INTO items (name, size) VALUES (?, ?)',
      args: ['alpha', 1.5],
    });
    assert.equal(inserted.rowsAffected, 1);
    const returning = await client.execute({
      sql: 'UPDATE items SET size = size * 2 WHERE name = ? RETURNING id, size',
      args: ['alpha'],
    });
    assert.deepEqual([returning.rowsAffected, returning.rows[0]?.['id'], returning.rows[0]?.['size']], [
      1,
      inserted.lastInsertRowid,
      3,
    ]);
    assert.deepEqual(returning.columnTypes, ['INTEGER', 'REAL']);
  });

  it('reports a constraint violation as SQLITE_CONSTRAINT and keeps serving', async () => {
    await assert.rejects(
      client.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['alpha'] }),
      hasCode('SQLITE_CONSTRAINT'),
    );
    assert.equal(await count("name = 'alpha'"), 1n);
  });

  it('runs a write batch as one transaction: all rows or none', async () => {
    const results = await client.batch([
      { sql: 'INSERT INTO items (name) VALUES (?)', args: ['b1'] },
      { sql: 'INSERT INTO items (name) VALUES (?) RETURNING name', args: ['b2'] },
    ], 'write');
    assert.deepEqual(results.map((result) => result.rowsAffected), [1, 1]);
    await assert.rejects(
      client.batch([{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['b3'] }, {
        sql: 'INSERT INTO items (name) VALUES (?)',
        args: ['b1'],
      }], 'write'),
      hasCode('SQLITE_CONSTRAINT'),
    );
    assert.deepEqual([await count("name IN ('b1', 'b2')"), await count("name = 'b3'")], [2n, 0n]);
  });

  it('commits an interactive transaction', async () => {
    const transaction = await client.transaction('write');
    await transaction.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['t-commit'] });
    const inside = await transaction.execute("SELECT count(*) AS n FROM items WHERE name = 't-commit'");
    await transaction.commit();
    assert.deepEqual([inside.rows[0]?.['n'], await count("name = 't-commit'")], [1n, 1n]);
  });

  it('rolls back an interactive transaction', async () => {
    const transaction = await client.transaction('write');
    await transaction.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['t-rollback'] });
    await transaction.rollback();
    assert.equal(await count("name = 't-rollback'"), 0n);
  });

  it('keeps other streams waiting while a transaction is open, so they never see its uncommitted rows', async () => {
    const transaction = await client.transaction('write');
    await transaction.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['uncommitted'] });
    const reading = count("name = 'uncommitted'");
    await transaction.rollback();
    assert.equal(await reading, 0n);
  });

  it('runs executeMultiple alone and inside a transaction', async () => {
    await client.executeMultiple(
      "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('a'); INSERT INTO notes VALUES ('b');",
    );
    const transaction = await client.transaction('write');
    await transaction.executeMultiple("INSERT INTO notes VALUES ('c'); INSERT INTO notes VALUES ('d');");
    await transaction.rollback();
    const notes = await client.execute('SELECT text FROM notes ORDER BY text');
    assert.deepEqual(notes.rows.map((row) => row['text']), ['a', 'b']);
  });

  it('requires the bearer token when one is set', async () => {
    const guarded = await startLibsqlHttpServer({ authToken: 'fixture-token' });
    try {
      const anonymous = createClient({ url: guarded.url });
      const wrong = createClient({ url: guarded.url, authToken: 'other' });
      const right = createClient({ url: guarded.url, authToken: 'fixture-token' });
      await assert.rejects(anonymous.execute('SELECT 1'), hasCode('UNAUTHORIZED'));
      await assert.rejects(wrong.execute('SELECT 1'), hasCode('UNAUTHORIZED'));
      assert.equal((await right.execute('SELECT 1 AS one')).rows[0]?.['one'], 1);
      for (const each of [anonymous, wrong, right]) each.close();
    } finally {
      await guarded.close();
    }
  });

  it('keeps a file database on disk, in WAL mode with foreign keys enforced', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'libsql-http-'));
    const url = `file:${join(directory, 'fixture.db')}`;
    const fileServer = await startLibsqlHttpServer({ databaseUrl: url });
    try {
      const web = createClient({ url: fileServer.url });
      await web.executeMultiple(
        'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) ON DELETE CASCADE);',
      );
      await web.batch(['INSERT INTO parent VALUES (1)', 'INSERT INTO child VALUES (1)'], 'write');
      await assert.rejects(web.execute('INSERT INTO child VALUES (2)'), hasCode('SQLITE_CONSTRAINT'));
      web.close();
    } finally {
      await fileServer.close();
    }
    const local = createNodeClient({ url });
    try {
      assert.equal((await local.execute('PRAGMA journal_mode')).rows[0]?.[0], 'wal');
      assert.deepEqual((await local.execute('SELECT parent_id FROM child')).rows.map((row) => row[0]), [1]);
    } finally {
      local.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
