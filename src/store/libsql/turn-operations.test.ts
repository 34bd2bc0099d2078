import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

const USAGE = {
  turnId: 't1',
  kind: 'main' as const,
  modelId: 'model',
  inputTokens: 10,
  outputTokens: 5,
  cacheReadInputTokens: 100,
  cacheWriteInputTokens: 0,
  naiveInputTokens: 500,
  estimatedInputTokens: 110,
  costUSD: 0.01,
  naiveCostUSD: 0.05,
  cacheMissReason: null,
};

async function newScope(ownerId = 'alice') {
  const { id } = await fixture.store.createConversation({ ownerId });
  return { ownerId, conversationId: id };
}

/** Takes the lock and begins the turn as the turn loop does (one transaction); fails the test when it is refused. */
async function startTurn(scope: { ownerId: string; conversationId: string }, turnId: string, leaseMs = 60_000) {
  const started = await fixture.store.startTurn({ ...scope, turnId, now: fixture.now(), leaseMs });
  assert.ok(started.ok, `${turnId} should have started`);
  return started;
}

describe('startTurn: the one-turn lock', () => {
  it('lets one turn at a time hold the lock; only the holder frees it, by finishing', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const now = fixture.now();
    const first = await startTurn(scope, 't1');
    assert.deepEqual(first.conversation.turnLock, { owner: 't1', until: '2026-01-01T00:01:00.000Z' });
    assert.deepEqual(await store.startTurn({ ...scope, turnId: 't2', now, leaseMs: 60_000 }), {
      ok: false,
      reason: 'conflict',
      lockedUntil: '2026-01-01T00:01:00.000Z',
    });
    assert.deepEqual(
      await store.failTurn({ ...scope, turnId: 't2', errorCode: 'conflict' }),
      { ok: false, reason: 'turn_not_running' },
      'a refused turn was never begun',
    );
    assert.equal((await store.getConversation(scope))?.turnLock?.owner, 't1', 'only the holder releases');
    assert.equal((await store.completeTurn({ ...scope, turnId: 't1' })).ok, true);
    assert.equal((await store.getConversation(scope))?.turnLock, null);
    assert.equal((await store.startTurn({ ...scope, turnId: 't2', now, leaseMs: 1000 })).ok, true);
  });

  it('lets exactly one of many simultaneous turns start', async () => {
    const scope = await newScope();
    const results = await Promise.all(
      [...Array(10)].map((_, index) =>
        fixture.store.startTurn({ ...scope, turnId: `t${index}`, now: fixture.now(), leaseMs: 1000 })
      ),
    );
    assert.equal(results.filter((result) => result.ok).length, 1);
    assert.equal((await fixture.rows.runningTurns(scope)).length, 1, 'the refused ones began nothing');
  });

  it('lets an expired lease be taken over and fails the turn its holder left running', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const start = fixture.now();
    await startTurn(scope, 'crashed', 1000);
    assert.equal(
      (await store.startTurn({ ...scope, turnId: 'next', now: new Date(start.getTime() + 999), leaseMs: 1000 })).ok,
      false,
    );
    const taken = await store.startTurn({
      ...scope,
      turnId: 'next',
      now: new Date(start.getTime() + 1000),
      leaseMs: 1000,
    });
    assert.ok(taken.ok, 'the expired lease is taken over');
    assert.deepEqual(taken.abandonedTurnIds, ['crashed']);
    assert.deepEqual(taken.conversation.turnLock, {
      owner: 'next',
      until: new Date(start.getTime() + 2000).toISOString(),
    });
    assert.deepEqual((await fixture.rows.runningTurns(scope)).map((turn) => turn.id), ['next']);
    // The crashed turn, should it wake up, can no longer write anything.
    assert.deepEqual(
      await store.completeTurn({ ...scope, turnId: 'crashed', messages: [textMessage('user', 'hello?')] }),
      { ok: false, reason: 'turn_not_running' },
    );
    assert.deepEqual(await store.loadUncovered(scope), []);
    const row = await fixture.database.read({
      sql: 'SELECT status, error_code FROM turns WHERE id = ? AND conversation_id = ?',
      args: ['crashed', scope.conversationId],
    });
    assert.deepEqual({ ...row.rows[0] }, { status: 'failed', error_code: 'abandoned' });
  });
});

describe('completeTurn / failTurn', () => {
  it('a started turn is running with no message yet; its messages are stored when it completes', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const t1 = `${scope.conversationId}-t1`;
    await startTurn(scope, t1);
    assert.deepEqual(await fixture.rows.runningTurns(scope), [{
      id: t1,
      conversationId: scope.conversationId,
      status: 'running',
      userMessageSeq: null,
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: null,
      errorCode: null,
    }]);
    assert.deepEqual(await store.loadUncovered(scope), [], 'nothing is stored before the turn finishes');
    const done = await store.completeTurn({
      ...scope,
      turnId: t1,
      messages: [textMessage('user', 'hi'), textMessage('assistant', 'Hello!')],
    });
    assert.deepEqual(done.ok && done.messages.map((message) => message.seq), [1, 2]);
  });

  it('completes a turn with its messages, usage and idempotent answer at once, releasing the lock', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const t1 = `${scope.conversationId}-t1`;
    await store.beginIdempotency({ ...scope, key: 'key-1', requestHash: 'h' });
    await startTurn(scope, t1);
    const toolUse = {
      role: 'assistant' as const,
      content: [{ type: 'tool_use' as const, id: 'tu1', name: 'add_task', input: { title: 'milk' } }],
      visible: false,
      tokenEstimate: 9,
    };
    const toolResult = {
      role: 'user' as const,
      content: [{ type: 'tool_result' as const, toolUseId: 'tu1', text: 'ok', status: 'success' as const }],
      visible: false,
      tokenEstimate: 3,
    };
    const done = await store.completeTurn({
      ...scope,
      turnId: t1,
      messages: [
        textMessage('user', 'add milk'),
        toolUse,
        toolResult,
        { ...textMessage('assistant', 'Added.'), id: 'reply-1' },
      ],
      usage: [USAGE, { ...USAGE, kind: 'selector' }],
      idempotency: { key: 'key-1', response: { message: { id: 'reply-1' } } },
    });
    assert.deepEqual(done.ok && done.messages.map((message) => [message.seq, message.id === 'reply-1']), [
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    assert.equal((await store.getConversation(scope))?.turnLock, null);
    assert.equal((await store.usageTotals(scope)).calls, 2);
    assert.deepEqual(await store.beginIdempotency({ ...scope, key: 'key-1', requestHash: 'h' }), {
      status: 'done',
      response: { message: { id: 'reply-1' } },
    });
    assert.deepEqual(await fixture.rows.runningTurns(scope), []);
    assert.deepEqual(
      await store.completeTurn({ ...scope, turnId: t1 }),
      { ok: false, reason: 'turn_not_running' },
      'a turn completes once',
    );
  });

  it("stores the conversation's tool list with the turn, counts a changed set, and a finished turn writes none", async () => {
    const { store } = fixture;
    const scope = await newScope();
    const toolChanges = async () => {
      const row = await fixture.database.read({
        sql: 'SELECT tool_changes FROM conversations WHERE id = ?',
        args: [scope.conversationId],
      });
      return Number(row.rows[0]?.['tool_changes']);
    };
    const finish = async (turnId: string, selectedTools: readonly string[]) => {
      await startTurn(scope, turnId);
      return store.completeTurn({ ...scope, turnId, messages: [textMessage('user', 'q')], selectedTools });
    };
    assert.ok((await finish('tools-1', ['search_hotel', 'reserve_hotel'])).ok);
    assert.deepEqual((await store.getConversation(scope))?.selectedTools, ['search_hotel', 'reserve_hotel']);
    assert.equal(await toolChanges(), 0, 'the first list is not a change');
    assert.ok((await finish('tools-2', ['reserve_hotel', 'search_hotel'])).ok);
    assert.deepEqual((await store.getConversation(scope))?.selectedTools, ['reserve_hotel', 'search_hotel']);
    assert.equal(await toolChanges(), 0, 'a new order of the same tools is not a change');
    assert.ok((await finish('tools-3', ['get_weather', 'reserve_hotel'])).ok);
    assert.equal(await toolChanges(), 1);
    const late = await store.completeTurn({
      ...scope,
      turnId: 'tools-3',
      selectedTools: ['send_message'],
      toolOrder: ['send_message'],
    });
    assert.deepEqual(late, { ok: false, reason: 'turn_not_running' });
    assert.deepEqual((await store.getConversation(scope))?.selectedTools, ['get_weather', 'reserve_hotel']);
    assert.equal((await store.getConversation(scope))?.toolOrder, null);
    assert.equal(await toolChanges(), 1, 'a turn that is no longer running changes nothing');
    await startTurn(scope, 'tools-4');
    await assert.rejects(store.completeTurn({ ...scope, turnId: 'tools-4', selectedTools: [''] }), /non-empty/);
    await assert.rejects(store.completeTurn({ ...scope, turnId: 'tools-4', toolOrder: [''] }), /non-empty/);
    assert.ok(
      (await store.completeTurn({ ...scope, turnId: 'tools-4', toolOrder: ['reserve_hotel', 'get_weather'] })).ok,
    );
    assert.deepEqual((await store.getConversation(scope))?.toolOrder, ['reserve_hotel', 'get_weather'], 'stored');
  });

  it('writes none of a finishing batch when one part is malformed', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const t1 = `${scope.conversationId}-t1`;
    await startTurn(scope, t1);
    await assert.rejects(
      store.completeTurn({
        ...scope,
        turnId: t1,
        messages: [textMessage('user', 'q'), textMessage('assistant', 'a')],
        usage: [{ ...USAGE, outputTokens: -1 }],
      }),
    );
    assert.equal((await store.loadUncovered(scope)).length, 0);
    assert.equal((await fixture.rows.runningTurns(scope)).length, 1);
  });

  it('fails a turn with its error code and releases the lock', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const t1 = `${scope.conversationId}-t1`;
    await startTurn(scope, t1);
    fixture.advance(5000);
    assert.deepEqual(await store.failTurn({ ...scope, turnId: t1, errorCode: 'model_throttled' }), {
      ok: true,
      messages: [],
    });
    const row = await fixture.database.read({
      sql: 'SELECT status, error_code, finished_at FROM turns WHERE id = ? AND conversation_id = ?',
      args: [t1, scope.conversationId],
    });
    assert.deepEqual({ ...row.rows[0] }, {
      status: 'failed',
      error_code: 'model_throttled',
      finished_at: '2026-01-01T00:00:05.000Z',
    });
    assert.equal((await store.getConversation(scope))?.turnLock, null);
  });
});
