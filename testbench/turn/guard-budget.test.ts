import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { Logger } from '../../src/logger.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

let fixture: TurnFixture;
const turnLines: Record<string, unknown>[] = [];
const logger: Logger = {
  level: 'info',
  log: (_level, event, fields = {}) => {
    if (event === 'turn') turnLines.push(fields);
  },
};
/** Run after each main call returns (the test's way to spend "elsewhere" mid-turn, as another process would). */
let afterMainCall: () => Promise<void> = async () => {};

function observeMainCalls(models: ModelCaller): ModelCaller {
  return {
    ...models,
    converseStream: async (request, options) => {
      const reply = await models.converseStream(request, options);
      await afterMainCall();
      return reply;
    },
  };
}

async function turnRows(conversationId: string): Promise<{ status: string; error_code: string | null }[]> {
  const result = await fixture.database.read({
    sql: 'SELECT status, error_code FROM turns WHERE conversation_id = ? ORDER BY started_at, rowid',
    args: [conversationId],
  });
  return result.rows.map((row) => ({ status: String(row['status']), error_code: row['error_code'] as string | null }));
}

describe('budget guard', () => {
  before(async () => {
    fixture = await createTurnFixture({ wrapModels: observeMainCalls, settings: { maxConcurrentTurns: 1 }, logger });
  });
  after(() => fixture.close());

  it('refuses a turn with budget_exceeded and a Retry-After once the daily token budget is spent, storing no message', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Your task is added.' });
    const first = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Add a task to call the dentist',
    });
    const used = first.usage.inputTokens + first.usage.outputTokens + first.usage.cacheReadInputTokens +
      first.usage.cacheWriteInputTokens;
    assert.ok(used > 0, 'the first turn used tokens');
    await fixture.store.setBudgetOverride({ ownerId: USER, override: { 'user.day.tokens': used } });
    fixture.advance(60 * 60_000);
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'And one to renew my passport' }),
      (error) => {
        assert.ok(isAppError(error, 'budget_exceeded'), `budget_exceeded expected, got ${String(error)}`);
        assert.match(error.message, /token budget is used up/);
        assert.equal(error.details?.['budget'], 'user.day.tokens');
        // The first turn's calls leave the 24-hour window 23 hours from now (minute buckets: up to a minute more).
        const retry = error.details?.['retryAfterSeconds'] as number;
        assert.ok(retry > 23 * 3_600 - 60 && retry <= 23 * 3_600 + 60, `retry after ${retry} s`);
        return true;
      },
    );
    const page = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.equal(page.messages.length, 2, 'the refused message was not stored');
    assert.deepEqual((await turnRows(conversationId)).at(-1), { status: 'failed', error_code: 'budget_exceeded' });
    await fixture.store.setBudgetOverride({ ownerId: USER, override: null });
  });

  it('stops a turn that reaches its budget mid-way cleanly: tool results and usage kept, a clear answer', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'list_tasks', input: { limit: 2 } }] },
    );
    let mainCalls = 0;
    afterMainCall = async () => {
      mainCalls += 1;
      // Spending elsewhere (another process) fills this conversation's budget while the tool runs.
      await fixture.store.setBudgetOverride({ ownerId: USER, override: { 'conversation.day.usd': 0 } });
    };
    try {
      const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Which tasks are open?' });
      assert.equal(mainCalls, 1, 'the second main call was not made');
      assert.match(
        result.message.text,
        /^I stopped before finishing: This conversation's spending budget is used up \(\$0\.\d{4} of \$0\.0000 used in the last 24 hours\)/,
      );
      assert.ok(result.usage.costUSD > 0, 'the first call is billed');
      assert.equal(turnLines.at(-1)?.['stoppedBy'], 'budget', 'the turn log says why the loop ended');
      const totals = await fixture.service.getUsage({ userId: USER, conversationId });
      assert.equal(totals.costUSD, result.usage.costUSD, 'the usage of the stopped turn is in the ledger');
      const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
      assert.deepEqual(stored.map((message) => message.content.map((block) => block.type).join('+')), [
        'text',
        'tool_use',
        'tool_result',
        'text',
      ]);
      assert.deepEqual((await turnRows(conversationId)).at(-1), { status: 'complete', error_code: null });
    } finally {
      afterMainCall = async () => {};
      fixture.simulator.script.clear();
      await fixture.store.setBudgetOverride({ ownerId: USER, override: null });
    }
  });

  it('caps the turns one user runs at once across conversations (too_many_turns)', async () => {
    const busy = await fixture.createConversation();
    const other = await fixture.createConversation();
    const held = await fixture.store.startTurn({
      ownerId: USER,
      conversationId: busy,
      turnId: 'held-turn',
      now: fixture.now(),
      leaseMs: 60_000,
    });
    assert.equal(held.ok, true);
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId: other, text: 'Add a note about the garden' }),
      (error) => isAppError(error, 'too_many_turns') && error.details?.['retryAfterSeconds'] === 2,
    );
    await fixture.store.completeTurn({ ownerId: USER, conversationId: busy, turnId: 'held-turn' });
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Noted.' });
    const result = await fixture.service.sendMessage({
      userId: USER,
      conversationId: other,
      text: 'Add a note about the garden',
    });
    assert.equal(result.message.text, 'Noted.');
  });
});
