import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { AppError, isAppError } from '../../src/errors.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import {
  CHEAP_MODEL,
  createTurnFixture,
  MAIN_MODEL,
  requestTexts,
  requestToolNames,
  type TurnFixture,
  USER,
} from './turn-test-support.ts';

type LedgerRow = {
  kind: string;
  model_id: string;
  turn_id: string | null;
  cost_usd: number;
  naive_cost_usd: number;
  cache_miss_reason: string | null;
};

async function ledger(fixture: TurnFixture, conversationId: string): Promise<LedgerRow[]> {
  const result = await fixture.database.read({
    sql: 'SELECT * FROM usage_ledger WHERE conversation_id = ? ORDER BY created_at, rowid',
    args: [conversationId],
  });
  return result.rows as unknown as LedgerRow[];
}

async function turnStatuses(fixture: TurnFixture, conversationId: string): Promise<string[]> {
  const result = await fixture.database.read({
    sql: 'SELECT status FROM turns WHERE conversation_id = ? ORDER BY started_at, rowid',
    args: [conversationId],
  });
  return result.rows.map((row) => String(row['status']));
}

let fixture: TurnFixture;
/** Model calls wait on this while a test holds a turn open (resolved otherwise). */
let modelGate: Promise<void> = Promise.resolve();
const gateModels = (models: ModelCaller): ModelCaller => ({
  ...models,
  converse: async (request, options) => {
    await modelGate;
    return models.converse(request, options);
  },
  converseStream: async (request, options) => {
    await modelGate;
    return models.converseStream(request, options);
  },
});

/** Resolves once the conversation has a running turn (polls the store; the turn waits on `modelGate`). */
async function untilRunning(conversationId: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if ((await turnStatuses(fixture, conversationId)).includes('running')) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the first turn never started');
}

describe('runTurn', () => {
  before(async () => {
    fixture = await createTurnFixture({ wrapModels: gateModels });
  });
  after(() => fixture.close());

  it('stores the user message and the answer together and pages the history', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Hello! How can I help?' });
    const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hi there' });
    assert.equal(result.message.text, 'Hello! How can I help?');
    const page = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.deepEqual(page.messages.map((message) => [message.role, message.text]), [['user', 'Hi there'], [
      'assistant',
      'Hello! How can I help?',
    ]]);
    assert.equal(page.messages[1]?.id, result.message.id);
    assert.equal(page.nextBefore, null);
    const small = await fixture.service.listMessages({ userId: USER, conversationId, limit: 1 });
    assert.deepEqual(small.messages.map((message) => message.text), ['Hello! How can I help?']);
    assert.notEqual(small.nextBefore, null);
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['complete']);
  });

  it('sends the standard tools plus the selected domain tools, a system prompt without user text and valid cache points', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Noted.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });
    const [main] = fixture.mainRequests();
    assert.ok(main !== undefined, 'one main call was made');
    assert.equal(
      main.status,
      200,
      'the simulator accepted the request (its validator checks cache points and tool pairs)',
    );
    const names = requestToolNames(main);
    for (const standard of ['cancel', 'clarify', 'help', 'set_preference', 'get_asset', 'find_tools']) {
      assert.ok(names.includes(standard), `standard tool ${standard} is sent`);
    }
    assert.ok(names.includes('create_task'), 'the task tool is selected for a task message');
    const domain = names.filter((name) =>
      !['cancel', 'clarify', 'help', 'set_preference', 'get_asset', 'find_tools'].includes(name)
    );
    assert.ok(
      domain.length >= fixture.deps.settings.minDomainTools && domain.length <= fixture.deps.settings.maxDomainTools,
      `domain tools within bounds: ${domain.join(',')}`,
    );
    const body = main.request as {
      system: { text?: string; cachePoint?: unknown }[];
      messages: { content: { cachePoint?: unknown }[] }[];
      toolConfig: { tools: { cachePoint?: unknown }[] };
    };
    assert.ok(
      body.system.every((block) => block.text === undefined || !block.text.includes('buy milk')),
      'the system prompt holds no user text',
    );
    const cachePoints = [
      ...body.toolConfig.tools,
      ...body.system,
      ...body.messages.flatMap((message) => message.content),
    ].filter((block) => block.cachePoint !== undefined);
    assert.ok(cachePoints.length >= 1 && cachePoints.length <= 4, `1-4 cache points (got ${cachePoints.length})`);
    assert.deepEqual(requestTexts(main), ['Add a task to buy milk tomorrow']);
  });

  it('writes one ledger row per model call, with a naive cost above the real cost', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'First.' }, { model: 'sonnet', text: 'Second.' });
    const first = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' });
    const second = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello again' });
    const rows = await ledger(fixture, conversationId);
    assert.deepEqual(rows.filter((row) => row.kind === 'main').map((row) => row.model_id), [MAIN_MODEL, MAIN_MODEL]);
    assert.ok(rows.every((row) => row.cost_usd > 0), 'every call costs something');
    assert.ok(
      second.usage.cacheReadInputTokens > 0,
      `the second turn reads the cache (read ${second.usage.cacheReadInputTokens})`,
    );
    assert.ok(
      second.usage.naiveCostUSD > second.usage.costUSD,
      `naive ${second.usage.naiveCostUSD} > cost ${second.usage.costUSD}`,
    );
    assert.ok(first.usage.costUSD > 0, 'the first turn costs something');
    const usage = await fixture.service.getUsage({ userId: USER, conversationId });
    assert.ok(
      Math.abs(usage.costUSD - (first.usage.costUSD + second.usage.costUSD)) < 1e-9,
      'conversation usage adds up the turns',
    );
  });

  it('records the selector call as its own ledger row when the ranking is unsure', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Sure.' });
    // Five task tools score close together: the local ranking cannot decide alone and asks the cheap model.
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });
    const rows = await ledger(fixture, conversationId);
    assert.equal(fixture.cheapRequests().length, 1);
    assert.deepEqual(rows.filter((row) => row.kind === 'selector').map((row) => row.model_id), [CHEAP_MODEL]);
    const selector = fixture.cheapRequests()[0]?.request as { toolConfig: { toolChoice: unknown } };
    assert.deepEqual(selector.toolConfig.toolChoice, { tool: { name: 'select_tools' } });
    assert.equal(rows.filter((row) => row.kind === 'main').length, 1);
  });

  it('answers a repeated idempotency key with the first result and stores one turn', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Once.' });
    const first = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Hello',
      idempotencyKey: 'key-1',
    });
    const again = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Hello',
      idempotencyKey: 'key-1',
    });
    assert.deepEqual(again, first);
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['complete']);
    const page = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.equal(page.messages.length, 2);
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Something else', idempotencyKey: 'key-1' }),
      (error) => isAppError(error, 'conflict'),
    );
  });

  it('refuses a second message while a turn runs (conflict) and lets the first finish', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'The first answer.' });
    // The first turn holds its lock at the model call until the second message has been answered, however busy the
    // machine is.
    let release = () => {};
    modelGate = new Promise((resolve) => {
      release = resolve;
    });
    const first = fixture.service.sendMessage({ userId: USER, conversationId, text: 'First message' });
    await untilRunning(conversationId);
    // Bounded: a service that did not refuse would wait at the gate, and the test fails instead of hanging.
    const second = fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Second message',
      idempotencyKey: 'key-2',
    }).then(() => 'answered', (error: unknown) => error);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const two = await Promise.race([
      second,
      new Promise((resolve) => {
        timer = setTimeout(() => resolve('still running'), 5000);
      }),
    ]);
    clearTimeout(timer);
    release();
    await first;
    await second;
    assert.ok(isAppError(two, 'conflict'), `the second message is a conflict, not ${String(two)}`);
    // The key of the refused message was abandoned: the same request works once the first turn is done.
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'The second answer.' });
    const retried = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Second message',
      idempotencyKey: 'key-2',
    });
    assert.equal(retried.message.text, 'The second answer.');
  });

  it('takes over the lock of a crashed turn once its lease has expired', async () => {
    const conversationId = await fixture.createConversation();
    const scope = { ownerId: USER, conversationId };
    assert.ok(
      (await fixture.store.startTurn({
        ...scope,
        turnId: 'crashed',
        now: fixture.now(),
        leaseMs: fixture.deps.settings.turnLeaseMs,
      })).ok,
      'the crashed turn held the lock and began',
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' }),
      (error) => isAppError(error, 'conflict'),
    );
    fixture.advance(fixture.deps.settings.turnLeaseMs + 1);
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Back again.' });
    const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' });
    assert.equal(result.message.text, 'Back again.');
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['failed', 'complete']);
  });

  it('refuses the same key while its first request still runs', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Only once.' });
    // Bedrock takes its time, so the first request is surely still running when the second claims the key (without
    // it, a busy machine could finish the first turn first and the second would replay its answer).
    fixture.simulator.faults.latencyMs = 300;
    const [one, two] = await Promise.allSettled([
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello', idempotencyKey: 'key-same' }),
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello', idempotencyKey: 'key-same' }),
    ]).finally(() => (fixture.simulator.faults.latencyMs = 0));
    // Either request may claim the key first (the runtime schedules them): one is answered, the other is a conflict.
    const outcomes = [one, two];
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 1);
    assert.ok(
      outcomes.some((outcome) => outcome.status === 'rejected' && isAppError(outcome.reason, 'conflict')),
      'the duplicate in flight is a conflict',
    );
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['complete']);
  });

  it('refuses a message that cannot fit the prompt budget, before any model call', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    const huge = 'word '.repeat(fixture.deps.settings.maxInputTokens * 2);
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: huge, idempotencyKey: 'key-big' }),
      (error) => isAppError(error, 'over_budget'),
    );
    assert.equal(fixture.mainRequests().length, 0);
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['failed']);
    assert.equal(await fixture.rows.idempotency({ ownerId: USER, conversationId }, 'key-big'), null);
  });

  it('marks a turn failed when the model call fails, stores nothing as complete and frees the key for a retry', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.faults.inject({
      kind: 'error',
      error: { status: 400, type: 'ValidationException', message: 'Input is invalid.' },
    }, { model: 'sonnet' });
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello', idempotencyKey: 'key-3' }),
      (error) => isAppError(error, 'model_rejected'),
    );
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['failed']);
    assert.equal((await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 })).messages.length, 0);
    assert.equal(await fixture.rows.idempotency({ ownerId: USER, conversationId }, 'key-3'), null);
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Worked this time.' });
    const retried = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Hello',
      idempotencyKey: 'key-3',
    });
    assert.equal(retried.message.text, 'Worked this time.');
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['failed', 'complete']);
  });

  it('bills the model calls of a turn that fails half-way (its ledger rows stay, the turn is failed)', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'list_tasks', input: {}, id: 'tooluse_half1' }] },
      { model: 'sonnet', error: { status: 400, type: 'ValidationException', message: 'Input is invalid.' } },
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Show my tasks' }),
      (error) => isAppError(error, 'model_rejected'),
    );
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['failed']);
    const rows = await ledger(fixture, conversationId);
    assert.equal(rows.filter((row) => row.kind === 'main').length, 1, 'the successful first step is billed');
    assert.ok(rows.every((row) => row.turn_id !== null), 'the rows belong to the failed turn');
    const usage = await fixture.service.getUsage({ userId: USER, conversationId });
    assert.ok(usage.costUSD > 0, 'the conversation usage includes the failed turn');
  });

  it('retries a throttled main call once and falls back to local tools when the selector fails', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.faults.inject({ kind: 'throttling' }, { model: 'sonnet' });
    fixture.simulator.faults.inject({ kind: 'unavailable' }, { model: 'haiku' });
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Here you go.' });
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Add a task to buy milk tomorrow',
    });
    assert.equal(result.message.text, 'Here you go.');
    assert.deepEqual(fixture.mainRequests().map((entry) => entry.status), [429, 200]);
    assert.deepEqual(fixture.cheapRequests().map((entry) => entry.status), [503]);
    assert.ok(requestToolNames(fixture.mainRequests()[1]).includes('create_task'), 'the local top picks are sent');
    assert.deepEqual((await ledger(fixture, conversationId)).map((row) => row.kind), ['main']);
  });

  it('keeps running when the client is gone: onEvent throwing does not stop the turn', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({
      model: 'sonnet',
      text: 'A long streamed answer that arrives in several pieces.',
    });
    let calls = 0;
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Hello',
      onEvent: () => {
        calls += 1;
        throw new Error('client closed');
      },
    });
    assert.equal(result.message.text, 'A long streamed answer that arrives in several pieces.');
    assert.ok(calls >= 1, 'onEvent was called');
    const page = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.equal(page.messages.length, 2);
  });

  it('answers a stored turn even when recording its asset exposures afterwards fails', async () => {
    const conversationId = await fixture.createConversation();
    const failing = {
      ...fixture.store,
      recordAssetExposure: () => Promise.reject(new AppError('store_busy', 'database is busy')),
    };
    const service = createChatService({ ...fixture.deps, store: failing });
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: 'tooluse_book' }] },
      { model: 'sonnet', text: 'Stored anyway.' },
    );
    const result = await service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Hello',
      idempotencyKey: 'key-book',
    });
    assert.equal(result.message.text, 'Stored anyway.');
    assert.deepEqual(await turnStatuses(fixture, conversationId), ['complete']);
    assert.equal(
      (await fixture.rows.idempotency({ ownerId: USER, conversationId }, 'key-book'))?.status,
      'done',
    );
    const conversation = await fixture.store.getConversation({ ownerId: USER, conversationId });
    assert.ok(
      conversation?.sessionId !== null && conversation?.lastActivityAt === fixture.now().toISOString(),
      'the session is stored with the turn',
    );
    await service.drain();
  });

  it("treats another user's conversation as not found", async () => {
    const conversationId = await fixture.createConversation();
    await assert.rejects(
      fixture.service.sendMessage({ userId: 'someone-else', conversationId, text: 'Hello' }),
      (error) => isAppError(error, 'not_found'),
    );
  });
});
