import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLibsqlStore } from '../create-libsql-store.ts';
import { createStoreFixture, openIsolatedDatabase, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

describe('token corrections', () => {
  it('inserts once, then updates only from the version it read, so a concurrent writer is told to retry', async () => {
    const { store } = fixture;
    const key = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
    assert.equal(await store.saveTokenCorrection({ modelKey: key, ratio: 1.12, samples: 1, expectedVersion: 0 }), true);
    // A second first-writer lost the race: nothing changes.
    assert.equal(await store.saveTokenCorrection({ modelKey: key, ratio: 0.7, samples: 1, expectedVersion: 0 }), false);
    assert.equal(await store.saveTokenCorrection({ modelKey: key, ratio: 1.1, samples: 2, expectedVersion: 1 }), true);
    assert.equal(await store.saveTokenCorrection({ modelKey: key, ratio: 0.9, samples: 2, expectedVersion: 1 }), false);
    assert.deepEqual(await store.loadTokenCorrections(), [{ modelKey: key, ratio: 1.1, samples: 2, version: 2 }]);
  });

  it('refuses a ratio that is not positive and an empty model key', async () => {
    const { store } = fixture;
    await assert.rejects(
      store.saveTokenCorrection({ modelKey: 'anthropic.claude-haiku', ratio: 0, samples: 1, expectedVersion: 0 }),
      { code: 'internal' },
    );
    await assert.rejects(
      store.saveTokenCorrection({ modelKey: '', ratio: 1, samples: 1, expectedVersion: 0 }),
      { code: 'internal' },
    );
  });

  it('is shared by a second process on the same database file', async () => {
    const other = await openIsolatedDatabase(fixture.url);
    try {
      const second = createLibsqlStore({ database: other });
      const models = (await second.loadTokenCorrections()).map((row) => row.modelKey);
      assert.deepEqual(models, ['anthropic.claude-sonnet-4-5-20250929-v1:0']);
    } finally {
      await other.close();
    }
  });
});

describe('prompt cache state', () => {
  it('is null before the first save, then the last saved fingerprint and watch', async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice', title: 'Trip to Lisbon' });
    const scope = { ownerId: 'alice', conversationId: id };
    assert.equal(await store.loadCacheState(scope), null);
    await store.saveCacheState({ ...scope, fingerprint: { at: 1, toolsKey: 'a' }, watch: { layers: [] } });
    await store.saveCacheState({ ...scope, fingerprint: { at: 2, toolsKey: 'b' }, watch: { layers: ['system'] } });
    assert.deepEqual(await store.loadCacheState(scope), {
      fingerprint: { at: 2, toolsKey: 'b' },
      watch: { layers: ['system'] },
    });
  });

  it('answers not_found for another owner and goes with its conversation', async () => {
    const { store, database } = fixture;
    const { id } = await store.createConversation({ ownerId: 'bob' });
    const scope = { ownerId: 'bob', conversationId: id };
    await store.saveCacheState({ ...scope, fingerprint: { at: 3 }, watch: {} });
    const foreign = { ownerId: 'mallory', conversationId: id };
    await assert.rejects(store.loadCacheState(foreign), { code: 'not_found' });
    await assert.rejects(store.saveCacheState({ ...foreign, fingerprint: {}, watch: {} }), { code: 'not_found' });
    assert.equal(await store.deleteConversation(scope), true);
    const left = await database.read({
      sql: 'SELECT COUNT(*) AS n FROM prompt_cache_state WHERE conversation_id = ?',
      args: [id],
    });
    assert.equal(Number(left.rows[0]?.['n']), 0);
  });
});

describe('tool co-use', () => {
  it('adds one turn per pair and reads back the named tools’ counts', async () => {
    const { store } = fixture;
    const turn = [
      { tool: 'pressBrakePedal', partner: 'pressBrakePedal' },
      { tool: 'pressBrakePedal', partner: 'startEngine' },
      { tool: 'startEngine', partner: 'pressBrakePedal' },
      { tool: 'startEngine', partner: 'startEngine' },
    ];
    await store.addToolCoUse(turn);
    await store.addToolCoUse(turn);
    await store.addToolCoUse([{ tool: 'startEngine', partner: 'startEngine' }]);
    assert.deepEqual(await store.loadToolCoUse(['startEngine', 'startEngine']), [
      { tool: 'startEngine', partner: 'pressBrakePedal', turns: 2 },
      { tool: 'startEngine', partner: 'startEngine', turns: 3 },
    ]);
    assert.deepEqual(await store.loadToolCoUse(['lockDoors']), []);
    assert.deepEqual(await store.loadToolCoUse([]), []);
    await store.addToolCoUse([]);
  });

  it('is shared by a second process on the same database file', async () => {
    const other = await openIsolatedDatabase(fixture.url);
    try {
      const second = createLibsqlStore({ database: other });
      await second.addToolCoUse([{ tool: 'startEngine', partner: 'startEngine' }]);
      const own = (await fixture.store.loadToolCoUse(['startEngine'])).find((row) => row.partner === 'startEngine');
      assert.equal(own?.turns, 4);
    } finally {
      await other.close();
    }
  });

  it('refuses an empty or overlong name and too many names or pairs, and writes nothing of a refused batch', async () => {
    const { store } = fixture;
    await assert.rejects(store.loadToolCoUse(['']), { code: 'internal' });
    await assert.rejects(store.loadToolCoUse(['x'.repeat(65)]), { code: 'internal' });
    await assert.rejects(store.loadToolCoUse(Array.from({ length: 51 }, (_, at) => `tool_${at}`)), {
      code: 'internal',
    });
    const pairs = Array.from({ length: 101 }, (_, at) => ({ tool: 'lockDoors', partner: `tool_${at}` }));
    await assert.rejects(store.addToolCoUse(pairs), { code: 'internal' });
    await assert.rejects(
      store.addToolCoUse([{ tool: 'lockDoors', partner: 'lockDoors' }, { tool: 'lockDoors', partner: '' }]),
      { code: 'internal' },
    );
    assert.deepEqual(await store.loadToolCoUse(['lockDoors']), []);
  });
});
