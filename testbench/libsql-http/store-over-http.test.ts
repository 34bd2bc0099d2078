// tokenwise's real store stack (openDatabase + migrate + createLibsqlStore) over the fixture, as the edge runs it.
import { createClient } from '@libsql/client/web';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLibsqlStore } from '../../src/store/create-libsql-store.ts';
import type { ConversationStore } from '../../src/store/conversation-store.ts';
import type { Database } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import { readStoreRows } from '../../src/store/test-support/read-store-rows.ts';
import { seedMessages } from '../../src/store/test-support/seed-messages.ts';
import type { NewMessage } from '../../src/store/store-records.ts';
import { type LibsqlHttpServer, startLibsqlHttpServer } from './start-libsql-http-server.ts';

const TOKEN = 'store-over-http-token';
let server: LibsqlHttpServer;
let database: Database;
let store: ConversationStore;
let counter = 0;

before(async () => {
  server = await startLibsqlHttpServer({ authToken: TOKEN });
  database = await openDatabase({ url: server.url, authToken: TOKEN, createClient });
  store = createLibsqlStore({
    database,
    clock: () => new Date(Date.UTC(2026, 0, 1)),
    createId: () => `id-${(counter += 1)}`,
  });
});
after(async () => {
  await database.close();
  await server.close();
});

function text(role: 'user' | 'assistant', body: string): NewMessage {
  return { role, content: [{ type: 'text', text: body }], visible: true, tokenEstimate: Math.ceil(body.length / 4) };
}

describe('the libSQL store over the HTTP fixture (@libsql/client/web)', () => {
  it('opens as a remote database and migrates once (executeMultiple inside BEGIN IMMEDIATE transactions)', async () => {
    assert.equal(database.kind, 'remote');
    const first = await migrate(database);
    assert.ok(first.applied.length >= 1);
    const second = await migrate(database);
    assert.deepEqual([second.applied, second.alreadyApplied], [[], first.applied]);
  });

  it('round-trips a conversation: create, append, list, memory with version check, usage, delete', async () => {
    const created = await store.createConversation({ ownerId: 'alice', title: 'Over HTTP' });
    const scope = { ownerId: 'alice', conversationId: created.id };
    assert.deepEqual(await store.getConversation(scope), created);
    assert.equal(await store.getConversation({ ownerId: 'mallory', conversationId: created.id }), null);

    const appended = await seedMessages(store, scope, [text('user', 'hello'), text('assistant', 'hi there')]);
    assert.deepEqual(appended.map((message) => message.seq), [1, 2]);
    const page = await store.listVisibleMessages({ ...scope, limit: 10 });
    assert.deepEqual(page.messages.map((message) => message.content), [[{ type: 'text', text: 'hello' }], [{
      type: 'text',
      text: 'hi there',
    }]]);

    assert.deepEqual(
      await store.saveMemory({
        ...scope,
        expectedVersion: 0,
        summary: 'greetings',
        coversUpToSeq: 2,
        summaryTokens: 3,
      }),
      { ok: true, version: 1 },
    );
    assert.deepEqual(
      await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'stale', coversUpToSeq: 2, summaryTokens: 1 }),
      { ok: false, reason: 'stale', currentVersion: 1 },
    );
    const memory = await store.loadMemory(scope);
    assert.deepEqual([memory.summary, memory.version, memory.coversUpToSeq], ['greetings', 1, 2]);

    await store.recordUsage({
      ...scope,
      usage: {
        turnId: null,
        kind: 'main',
        modelId: 'm',
        inputTokens: 10,
        outputTokens: 2,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 0,
        naiveInputTokens: 12,
        estimatedInputTokens: 10,
        costUSD: 0.5,
        naiveCostUSD: 0.75,
        cacheMissReason: null,
      },
    });
    const totals = await store.usageTotals(scope);
    assert.deepEqual([totals.calls, totals.inputTokens, totals.outputTokens], [1, 10, 2]);

    assert.equal(await store.deleteConversation(scope), true);
    assert.equal(await store.getConversation(scope), null);
    const left = await database.read({
      sql:
        'SELECT (SELECT COUNT(*) FROM messages WHERE conversation_id = ?) + (SELECT COUNT(*) FROM usage_ledger WHERE conversation_id = ?) AS n',
      args: [created.id, created.id],
    });
    assert.equal(left.rows[0]?.['n'], 0);
  });

  it('runs a turn: start (lock and begin) and complete with its messages in one transaction each', async () => {
    const { id } = await store.createConversation({ ownerId: 'bob' });
    const scope = { ownerId: 'bob', conversationId: id };
    const now = new Date(Date.UTC(2026, 0, 1));
    assert.equal((await store.startTurn({ ...scope, turnId: 'turn-1', now, leaseMs: 60_000 })).ok, true);
    assert.equal((await store.startTurn({ ...scope, turnId: 'turn-2', now, leaseMs: 60_000 })).ok, false);
    const completed = await store.completeTurn({
      ...scope,
      turnId: 'turn-1',
      messages: [text('user', 'question'), text('assistant', 'answer')],
    });
    assert.deepEqual(completed.ok ? completed.messages.map((message) => message.seq) : completed.reason, [1, 2]);
    assert.deepEqual(await readStoreRows(database).runningTurns(scope), []);
    assert.equal(
      (await store.startTurn({ ...scope, turnId: 'turn-2', now, leaseMs: 60_000 })).ok,
      true,
      'completeTurn released the lock',
    );
  });

  it('rolls back a store transaction whose body throws', async () => {
    await assert.rejects(
      database.transaction(async (transaction) => {
        await transaction.execute({
          sql: 'INSERT INTO conversations (id, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?)',
          args: ['ghost', 'x', 'now', 'now'],
        });
        throw new Error('body failed');
      }),
      /body failed/,
    );
    assert.equal(await store.getConversation({ ownerId: 'x', conversationId: 'ghost' }), null);
  });
});
