import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import { createLibsqlStore } from '../create-libsql-store.ts';
import { seedMessages } from '../test-support/seed-messages.ts';
import {
  createStoreFixture,
  openIsolatedDatabase,
  type StoreFixture,
  textMessage,
} from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

async function conversationWith(count: number) {
  const { id } = await fixture.store.createConversation({ ownerId: 'alice' });
  const scope = { ownerId: 'alice', conversationId: id };
  await seedMessages(
    fixture.store,
    scope,
    [...Array(count)].map((_, index) => textMessage(index % 2 === 0 ? 'user' : 'assistant', `m${index + 1}`)),
    { now: fixture.now() },
  );
  return scope;
}

describe('saveMemory', () => {
  it('saves at the expected version and moves loadUncovered past the covered messages', async () => {
    const { store } = fixture;
    const scope = await conversationWith(6);
    fixture.advance(1000);
    assert.deepEqual(
      await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'S1', coversUpToSeq: 4, summaryTokens: 2 }),
      { ok: true, version: 1 },
    );
    const memory = await store.loadMemory(scope);
    assert.deepEqual([memory.summary, memory.coversUpToSeq, memory.version, memory.summaryTokens, memory.updatedAt], [
      'S1',
      4,
      1,
      2,
      '2026-01-01T00:00:01.000Z',
    ]);
    assert.deepEqual((await store.loadUncovered(scope)).map((message) => message.seq), [5, 6]);
    assert.deepEqual((await store.loadUncovered({ ...scope, afterSeq: 2 })).map((message) => message.seq), [
      3,
      4,
      5,
      6,
    ]);
  });

  it('never lets a stale update overwrite a newer summary', async () => {
    const { store } = fixture;
    const scope = await conversationWith(6);
    // Two summarisers read version 0; the one covering more lands first.
    assert.deepEqual(
      await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'newer', coversUpToSeq: 4, summaryTokens: 1 }),
      { ok: true, version: 1 },
    );
    assert.deepEqual(
      await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'older', coversUpToSeq: 2, summaryTokens: 1 }),
      { ok: false, reason: 'stale', currentVersion: 1 },
    );
    assert.deepEqual(
      await store.saveMemory({
        ...scope,
        expectedVersion: 1,
        summary: 'backwards',
        coversUpToSeq: 3,
        summaryTokens: 1,
      }),
      { ok: false, reason: 'stale', currentVersion: 1 },
    );
    const memory = await store.loadMemory(scope);
    assert.deepEqual([memory.summary, memory.coversUpToSeq], ['newer', 4]);
  });

  it('lets exactly one of two clients racing at one version win', async () => {
    const scope = await conversationWith(4);
    const second = await openIsolatedDatabase(fixture.url);
    const other = createLibsqlStore({ database: second });
    const results = await Promise.all([
      fixture.store.saveMemory({ ...scope, expectedVersion: 0, summary: 'from A', coversUpToSeq: 2, summaryTokens: 1 }),
      other.saveMemory({ ...scope, expectedVersion: 0, summary: 'from B', coversUpToSeq: 2, summaryTokens: 1 }),
    ]);
    await second.close();
    assert.deepEqual(results.map((result) => result.ok).sort(), [false, true]);
    const winner = results[0]?.ok ? 'from A' : 'from B';
    assert.equal((await fixture.store.loadMemory(scope)).summary, winner);
  });

  it('refuses malformed numbers as internal errors', async () => {
    const scope = await conversationWith(1);
    await assert.rejects(
      fixture.store.saveMemory({ ...scope, expectedVersion: 0, summary: 'x', coversUpToSeq: -1, summaryTokens: 1 }),
      (error) => isAppError(error, 'internal'),
    );
  });
});

describe('recordGap', () => {
  it('keeps the summary, counts the gap and advances coverage only when asked', async () => {
    const { store } = fixture;
    const scope = await conversationWith(6);
    await store.saveMemory({ ...scope, expectedVersion: 0, summary: 'kept', coversUpToSeq: 2, summaryTokens: 1 });
    assert.deepEqual(
      await store.recordGap({
        ...scope,
        expectedVersion: 1,
        reason: 'summariser_error',
        fromSeq: 3,
        toSeq: 4,
        advanceCoverage: false,
      }),
      { ok: true, version: 2 },
    );
    assert.equal((await store.loadMemory(scope)).coversUpToSeq, 2);
    assert.equal((await store.loadMemory(scope)).unsummarisedMessages, 0, 'kept in context: nothing lost yet');
    assert.deepEqual(
      await store.recordGap({
        ...scope,
        expectedVersion: 2,
        reason: 'over_cap',
        fromSeq: 3,
        toSeq: 4,
        advanceCoverage: true,
      }),
      { ok: true, version: 3 },
    );
    const memory = await store.loadMemory(scope);
    assert.deepEqual([memory.summary, memory.coversUpToSeq, memory.gapCount], ['kept', 4, 2]);
    assert.equal(memory.unsummarisedMessages, 2, 'messages 3 and 4 left the context without a summary');
    assert.deepEqual(memory.gaps.map((gap) => gap.reason), ['summariser_error', 'over_cap']);
    assert.deepEqual(
      await store.recordGap({
        ...scope,
        expectedVersion: 1,
        reason: 'late',
        fromSeq: 5,
        toSeq: 6,
        advanceCoverage: true,
      }),
      { ok: false, reason: 'stale', currentVersion: 3 },
    );
  });

  it('keeps only the newest 20 gaps in the row but counts them all', async () => {
    const { store } = fixture;
    const scope = await conversationWith(1);
    for (let version = 0; version < 25; version += 1) {
      await store.recordGap({
        ...scope,
        expectedVersion: version,
        reason: `gap-${version}`,
        fromSeq: 1,
        toSeq: 1,
        advanceCoverage: false,
      });
    }
    const memory = await store.loadMemory(scope);
    assert.equal(memory.gapCount, 25);
    assert.deepEqual(memory.gaps.map((gap) => gap.reason), [...Array(20)].map((_, index) => `gap-${index + 5}`));
  });
});
