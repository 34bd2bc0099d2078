import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { createLibsqlStore } from './create-libsql-store.ts';
import { runRaceWorkers } from './test-support/run-race-workers.ts';
import { seedMessages } from './test-support/seed-messages.ts';
import {
  createStoreFixture,
  openIsolatedDatabase,
  type StoreFixture,
  textMessage,
} from './test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

const notFound = (error: unknown) => isAppError(error, 'not_found');

describe('createLibsqlStore: conversations', () => {
  it('creates a conversation with an empty memory and reads it back for its owner only', async () => {
    const { store } = fixture;
    const created = await store.createConversation({ ownerId: 'alice', title: 'Trip' });
    const scope = { ownerId: 'alice', conversationId: created.id };
    assert.deepEqual(await store.getConversation(scope), created);
    assert.equal(created.createdAt, '2026-01-01T00:00:00.000Z');
    assert.equal(await store.getConversation({ ownerId: 'mallory', conversationId: created.id }), null);
    assert.deepEqual(await store.loadMemory(scope), {
      summary: '',
      coversUpToSeq: 0,
      version: 0,
      summaryTokens: 0,
      gaps: [],
      gapCount: 0,
      unsummarisedMessages: 0,
      updatedAt: created.createdAt,
    });
  });

  it("treats another owner's conversation as missing in every method", async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    await seedMessages(store, { ownerId: 'alice', conversationId: id }, [textMessage('user', 'secret')]);
    const foreign = { ownerId: 'mallory', conversationId: id };
    const calls: [string, () => Promise<unknown>][] = [
      ['loadUncovered', () => store.loadUncovered(foreign)],
      ['listVisibleMessages', () => store.listVisibleMessages({ ...foreign, limit: 10 })],
      ['loadMemory', () => store.loadMemory(foreign)],
      [
        'saveMemory',
        () => store.saveMemory({ ...foreign, expectedVersion: 0, summary: 'x', coversUpToSeq: 1, summaryTokens: 1 }),
      ],
      [
        'recordGap',
        () =>
          store.recordGap({ ...foreign, expectedVersion: 0, reason: 'x', fromSeq: 1, toSeq: 1, advanceCoverage: true }),
      ],
      ['usageTotals', () => store.usageTotals(foreign)],
      ['startTurn', () => store.startTurn({ ...foreign, turnId: 't', now: fixture.now(), leaseMs: 1000 })],
      ['completeTurn', () => store.completeTurn({ ...foreign, turnId: 't' })],
      ['failTurn', () => store.failTurn({ ...foreign, turnId: 't', errorCode: 'internal' })],
      ['beginIdempotency', () => store.beginIdempotency({ ...foreign, key: 'k', requestHash: 'h' })],
      [
        'recordAssetExposure',
        () => store.recordAssetExposure({ ...foreign, sessionId: 's', assetId: 'a', messageSeq: 1 }),
      ],
      ['setSelectedTools', () => store.setSelectedTools({ ...foreign, tools: ['x'] })],
    ];
    for (const [name, call] of calls) await assert.rejects(call(), notFound, name);
    assert.equal(await store.deleteConversation(foreign), false);
    assert.equal(
      (await store.loadUncovered({ ownerId: 'alice', conversationId: id })).length,
      1,
      "nothing of alice's changed",
    );
  });

  it('refuses a duplicate explicit id with conflict', async () => {
    await fixture.store.createConversation({ ownerId: 'alice', id: 'fixed-id' });
    await assert.rejects(
      fixture.store.createConversation({ ownerId: 'bob', id: 'fixed-id' }),
      (error) => isAppError(error, 'conflict'),
    );
  });

  it('keeps the sticky tool selection and the asset session a completed turn stored', async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    const scope = { ownerId: 'alice', conversationId: id };
    await store.setSelectedTools({ ...scope, tools: ['add_task', 'list_tasks'] });
    assert.ok((await store.startTurn({ ...scope, turnId: `${id}-turn`, now: fixture.now(), leaseMs: 60_000 })).ok);
    await store.completeTurn({
      ...scope,
      turnId: `${id}-turn`,
      session: {
        sessionId: 's1',
        sessionStartedAt: '2026-01-01T00:00:00.000Z',
        lastActivityAt: '2026-01-01T00:05:00.000Z',
      },
    });
    const conversation = await store.getConversation(scope);
    assert.deepEqual(
      [
        conversation?.selectedTools,
        conversation?.sessionId,
        conversation?.sessionStartedAt,
        conversation?.lastActivityAt,
      ],
      [['add_task', 'list_tasks'], 's1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:05:00.000Z'],
    );
    assert.equal(conversation?.toolOrder, null, 'no order stored until one is given');
    await store.setSelectedTools({ ...scope, tools: ['list_tasks', 'add_task'], order: ['add_task', 'list_tasks'] });
    assert.deepEqual((await store.getConversation(scope))?.toolOrder, ['add_task', 'list_tasks']);
    await store.setSelectedTools({ ...scope, tools: ['add_task', 'list_tasks'] });
    assert.deepEqual(
      (await store.getConversation(scope))?.toolOrder,
      ['add_task', 'list_tasks'],
      'kept when not given',
    );
    await assert.rejects(store.setSelectedTools({ ...scope, tools: ['add_task'], order: [''] }), /non-empty/u);
    await store.setSelectedTools({ ...scope, tools: null });
    const cleared = await store.getConversation(scope);
    assert.deepEqual(
      [cleared?.selectedTools, cleared?.toolOrder],
      [null, null],
      'clearing the selection clears its order',
    );
  });
});

describe('createLibsqlStore: delete', () => {
  async function populated(ownerId: string) {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId });
    const scope = { ownerId, conversationId: id };
    await store.startTurn({ ...scope, turnId: `${id}-turn`, now: fixture.now(), leaseMs: 60_000 });
    await store.completeTurn({ ...scope, turnId: `${id}-turn`, messages: [textMessage('user', 'hi')] });
    await store.beginIdempotency({ ...scope, key: 'k', requestHash: 'h' });
    await store.recordUsage({
      ...scope,
      usage: {
        turnId: null,
        kind: 'main',
        modelId: 'm',
        inputTokens: 1,
        outputTokens: 1,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        naiveInputTokens: 1,
        estimatedInputTokens: 1,
        costUSD: 0,
        naiveCostUSD: 0,
        cacheMissReason: null,
      },
    });
    await store.recordAssetExposure({ ...scope, sessionId: 's', assetId: 'a', messageSeq: 1 });
    await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'S', coversUpToSeq: 0, summaryTokens: 1 });
    return id;
  }
  const TABLES = [
    'messages',
    'conversation_memory',
    'usage_ledger',
    'idempotency_keys',
    'turns',
    'asset_exposures',
    'conversations',
  ];
  async function rowsOf(id: string): Promise<number[]> {
    const counts: number[] = [];
    for (const table of TABLES) {
      const column = table === 'conversations' ? 'id' : 'conversation_id';
      const result = await fixture.database.read({
        sql: `SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`,
        args: [id],
      });
      counts.push(Number(result.rows[0]?.['n']));
    }
    return counts;
  }

  it('cascades a raw DELETE of the conversation row to every derived table (foreign keys are on)', async () => {
    const id = await populated('carol');
    assert.deepEqual(await rowsOf(id), [1, 1, 1, 1, 1, 1, 1]);
    await fixture.database.write({ sql: 'DELETE FROM conversations WHERE id = ?', args: [id] });
    assert.deepEqual(await rowsOf(id), [0, 0, 0, 0, 0, 0, 0]);
  });

  it('deleteConversation removes everything derived and leaves other conversations alone', async () => {
    const doomed = await populated('dave');
    const kept = await populated('dave');
    assert.equal(await fixture.store.deleteConversation({ ownerId: 'dave', conversationId: doomed }), true);
    assert.deepEqual(await rowsOf(doomed), [0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(await rowsOf(kept), [1, 1, 1, 1, 1, 1, 1]);
    assert.equal(await fixture.store.deleteConversation({ ownerId: 'dave', conversationId: doomed }), false);
  });
  it('deletes derived rows itself when foreign keys are off (as on a remote connection), later tables included', async () => {
    const { database } = fixture;
    await database.write(
      'CREATE TABLE later_table (id INTEGER PRIMARY KEY, conv TEXT REFERENCES conversations (id) ON DELETE CASCADE)',
    );
    const id = await populated('gina');
    await database.write({ sql: 'INSERT INTO later_table (conv) VALUES (?)', args: [id] });
    await database.write('PRAGMA foreign_keys = OFF');
    try {
      assert.equal(
        await createLibsqlStore({ database }).deleteConversation({ ownerId: 'gina', conversationId: id }),
        true,
      );
    } finally {
      await database.write('PRAGMA foreign_keys = ON');
    }
    assert.deepEqual(await rowsOf(id), [0, 0, 0, 0, 0, 0, 0]);
    assert.equal(
      (await database.read({ sql: 'SELECT COUNT(*) AS n FROM later_table WHERE conv = ?', args: [id] })).rows[0]?.['n'],
      0,
    );
  });
});

describe('createLibsqlStore: concurrent writers', () => {
  it('gives consecutive, unique seq to two clients storing turns in one conversation at once', async () => {
    const { id } = await fixture.store.createConversation({ ownerId: 'erin' });
    const second = await openIsolatedDatabase(fixture.url);
    const other = createLibsqlStore({ database: second });
    const scope = { ownerId: 'erin', conversationId: id };
    const writes = [...Array(40)].map((_, index) =>
      seedMessages(index % 2 === 0 ? fixture.store : other, scope, [
        textMessage('user', `m${index}`),
        textMessage('assistant', `r${index}`),
      ])
    );
    const results = await Promise.all(writes);
    await second.close();
    for (const pair of results) assert.equal(pair[1]?.seq, (pair[0]?.seq ?? 0) + 1, 'a batch gets consecutive seq');
    const stored = await fixture.store.loadUncovered(scope);
    assert.deepEqual(stored.map((message) => message.seq), [...Array(80)].map((_, index) => index + 1));
  });

  it('gives unique, gapless seq to separate processes storing turns at once', async () => {
    const { id } = await fixture.store.createConversation({ ownerId: 'frank' });
    const results = (await runRaceWorkers([
      ['append', fixture.url, 'frank', id, '30', 'a'],
      ['append', fixture.url, 'frank', id, '30', 'b'],
    ])) as { seqs: number[] }[];
    const stored = await fixture.store.loadUncovered({ ownerId: 'frank', conversationId: id });
    assert.deepEqual(stored.map((message) => message.seq), [...Array(60)].map((_, index) => index + 1));
    assert.deepEqual(
      results.flatMap((result) => result.seqs).sort((x, y) => x - y),
      stored.map((message) => message.seq),
    );
    for (const label of ['a', 'b']) {
      const own = stored.filter((message) => message.text.startsWith(`${label}-`)).map((message) => message.text);
      assert.deepEqual(
        own,
        [...Array(30)].map((_, index) => `${label}-${index}`),
        `process ${label}'s messages in its order`,
      );
    }
  });
});
