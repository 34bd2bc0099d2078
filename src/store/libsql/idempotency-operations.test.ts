import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import { createLibsqlStore } from '../create-libsql-store.ts';
import { createStoreFixture, openIsolatedDatabase, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

async function newScope(ownerId = 'alice') {
  const { id } = await fixture.store.createConversation({ ownerId });
  return { ownerId, conversationId: id };
}

/** Stores `response` under `key` as the turn loop does: in the transaction that completes a turn. */
async function answerInTurn(scope: { ownerId: string; conversationId: string }, key: string, response: unknown) {
  const turnId = `${scope.conversationId}-${key}`;
  assert.ok((await fixture.store.startTurn({ ...scope, turnId, now: fixture.now(), leaseMs: 60_000 })).ok);
  assert.ok((await fixture.store.completeTurn({ ...scope, turnId, idempotency: { key, response } })).ok);
}

describe('beginIdempotency, and the answer completeTurn stores', () => {
  it('lets the first request start, shows later ones pending, then the stored answer', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const key = { ...scope, key: 'k1', requestHash: 'hash-a' };
    assert.deepEqual(await store.beginIdempotency(key), { status: 'started' });
    assert.deepEqual(await store.beginIdempotency(key), { status: 'pending', createdAt: '2026-01-01T00:00:00.000Z' });
    assert.deepEqual(await store.beginIdempotency({ ...key, requestHash: 'hash-b' }), { status: 'mismatch' });
    await answerInTurn(scope, 'k1', { text: 'answer', n: [1, 2] });
    assert.deepEqual(await store.beginIdempotency(key), { status: 'done', response: { text: 'answer', n: [1, 2] } });
    assert.deepEqual(await fixture.rows.idempotency(scope, 'k1'), {
      key: 'k1',
      requestHash: 'hash-a',
      status: 'done',
      response: { text: 'answer', n: [1, 2] },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await answerInTurn(scope, 'never-begun', 1);
    assert.equal(
      await fixture.rows.idempotency(scope, 'never-begun'),
      null,
      'an answer is stored only under a claimed key',
    );
  });

  it('scopes keys by owner and conversation', async () => {
    const first = await newScope();
    const second = await newScope();
    assert.deepEqual(await fixture.store.beginIdempotency({ ...first, key: 'same', requestHash: 'h' }), {
      status: 'started',
    });
    assert.deepEqual(await fixture.store.beginIdempotency({ ...second, key: 'same', requestHash: 'h' }), {
      status: 'started',
    });
  });

  it('lets exactly one of two clients claim a key at once', async () => {
    const scope = await newScope();
    const second = await openIsolatedDatabase(fixture.url);
    const other = createLibsqlStore({ database: second });
    const results = await Promise.all([
      fixture.store.beginIdempotency({ ...scope, key: 'race', requestHash: 'h' }),
      other.beginIdempotency({ ...scope, key: 'race', requestHash: 'h' }),
    ]);
    await second.close();
    assert.deepEqual(results.map((result) => result.status).sort(), ['pending', 'started']);
  });

  it('frees an abandoned claim, and takes over a pending claim only once it is old enough', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const key = { ...scope, key: 'k', requestHash: 'h' };
    await store.beginIdempotency(key);
    assert.equal(await store.abandonIdempotency({ ...scope, key: 'k' }), true);
    assert.deepEqual(await store.beginIdempotency(key), { status: 'started' });
    fixture.advance(30_000);
    assert.equal((await store.beginIdempotency({ ...key, takeOverPendingOlderThanMs: 60_000 })).status, 'pending');
    fixture.advance(31_000);
    assert.deepEqual(await store.beginIdempotency({ ...key, takeOverPendingOlderThanMs: 60_000 }), {
      status: 'started',
    });
    await answerInTurn(scope, 'k', 'r');
    assert.equal(await store.abandonIdempotency({ ...scope, key: 'k' }), false, 'a done key is never abandoned');
    fixture.advance(3_600_000);
    assert.deepEqual(await store.beginIdempotency({ ...key, takeOverPendingOlderThanMs: 60_000 }), {
      status: 'done',
      response: 'r',
    });
  });

  it('refuses empty or overlong keys as bad_request', async () => {
    const scope = await newScope();
    for (const key of ['', 'x'.repeat(201)]) {
      await assert.rejects(
        fixture.store.beginIdempotency({ ...scope, key, requestHash: 'h' }),
        (error) => isAppError(error, 'bad_request'),
      );
    }
  });
});
