// Turns end: the lock lease is renewed past its first term, a turn past its deadline fails cleanly, a stream that
// stalls after its headers is cut and retried, and stopping the service fails running turns cleanly.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

const TASK_TEXT = 'Add a task to renew my passport by Friday';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function turnRows(fixture: TurnFixture, conversationId: string) {
  const result = await fixture.database.read({
    sql: 'SELECT status, error_code FROM turns WHERE conversation_id = ? ORDER BY started_at',
    args: [conversationId],
  });
  return result.rows.map((row) => `${String(row['status'])}:${String(row['error_code'])}`);
}

async function mainLedgerRows(fixture: TurnFixture, conversationId: string): Promise<number> {
  const result = await fixture.database.read({
    sql: "SELECT COUNT(*) AS n FROM usage_ledger WHERE conversation_id = ? AND kind = 'main'",
    args: [conversationId],
  });
  return Number(result.rows[0]?.['n'] ?? 0);
}

async function pendingKeys(fixture: TurnFixture, conversationId: string, key: string): Promise<number> {
  const result = await fixture.database.read({
    sql: 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE conversation_id = ? AND key = ?',
    args: [conversationId, key],
  });
  return Number(result.rows[0]?.['n'] ?? 0);
}

/** create_task, slowed: `during` runs inside the tool (while the turn holds its lock), then it answers. */
function slowCreateTask(during: () => Promise<void>): ReadonlyMap<string, ToolHandler> {
  return new Map([['create_task', async () => (await during(), { status: 'success', text: '{"created":true}' })]]);
}

function scriptToolThenAnswer(fixture: TurnFixture): void {
  fixture.simulator.script.enqueue(
    { model: 'sonnet', toolUses: [{ name: 'create_task', input: { title: 'Renew passport' }, id: 'tooluse_w1' }] },
    { model: 'sonnet', text: 'Added.' },
  );
}

describe('turns end', () => {
  it('renews the lock lease while the turn runs, past its first term', async () => {
    let conflictDuringTurn: boolean | undefined;
    let conversationId = '';
    const fixture: TurnFixture = await createTurnFixture({
      settings: { turnLeaseMs: 600 },
      extraHandlers: slowCreateTask(async () => {
        const current = fixture as TurnFixture;
        current.advance(1_000); // the first term (600 ms from the start) is over on the service's clock…
        await sleep(700); // …and the renewal (every 200 ms of real time) moves the lease on from the new time
        const other = await current.store.startTurn({
          ownerId: USER,
          conversationId,
          turnId: 'intruder',
          now: current.now(),
          leaseMs: 600,
        });
        conflictDuringTurn = !other.ok;
      }),
    });
    try {
      conversationId = await fixture.createConversation();
      scriptToolThenAnswer(fixture);
      const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: TASK_TEXT });
      assert.equal(result.message.text, 'Added.');
      assert.equal(conflictDuringTurn, true, 'the renewed lease still held the lock after its first term');
      assert.deepEqual(await turnRows(fixture, conversationId), ['complete:null']);
    } finally {
      await fixture.close();
    }
  });

  it('fails a turn past its deadline cleanly: usage recorded, lock and key freed, the retry replays the tool', async () => {
    let calls = 0;
    let finished: () => void = () => {};
    const firstCallDone = new Promise<void>((resolve) => (finished = resolve));
    const fixture = await createTurnFixture({
      settings: { turnDeadlineMs: 1_500 },
      extraHandlers: new Map([['create_task', async () => {
        calls += 1;
        if (calls === 1) await sleep(3_000);
        finished();
        return { status: 'success', text: '{"created":true}' };
      }]]),
    });
    try {
      const conversationId = await fixture.createConversation();
      scriptToolThenAnswer(fixture);
      await assert.rejects(
        fixture.service.sendMessage({ userId: USER, conversationId, text: TASK_TEXT, idempotencyKey: 'slow-1' }),
        (error) => isAppError(error, 'turn_timeout'),
      );
      assert.deepEqual(await turnRows(fixture, conversationId), ['failed:turn_timeout']);
      assert.equal(
        await mainLedgerRows(fixture, conversationId),
        1,
        'the model call made before the deadline is billed',
      );
      assert.equal(await pendingKeys(fixture, conversationId, 'slow-1'), 0, 'the key was freed');
      await firstCallDone; // the abandoned tool call finishes in the background…
      await sleep(300); // …and its result is recorded
      const retried = await fixture.service.sendMessage({
        userId: USER,
        conversationId,
        text: TASK_TEXT,
        idempotencyKey: 'slow-1',
      });
      assert.equal(retried.message.text, 'Added.', 'the lock was freed; the retry replays step 1 and asks step 2');
      assert.equal(calls, 1, 'the tool ran once');
    } finally {
      await fixture.close();
    }
  });

  it('cuts a stream that stalls after its headers and retries the call', async () => {
    const fixture = await createTurnFixture({ streamIdleMs: 300 });
    try {
      const conversationId = await fixture.createConversation();
      fixture.simulator.faults.inject({ kind: 'stream-stall', afterFrames: 1 }, { model: 'sonnet' });
      // The stalled call takes the first scripted reply (it never arrives); the retry gets the second.
      fixture.simulator.script.enqueue(
        { model: 'sonnet', text: 'Lost in the stall.' },
        { model: 'sonnet', text: 'After the stall.' },
      );
      const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello there' });
      assert.equal(result.message.text, 'After the stall.');
      assert.equal(fixture.mainRequests().length >= 2, true, 'the stalled call was made again');
    } finally {
      await fixture.close();
    }
  });

  it('fails a stalled stream like any other fault when the retry stalls too', async () => {
    const fixture = await createTurnFixture({ streamIdleMs: 200 });
    try {
      const conversationId = await fixture.createConversation();
      fixture.simulator.faults.inject({ kind: 'stream-stall', afterFrames: 1 }, { model: 'sonnet' });
      fixture.simulator.faults.inject({ kind: 'stream-stall', afterFrames: 1 }, { model: 'sonnet' });
      await assert.rejects(
        fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello there' }),
        (error) => isAppError(error, 'model_timeout'),
      );
      assert.deepEqual(await turnRows(fixture, conversationId), ['failed:model_timeout']);
    } finally {
      await fixture.close();
    }
  });

  it('at shutdown waits for a running turn up to the grace period, then fails it cleanly', async () => {
    let started: () => void = () => {};
    const toolStarted = new Promise<void>((resolve) => (started = resolve));
    const fixture = await createTurnFixture({
      extraHandlers: slowCreateTask(async () => {
        started();
        await sleep(1_500);
      }),
    });
    try {
      const conversationId = await fixture.createConversation();
      scriptToolThenAnswer(fixture);
      const turn = fixture.service.sendMessage({
        userId: USER,
        conversationId,
        text: TASK_TEXT,
        idempotencyKey: 'sd-1',
      });
      await toolStarted;
      await fixture.service.stopTurns(200);
      await assert.rejects(turn, (error) => isAppError(error, 'shutting_down'));
      assert.deepEqual(await turnRows(fixture, conversationId), ['failed:shutting_down']);
      assert.equal(await mainLedgerRows(fixture, conversationId), 1, 'usage recorded');
      assert.equal(await pendingKeys(fixture, conversationId, 'sd-1'), 0, 'the key was freed');
      const lock = await fixture.database.read({
        sql: 'SELECT turn_lock_owner FROM conversations WHERE id = ?',
        args: [conversationId],
      });
      assert.equal(lock.rows[0]?.['turn_lock_owner'], null, 'the lock was released');
      await assert.rejects(
        fixture.service.sendMessage({ userId: USER, conversationId, text: 'Another one' }),
        (error) => isAppError(error, 'shutting_down'),
      );
      await sleep(1_500); // let the abandoned tool call end before the database closes
    } finally {
      await fixture.close();
    }
  });
});
