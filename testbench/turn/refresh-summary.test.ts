import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { seedMessages } from '../../src/store/test-support/seed-messages.ts';
import { textMessage } from '../../src/store/test-support/temp-database.ts';
import { refreshSummary } from '../../src/turn/refresh-summary.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

let fixture: TurnFixture;

/** A conversation with `count` plain messages (user/assistant alternating), none covered yet. */
async function seedConversation(count: number): Promise<{ ownerId: string; conversationId: string }> {
  const conversationId = await fixture.createConversation();
  const scope = { ownerId: USER, conversationId };
  const messages = Array.from(
    { length: count },
    (_, index) =>
      textMessage(index % 2 === 0 ? 'user' : 'assistant', `Message ${index + 1} about the garden plan and the budget.`),
  );
  await seedMessages(fixture.store, scope, messages);
  return scope;
}

describe('refreshSummary', () => {
  before(async () => {
    fixture = await createTurnFixture({ settings: { windowMin: 4, windowMax: 6 } });
  });
  after(() => fixture.close());
  beforeEach(() => {
    fixture.simulator.script.clear();
    fixture.simulator.faults.clear();
  });

  it('summarises the chunk that leaves the window with the cheap model and advances coverage', async () => {
    const scope = await seedConversation(10);
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'haiku', text: 'The user is planning a garden on a budget.' });
    assert.equal(await refreshSummary(fixture.deps, scope), 'saved');
    const memory = await fixture.store.loadMemory(scope);
    assert.equal(memory.summary, 'The user is planning a garden on a budget.');
    assert.ok(
      memory.coversUpToSeq >= 4 && memory.coversUpToSeq <= 6,
      `coverage leaves 4-6 messages uncovered (covers ${memory.coversUpToSeq})`,
    );
    assert.equal(fixture.cheapRequests().length, 1);
    const usage = await fixture.database.read({
      sql: "SELECT model_id, turn_id FROM usage_ledger WHERE conversation_id = ? AND kind = 'summariser'",
      args: [scope.conversationId],
    });
    assert.deepEqual(usage.rows.map((row) => [row['model_id'], row['turn_id']]), [[
      fixture.deps.settings.cheapModelId,
      null,
    ]]);
    assert.equal(await refreshSummary(fixture.deps, scope), 'unchanged');
  });

  it('never lets a stale update overwrite a newer one (two refreshes at once)', async () => {
    const scope = await seedConversation(10);
    const before = await fixture.store.loadMemory(scope);
    fixture.simulator.script.enqueue({ model: 'haiku', text: 'Summary A of the garden plan.' }, {
      model: 'haiku',
      text: 'Summary B of the garden plan.',
    });
    const outcomes = await Promise.all([refreshSummary(fixture.deps, scope), refreshSummary(fixture.deps, scope)]);
    assert.deepEqual([...outcomes].sort(), ['saved', 'stale']);
    const memory = await fixture.store.loadMemory(scope);
    assert.equal(memory.version, before.version + 1);
    assert.equal(
      memory.summary,
      outcomes[0] === 'saved' ? 'Summary A of the garden plan.' : 'Summary B of the garden plan.',
    );
  });

  it('records a gap and keeps the previous summary when the summariser fails', async () => {
    const scope = await seedConversation(10);
    fixture.simulator.script.enqueue({ model: 'haiku', text: 'The first summary.' });
    assert.equal(await refreshSummary(fixture.deps, scope), 'saved');
    const saved = await fixture.store.loadMemory(scope);
    await seedMessages(
      fixture.store,
      scope,
      Array.from(
        { length: 6 },
        (_, index) => textMessage(index % 2 === 0 ? 'user' : 'assistant', `Later message ${index}.`),
      ),
    );
    fixture.simulator.faults.inject({ kind: 'unavailable' }, { model: 'haiku', times: 2 });
    assert.equal(await refreshSummary(fixture.deps, scope), 'gap');
    const memory = await fixture.store.loadMemory(scope);
    assert.equal(memory.summary, 'The first summary.');
    assert.equal(memory.gapCount, saved.gapCount + 1);
    assert.equal(memory.gaps.at(-1)?.reason, 'call-failed');
    assert.equal(memory.coversUpToSeq, saved.coversUpToSeq, 'a gap below the force threshold does not move coverage');
    const usage = await fixture.service.getUsage({ userId: USER, conversationId: scope.conversationId });
    assert.equal(usage.summaryGaps, memory.gapCount, 'the usage answer counts the gap');
    assert.equal(usage.unsummarisedMessages, 0, 'the messages stay in the context: nothing lost yet');
  });

  it('advances coverage through a gap once the uncovered messages pass twice the window', async () => {
    const scope = await seedConversation(14);
    fixture.simulator.faults.inject({ kind: 'unavailable' }, { model: 'haiku', times: 2 });
    assert.equal(await refreshSummary(fixture.deps, scope), 'gap');
    const memory = await fixture.store.loadMemory(scope);
    assert.equal(memory.summary, '');
    assert.ok(memory.coversUpToSeq > 0, `coverage advanced (${memory.coversUpToSeq})`);
    assert.ok(
      (await fixture.store.loadUncovered(scope)).length <= fixture.deps.settings.windowMax,
      'the window is bounded again',
    );
    const usage = await fixture.service.getUsage({ userId: USER, conversationId: scope.conversationId });
    assert.equal(usage.summaryGaps, 1);
    assert.equal(usage.unsummarisedMessages, memory.coversUpToSeq, 'every message coverage moved past is counted');
    assert.equal(memory.unsummarisedMessages, memory.coversUpToSeq);
  });

  it('keeps the summary when the summariser answers with error-like text', async () => {
    const scope = await seedConversation(10);
    fixture.simulator.script.enqueue({
      model: 'haiku',
      text: 'I cannot summarise this conversation. Error: the request failed.',
    });
    const result = await refreshSummary(fixture.deps, scope);
    assert.equal(result, 'gap');
    assert.equal((await fixture.store.loadMemory(scope)).summary, '');
  });
});
