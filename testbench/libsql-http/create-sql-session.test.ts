import { type Client, createClient } from '@libsql/client';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSqlSession, leadingKeywords, parseBegin } from './create-sql-session.ts';

describe('parseBegin', () => {
  it('maps BEGIN statements to @libsql/client transaction modes', () => {
    const cases: [string, string | null][] = [
      ['BEGIN', 'deferred'],
      ['begin deferred', 'deferred'],
      ['BEGIN TRANSACTION', 'deferred'],
      ['  -- why\n BEGIN IMMEDIATE', 'write'],
      ['/* x */BEGIN EXCLUSIVE TRANSACTION', 'write'],
      ['BEGIN TRANSACTION READONLY', 'read'],
      ['SELECT 1', null],
      ['BEGINNING', null],
    ];
    assert.deepEqual(cases.map(([sql]) => parseBegin(sql)), cases.map(([, mode]) => mode));
  });

  it('reads leading keywords past comments', () => {
    assert.deepEqual(leadingKeywords('-- a\n/* b */ rollback to savepoint s'), ['ROLLBACK', 'TO', 'SAVEPOINT']);
  });
});

describe('createSqlSession', () => {
  let client: Client;
  before(async () => {
    client = createClient({ url: ':memory:', intMode: 'bigint', concurrency: 1 });
    await client.execute('CREATE TABLE t (x INTEGER)');
  });
  after(() => client.close());

  const errorCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

  it('opens, commits and rolls back its own transaction with plain SQL', async () => {
    const session = createSqlSession(client);
    await session.execute('BEGIN IMMEDIATE');
    assert.equal(session.isAutocommit(), false);
    await session.execute('INSERT INTO t VALUES (1)');
    await session.execute('SAVEPOINT s');
    await session.execute('INSERT INTO t VALUES (2)');
    await session.execute('ROLLBACK TO s');
    await session.execute('COMMIT');
    await session.execute('BEGIN');
    await session.execute('INSERT INTO t VALUES (3)');
    await session.execute('ROLLBACK');
    assert.equal(session.isAutocommit(), true);
    assert.deepEqual((await client.execute('SELECT x FROM t')).rows.map((row) => row[0]), [1n]);
  });

  it('refuses what SQLite refuses, and SAVEPOINT outside a transaction', async () => {
    const session = createSqlSession(client);
    await assert.rejects(session.execute('COMMIT'), errorCode('SQLITE_ERROR'));
    await assert.rejects(session.execute('ROLLBACK'), errorCode('SQLITE_ERROR'));
    await assert.rejects(session.execute('SAVEPOINT s'), errorCode('NOT_SUPPORTED'));
    await session.execute('BEGIN');
    await assert.rejects(session.execute('BEGIN'), errorCode('SQLITE_ERROR'));
    await session.close();
    assert.equal(session.isAutocommit(), true);
  });

  it('notices a transaction ended from inside a script', async () => {
    const session = createSqlSession(client);
    await session.execute('BEGIN');
    await session.executeMultiple('INSERT INTO t VALUES (4); COMMIT;');
    assert.equal(session.isAutocommit(), true);
    assert.equal((await client.execute('SELECT count(*) FROM t WHERE x = 4')).rows[0]?.[0], 1n);
  });
});
