import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import { seedMessages } from '../test-support/seed-messages.ts';
import { RAN_TOOLS_MAX } from './conversation-operations.ts';
import { RECENT_RAN_TOOLS, RECENT_RAN_TOOLS_SQL, RECENT_TURN_STARTS_SQL } from './turn-start-operations.ts';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

async function newScope(ownerId = 'alice') {
  const { id } = await fixture.store.createConversation({ ownerId });
  return { ownerId, conversationId: id };
}

async function turnStatuses(conversationId: string): Promise<string[]> {
  const result = await fixture.database.read({
    sql: 'SELECT id, status, error_code FROM turns WHERE conversation_id = ? ORDER BY started_at, id',
    args: [conversationId],
  });
  return result.rows.map((row) =>
    `${String(row['id'])}:${String(row['status'])}${row['error_code'] === null ? '' : `:${String(row['error_code'])}`}`
  );
}

describe('startTurn', () => {
  it('takes the lock, begins the turn and reads the snapshot in one go', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const [first, second, third] = await seedMessages(
      store,
      scope,
      [textMessage('user', 'one'), textMessage('assistant', 'two'), textMessage('user', 'three')],
      { turnId: 'seed', now: fixture.now() },
    );
    const memory = await store.loadMemory(scope);
    assert.equal(
      (await store.saveMemory({
        ...scope,
        expectedVersion: memory.version,
        summary: 'S',
        coversUpToSeq: first?.seq ?? 0,
        summaryTokens: 1,
      })).ok,
      true,
    );
    // An earlier turn stored the asset session.
    assert.equal((await store.startTurn({ ...scope, turnId: 't0', now: fixture.now(), leaseMs: 60_000 })).ok, true);
    await store.completeTurn({
      ...scope,
      turnId: 't0',
      session: {
        sessionId: 's1',
        sessionStartedAt: '2026-01-01T00:00:00.000Z',
        lastActivityAt: '2026-01-01T00:00:00.000Z',
      },
    });
    await store.recordAssetExposure({ ...scope, sessionId: 's1', assetId: 'style', messageSeq: second?.seq ?? 0 });
    await store.recordAssetExposure({ ...scope, sessionId: 'old', assetId: 'style', messageSeq: first?.seq ?? 0 });
    const started = await store.startTurn({ ...scope, turnId: 't1', now: fixture.now(), leaseMs: 60_000 });
    assert.equal(started.ok, true);
    if (!started.ok) return;
    assert.equal(started.conversation.sessionId, 's1');
    assert.deepEqual(started.conversation.turnLock, { owner: 't1', until: '2026-01-01T00:01:00.000Z' });
    assert.deepEqual(started.abandonedTurnIds, []);
    assert.equal(started.memory.summary, 'S');
    assert.deepEqual(started.uncovered.map((message) => message.text), ['two', 'three']);
    assert.deepEqual([started.lastSeq, started.historyTokens], [third?.seq, await store.historyTokenTotal(scope)]);
    assert.deepEqual(
      started.sessionExposures.map((exposure) => [exposure.sessionId, exposure.assetId, exposure.messageSeq]),
      [['s1', 'style', second?.seq]],
    );
    assert.deepEqual(await turnStatuses(scope.conversationId), ['seed:complete', 't0:complete', 't1:running']);
  });

  it('refuses a second turn while the lease runs, changing nothing, and takes over an expired one', async () => {
    const { store } = fixture;
    const scope = await newScope();
    assert.equal((await store.startTurn({ ...scope, turnId: 'lease-a', now: fixture.now(), leaseMs: 1000 })).ok, true);
    assert.deepEqual(await store.startTurn({ ...scope, turnId: 'lease-b', now: fixture.now(), leaseMs: 1000 }), {
      ok: false,
      reason: 'conflict',
      lockedUntil: '2026-01-01T00:00:01.000Z',
    });
    assert.deepEqual(await turnStatuses(scope.conversationId), ['lease-a:running']);
    fixture.advance(2000);
    const takeover = await store.startTurn({ ...scope, turnId: 'lease-c', now: fixture.now(), leaseMs: 1000 });
    assert.deepEqual(takeover.ok && takeover.abandonedTurnIds, ['lease-a']);
    assert.deepEqual(await turnStatuses(scope.conversationId), ['lease-a:failed:abandoned', 'lease-c:running']);
  });

  it("treats another owner's or a missing conversation as not found", async () => {
    const scope = await newScope();
    for (const foreign of [{ ...scope, ownerId: 'mallory' }, { ...scope, conversationId: 'missing' }]) {
      await assert.rejects(
        fixture.store.startTurn({ ...foreign, turnId: 'x', now: fixture.now(), leaseMs: 1000 }),
        (error) => isAppError(error, 'not_found'),
      );
    }
    assert.deepEqual(await turnStatuses(scope.conversationId), []);
  });
});

describe('completeTurn with a session', () => {
  it('stores the session with the finished turn, and not for a turn that is no longer running', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const session = {
      sessionId: 's2',
      sessionStartedAt: '2026-01-01T00:00:00.000Z',
      lastActivityAt: '2026-01-01T00:00:05.000Z',
    };
    assert.equal(
      (await store.startTurn({ ...scope, turnId: 'session-turn', now: fixture.now(), leaseMs: 60_000 })).ok,
      true,
    );
    assert.equal(
      (await store.completeTurn({
        ...scope,
        turnId: 'session-turn',
        messages: [textMessage('user', 'hi'), textMessage('assistant', 'hello')],
        session,
      })).ok,
      true,
    );
    const stored = await store.getConversation(scope);
    assert.deepEqual([stored?.sessionId, stored?.sessionStartedAt, stored?.lastActivityAt, stored?.turnLock], [
      's2',
      session.sessionStartedAt,
      session.lastActivityAt,
      null,
    ]);
    const late = await store.completeTurn({
      ...scope,
      turnId: 'session-turn',
      session: { ...session, sessionId: 'zombie' },
    });
    assert.deepEqual(late, { ok: false, reason: 'turn_not_running' });
    assert.equal((await store.getConversation(scope))?.sessionId, 's2');
  });
});

describe('startTurn user message times', () => {
  it('reads the times of the latest visible user messages, oldest first, at most 20', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const written: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      fixture.advance(7 * 60_000);
      written.push(fixture.now().toISOString());
      await seedMessages(store, scope, [
        textMessage('user', `Remind me about the dentist appointment number ${index}`),
        textMessage('user', 'tool traffic', false),
        textMessage('assistant', 'Done: reminder set.'),
      ], { now: fixture.now() });
    }
    const started = await store.startTurn({ ...scope, turnId: 'times', now: fixture.now(), leaseMs: 60_000 });
    assert.ok(started.ok);
    assert.deepEqual(started.recentUserTimes, written.slice(-20));
    assert.equal(started.userMessageCount, 22);
    assert.equal(started.toolChanges, 0);
    await store.completeTurn({ ...scope, turnId: 'times' });
    await store.setSelectedTools({ ...scope, tools: ['add_task'] });
    await store.setSelectedTools({ ...scope, tools: ['add_task'] });
    await store.setSelectedTools({ ...scope, tools: ['add_task', 'list_tasks'] });
    await store.setSelectedTools({ ...scope, tools: ['list_tasks', 'add_task'] });
    await store.setSelectedTools({ ...scope, tools: ['set_reminder'] });
    const again = await store.startTurn({ ...scope, turnId: 'times-2', now: fixture.now(), leaseMs: 60_000 });
    assert.ok(again.ok);
    assert.equal(again.toolChanges, 2, 'the first selection, an unchanged one and a new order of one do not count');
    assert.deepEqual((await store.getConversation(scope))?.selectedTools, ['set_reminder']);
  });
});

describe('startTurn deployment turn starts', () => {
  it("reads the start times of the store's latest other turns, any conversation or user, oldest first, at most 20", async () => {
    const { store } = fixture;
    fixture.advance(24 * 60 * 60_000);
    const written: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      const scope = await newScope(index % 2 === 0 ? 'alice' : 'bob');
      fixture.advance(11 * 60_000);
      written.push(fixture.now().toISOString());
      assert.equal(
        (await store.startTurn({ ...scope, turnId: `deploy-${index}`, now: fixture.now(), leaseMs: 60_000 })).ok,
        true,
      );
      await store.completeTurn({ ...scope, turnId: `deploy-${index}` });
    }
    const scope = await newScope('carol');
    fixture.advance(11 * 60_000);
    const started = await store.startTurn({ ...scope, turnId: 'deploy-last', now: fixture.now(), leaseMs: 60_000 });
    assert.ok(started.ok);
    assert.deepEqual(started.recentTurnStarts, written.slice(-20), 'only times, never its own turn');
    assert.deepEqual(started.recentUserTimes, [], 'the conversation itself has none yet');
  });

  it('finds them through the turns_by_start index, not a scan of every turn', async () => {
    const plan = await fixture.database.read({
      sql: `EXPLAIN QUERY PLAN ${RECENT_TURN_STARTS_SQL}`,
      args: ['turn', 'conversation', 'owner', 'turn'],
    });
    const details = plan.rows.map((row) => String(row['detail'])).join(' | ');
    assert.match(details, /SCAN t USING INDEX turns_by_start/, details);
  });
});

describe('startTurn deployment staples', () => {
  it('keeps what each conversation ran and ran late, once each, and hands other conversations the latest 50', async () => {
    const { store } = fixture;
    fixture.advance(24 * 60 * 60_000);
    const first = await newScope('dora');
    await store.recordRanTools({
      ...first,
      tools: ['get_user_details', 'cancel_reservation'],
      late: ['get_user_details'],
      at: fixture.now(),
    });
    await store.recordRanTools({
      ...first,
      tools: ['get_user_details', 'get_reservation_details'],
      late: ['get_reservation_details', 'get_user_details'],
      at: fixture.now(),
    });
    const written: { ran: string[]; late: string[] }[] = [];
    for (let index = 0; index < RECENT_RAN_TOOLS + 2; index += 1) {
      const scope = await newScope(index % 2 === 0 ? 'erin' : 'frank');
      fixture.advance(60_000);
      const tools = [`tool_${index}`, 'get_user_details'];
      await store.recordRanTools({ ...scope, tools, late: [`tool_${index}`], at: fixture.now() });
      written.push({ ran: [...tools].sort(), late: [`tool_${index}`] });
    }
    // A conversation that never ran a domain tool is not among them.
    await newScope('gina');
    const scope = await newScope('hal');
    await store.recordRanTools({ ...scope, tools: ['own_tool'], late: ['own_tool'], at: fixture.now() });
    fixture.advance(60_000);
    const started = await store.startTurn({ ...scope, turnId: 'staples', now: fixture.now(), leaseMs: 60_000 });
    assert.ok(started.ok);
    const sorted = started.recentRanTools.map((one) => ({ ran: [...one.ran].sort(), late: [...one.late].sort() }));
    assert.equal(sorted.length, RECENT_RAN_TOOLS);
    assert.deepEqual(sorted, written.slice(-RECENT_RAN_TOOLS).reverse(), 'the latest first, never its own');
    await store.completeTurn({ ...scope, turnId: 'staples' });

    const later = await newScope('ivy');
    fixture.advance(24 * 60 * 60_000);
    await store.recordRanTools({ ...first, tools: ['get_user_details'], late: [], at: fixture.now() });
    const again = await store.startTurn({ ...later, turnId: 'staples-2', now: fixture.now(), leaseMs: 60_000 });
    assert.ok(again.ok);
    assert.deepEqual(
      {
        ran: [...(again.recentRanTools[0]?.ran ?? [])].sort(),
        late: [...(again.recentRanTools[0]?.late ?? [])].sort(),
      },
      {
        ran: ['cancel_reservation', 'get_reservation_details', 'get_user_details'],
        late: ['get_reservation_details', 'get_user_details'],
      },
      'the union of its turns, each tool once, and the conversation that ran one last comes first',
    );
    await store.completeTurn({ ...later, turnId: 'staples-2' });
  });

  it('keeps at most 64 names a conversation ran, the first it ran first, each once', async () => {
    const { store } = fixture;
    const scope = await newScope('kim');
    const names = (from: number, to: number) => Array.from({ length: to - from }, (_, at) => `tool_${from + at}`);
    await store.recordRanTools({ ...scope, tools: names(0, 40), late: ['tool_3', 'tool_3'], at: fixture.now() });
    await store.recordRanTools({ ...scope, tools: names(30, 100), late: ['tool_1', 'tool_3'], at: fixture.now() });
    const row = await fixture.database.read({
      sql: 'SELECT ran_tools, late_tools FROM conversations WHERE id = ?',
      args: [scope.conversationId],
    });
    assert.deepEqual(JSON.parse(String(row.rows[0]?.['ran_tools'])), names(0, RAN_TOOLS_MAX));
    assert.deepEqual(JSON.parse(String(row.rows[0]?.['late_tools'])), ['tool_3', 'tool_1']);
  });

  it('refuses a list that holds no tool name, and a conversation of another owner', async () => {
    const { store } = fixture;
    const scope = await newScope('judy');
    await assert.rejects(
      store.recordRanTools({ ...scope, tools: [''], late: [], at: fixture.now() }),
      (error: unknown) => isAppError(error) && error.code === 'internal',
    );
    await assert.rejects(
      store.recordRanTools({ ...scope, ownerId: 'mallory', tools: ['x'], late: [], at: fixture.now() }),
      (error: unknown) => isAppError(error) && error.code === 'not_found',
    );
  });

  it('finds them through the conversations_by_tool_use index, not a scan of every conversation', async () => {
    const plan = await fixture.database.read({
      sql: `EXPLAIN QUERY PLAN ${RECENT_RAN_TOOLS_SQL}`,
      args: ['conversation', 'owner', 'turn', 'conversation', 'owner', 'turn'],
    });
    const details = plan.rows.map((row) => String(row['detail'])).join(' | ');
    assert.match(details, /(SCAN|SEARCH) o USING INDEX conversations_by_tool_use/, details);
  });
});
