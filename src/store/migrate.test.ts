import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { computeChecksum, migrate } from './migrate.ts';
import { MIGRATIONS } from './migration-list.ts';
import { createTempDirectory, openIsolatedDatabase } from './test-support/temp-database.ts';
import { runRaceWorkers } from './test-support/run-race-workers.ts';

const temp = createTempDirectory();
after(() => temp.remove());

const ONE = { name: '0001_one', sql: 'CREATE TABLE one (x INTEGER);\nINSERT INTO one VALUES (1);' };
const TWO = { name: '0002_two', sql: 'CREATE TABLE two (y TEXT);' };

async function tables(url: string): Promise<string[]> {
  const database = await openIsolatedDatabase(url);
  const result = await database.read("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  await database.close();
  return result.rows.map((row) => String(row['name']));
}

describe('migrate', () => {
  it('applies pending migrations in order exactly once and records them', async () => {
    const url = temp.url('once.db');
    const database = await openIsolatedDatabase(url);
    assert.deepEqual(await migrate(database, [ONE]), { applied: ['0001_one'], alreadyApplied: [], unknown: [] });
    assert.deepEqual(await migrate(database, [ONE, TWO]), {
      applied: ['0002_two'],
      alreadyApplied: ['0001_one'],
      unknown: [],
    });
    assert.deepEqual(await migrate(database, [ONE, TWO]), {
      applied: [],
      alreadyApplied: ['0001_one', '0002_two'],
      unknown: [],
    });
    assert.equal((await database.read('SELECT COUNT(*) AS n FROM one')).rows[0]?.['n'], 1, 'the insert ran once');
    const recorded = await database.read('SELECT name, checksum FROM schema_migrations ORDER BY name');
    assert.deepEqual(
      recorded.rows.map((row) => [row['name'], row['checksum']]),
      [['0001_one', await computeChecksum(ONE.sql)], ['0002_two', await computeChecksum(TWO.sql)]],
    );
    await database.close();
  });

  it('applies the bundled migrations (every core table of the chat service)', async () => {
    const url = temp.url('core.db');
    const database = await openIsolatedDatabase(url);
    await migrate(database);
    await database.close();
    const core = [
      'asset_exposures',
      'conversation_memory',
      'conversations',
      'idempotency_keys',
      'messages',
      'schema_migrations',
      'turns',
      'usage_ledger',
    ];
    const present = await tables(url);
    assert.deepEqual(core.filter((table) => !present.includes(table)), []);
    assert.ok(MIGRATIONS.length >= 1);
  });

  it('fails clearly when an applied migration was edited, but not for a line-ending change', async () => {
    const database = await openIsolatedDatabase(temp.url('edited.db'));
    await migrate(database, [ONE]);
    await migrate(database, [{ ...ONE, sql: ONE.sql.replace('\n', '\r\n') }]);
    await assert.rejects(
      migrate(database, [{ ...ONE, sql: `${ONE.sql}\nINSERT INTO one VALUES (2);` }]),
      (error) => isAppError(error, 'store_error') && /0001_one was changed after it was applied/.test(error.message),
    );
    await database.close();
  });

  it('reports migrations the database has but this build lacks, without failing', async () => {
    const database = await openIsolatedDatabase(temp.url('newer.db'));
    await migrate(database, [ONE, TWO]);
    assert.deepEqual(await migrate(database, [ONE]), {
      applied: [],
      alreadyApplied: ['0001_one'],
      unknown: ['0002_two'],
    });
    await database.close();
  });

  it('rolls a failing migration back whole and does not record it', async () => {
    const url = temp.url('failing.db');
    const database = await openIsolatedDatabase(url);
    const broken = { name: '0002_broken', sql: 'CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);' };
    await assert.rejects(
      migrate(database, [ONE, broken]),
      (error) => isAppError(error, 'store_error') && /0002_broken/.test(error.message),
    );
    assert.deepEqual((await database.read('SELECT name FROM schema_migrations')).rows.map((row) => row['name']), [
      '0001_one',
    ]);
    await database.close();
    assert.ok(!(await tables(url)).includes('half'));
  });

  it('refuses a badly named, duplicated or unordered list', async () => {
    const database = await openIsolatedDatabase(':memory:');
    for (const list of [[{ name: 'one', sql: '' }], [TWO, ONE], [ONE, { ...ONE, name: '0001_again' }]]) {
      await assert.rejects(migrate(database, list), (error) => isAppError(error, 'internal'));
    }
    await database.close();
  });

  it('re-checks under the write lock: a migration another process applied meanwhile is skipped', async () => {
    const url = temp.url('recheck.db');
    const database = await openIsolatedDatabase(url);
    const otherProcess = await openIsolatedDatabase(url);
    let raced = false;
    // The other process applies 0001 after our fast-path read saw it pending, just before we take the lock.
    const racing = {
      ...database,
      transaction: async <T>(body: Parameters<typeof database.transaction<T>>[0]) => {
        if (!raced) {
          raced = true;
          await migrate(otherProcess, [ONE]);
        }
        return database.transaction(body);
      },
    };
    assert.deepEqual(await migrate(racing, [ONE]), { applied: [], alreadyApplied: ['0001_one'], unknown: [] });
    assert.equal((await database.read('SELECT COUNT(*) AS n FROM one')).rows[0]?.['n'], 1);
    await Promise.all([database.close(), otherProcess.close()]);
  });

  it('applies each migration once when separate processes race on a fresh file', async () => {
    const url = temp.url('race.db');
    const results = (await runRaceWorkers([['migrate', url], ['migrate', url]])) as { applied: string[] }[];
    const names = MIGRATIONS.map((migration) => migration.name);
    assert.deepEqual(
      results.flatMap((result) => result.applied).sort(),
      names,
      'every migration applied by exactly one process',
    );
    const database = await openIsolatedDatabase(url);
    assert.deepEqual(
      (await database.read('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row['name']),
      names,
    );
    await database.close();
  });
});
