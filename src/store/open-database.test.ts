import { type Client, type Config, createClient, type Transaction } from '@libsql/client';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { createDatabaseRegistry } from './database-registry.ts';
import { openDatabase } from './open-database.ts';
import { createTempDirectory } from './test-support/temp-database.ts';

const temp = createTempDirectory();
after(() => temp.remove());

/** createClient that counts the clients it made and can run a hook before each one. */
function countingCreateClient(beforeEach: (count: number) => void = () => {}) {
  const made: Client[] = [];
  return {
    made,
    createClient: (config: Config) => {
      beforeEach(made.length + 1);
      const client = createClient(config);
      made.push(client);
      return client;
    },
  };
}

/** Another "process" holding the write lock of `url` until `commit()`. */
async function holdWriteLock(url: string): Promise<{ client: Client; transaction: Transaction }> {
  const client = createClient({ url, concurrency: 1 });
  const transaction = await client.transaction('write');
  await transaction.execute('INSERT INTO t (x) VALUES (0)');
  return { client, transaction };
}

async function valuesSeenByAnotherClient(url: string): Promise<number[]> {
  const client = createClient({ url });
  try {
    return (await client.execute('SELECT x FROM t ORDER BY x')).rows.map((row) => Number(row['x']));
  } finally {
    client.close();
  }
}

describe('openDatabase', () => {
  it('shares one client per file within a process, whatever the spelling of the path', async () => {
    const counter = countingCreateClient();
    const registry = createDatabaseRegistry();
    const path = `${temp.directory}/shared.db`;
    const first = await openDatabase({ url: `file:${path}`, createClient: counter.createClient, registry });
    const second = await openDatabase({
      url: `file://${temp.directory}/./shared.db`,
      createClient: counter.createClient,
      registry,
    });
    assert.equal(counter.made.length, 1);
    await first.write('CREATE TABLE t (x INTEGER)');
    await first.close();
    await first.close();
    assert.equal(counter.made[0]?.closed, false, 'the client stays open while a handle uses it');
    await second.write('INSERT INTO t VALUES (1)');
    await second.close();
    assert.equal(counter.made[0]?.closed, true);
    assert.equal(registry.size, 0);
  });

  it('sets WAL, busy_timeout and foreign keys on the connection', async () => {
    const database = await openDatabase({
      url: temp.url('pragmas.db'),
      createClient,
      busyTimeoutMs: 1234,
      registry: createDatabaseRegistry(),
    });
    const value = async (pragma: string) => Object.values((await database.read(`PRAGMA ${pragma}`)).rows[0] ?? {})[0];
    assert.deepEqual([await value('journal_mode'), await value('busy_timeout'), await value('foreign_keys')], [
      'wal',
      1234,
      1,
    ]);
    assert.equal(database.kind, 'file');
    await database.close();
  });

  it('serialises concurrent transactions of this process (no lost updates, no TRANSACTION_ACTIVE)', async () => {
    const database = await openDatabase({
      url: temp.url('queue.db'),
      createClient,
      registry: createDatabaseRegistry(),
    });
    await database.write('CREATE TABLE counter (n INTEGER NOT NULL)');
    await database.write('INSERT INTO counter VALUES (0)');
    const increment = () =>
      database.transaction(async (transaction) => {
        const n = Number((await transaction.execute('SELECT n FROM counter')).rows[0]?.['n']);
        await transaction.execute({ sql: 'UPDATE counter SET n = ?', args: [n + 1] });
      });
    await Promise.all([...Array(25)].map(() => Promise.all([increment(), database.read('SELECT n FROM counter')])));
    assert.equal((await database.read('SELECT n FROM counter')).rows[0]?.['n'], 25);
    await database.close();
  });

  it('writes a batch atomically and reports a failed one as store_error with the SQLite code', async () => {
    const database = await openDatabase({
      url: temp.url('batch.db'),
      createClient,
      registry: createDatabaseRegistry(),
    });
    await database.write('CREATE TABLE t (x INTEGER PRIMARY KEY)');
    await assert.rejects(
      database.batchWrite([{ sql: 'INSERT INTO t VALUES (?)', args: [1] }, {
        sql: 'INSERT INTO t VALUES (?)',
        args: [1],
      }]),
      (error) => isAppError(error, 'store_error') && error.details?.['sqliteCode'] === 'SQLITE_CONSTRAINT',
    );
    assert.equal((await database.read('SELECT COUNT(*) AS n FROM t')).rows[0]?.['n'], 0);
    assert.deepEqual(await database.batchWrite([]), []);
    await database.close();
  });

  it('rolls a transaction back when its body throws, reporting store_error with the error as cause', async () => {
    const database = await openDatabase({
      url: temp.url('rollback.db'),
      createClient,
      registry: createDatabaseRegistry(),
    });
    await database.write('CREATE TABLE t (x INTEGER)');
    const failure = new Error('body failed');
    await assert.rejects(
      database.transaction(async (transaction) => {
        await transaction.execute('INSERT INTO t VALUES (1)');
        throw failure;
      }),
      (error) => isAppError(error, 'store_error') && error.cause === failure,
    );
    assert.equal((await database.read('SELECT COUNT(*) AS n FROM t')).rows[0]?.['n'], 0);
    await database.close();
  });

  it('after SQLITE_BUSY, retries on a NEW client so the write really lands (libsql-client-ts#352)', async () => {
    const url = temp.url('busy-retry.db');
    const setup = createClient({ url });
    await setup.execute('PRAGMA journal_mode=WAL');
    await setup.execute('CREATE TABLE t (x INTEGER)');
    setup.close();
    const blocker = await holdWriteLock(url);
    // The second client is created right after the first BUSY: release the other process's lock at that moment.
    const counter = countingCreateClient((count) => {
      if (count === 2) void blocker.transaction.commit();
    });
    const database = await openDatabase({
      url,
      createClient: counter.createClient,
      busyTimeoutMs: 20,
      registry: createDatabaseRegistry(),
    });
    await database.write('INSERT INTO t VALUES (2)');
    await database.write('INSERT INTO t VALUES (3)');
    assert.equal(counter.made.length, 2);
    assert.deepEqual(await valuesSeenByAnotherClient(url), [0, 2, 3]);
    await database.close();
    blocker.client.close();
  });

  it('gives up with store_busy after maxAttempts, then works once the lock is free', async () => {
    const url = temp.url('busy-give-up.db');
    const setup = createClient({ url });
    await setup.execute('PRAGMA journal_mode=WAL');
    await setup.execute('CREATE TABLE t (x INTEGER)');
    setup.close();
    const counter = countingCreateClient();
    const database = await openDatabase({
      url,
      createClient: counter.createClient,
      busyTimeoutMs: 10,
      maxAttempts: 2,
      registry: createDatabaseRegistry(),
    });
    const blocker = await holdWriteLock(url);
    await assert.rejects(
      database.write('INSERT INTO t VALUES (5)'),
      (error) => isAppError(error, 'store_busy') && error.details?.['attempts'] === 2,
    );
    await blocker.transaction.commit();
    blocker.client.close();
    await database.write('INSERT INTO t VALUES (6)');
    assert.deepEqual(await valuesSeenByAnotherClient(url), [0, 6]);
    assert.equal(counter.made.length, 3, 'one client at open, a new one after each BUSY');
    await database.close();
  });

  it('refuses an unusable URL with config_invalid', async () => {
    for (const url of ['file://otherhost/x.db', 'ftp://example.com/x.db']) {
      await assert.rejects(
        openDatabase({ url, createClient, registry: createDatabaseRegistry() }),
        (error) => isAppError(error, 'config_invalid'),
        url,
      );
    }
  });

  it('opens a remote URL without contacting it; ping then fails with store_error', async () => {
    const database = await openDatabase({
      url: 'http://127.0.0.1:9',
      createClient,
      registry: createDatabaseRegistry(),
    });
    assert.equal(database.kind, 'remote');
    await assert.rejects(database.ping(), (error) => isAppError(error, 'store_error'));
    await database.close();
  });

  it('fails operations on a closed handle with store_error', async () => {
    const database = await openDatabase({ url: ':memory:', createClient, registry: createDatabaseRegistry() });
    await database.ping();
    await database.close();
    await assert.rejects(database.ping(), (error) => isAppError(error, 'store_error'));
  });
});
