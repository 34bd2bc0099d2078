import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import type { NewUsageRow, PromptLayers } from '../store-records.ts';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

const LAYERS: PromptLayers = {
  tools: 1_800,
  system: 900,
  summary: 0,
  window: 240,
  currentRun: 30,
  cachePoints: [{ layer: 'system', ttl: '5m', prefixTokens: 2_700 }],
};

function row(kind: NewUsageRow['kind'], turnId: string | null, costUSD: number, layers?: PromptLayers): NewUsageRow {
  return {
    turnId,
    kind,
    modelId: kind === 'main' ? 'sonnet' : 'haiku',
    inputTokens: 30,
    outputTokens: 12,
    cacheReadInputTokens: kind === 'main' ? 2_700 : 0,
    cacheWriteInputTokens: 240,
    naiveInputTokens: kind === 'main' ? 9_000 : 0,
    estimatedInputTokens: 2_970,
    costUSD,
    naiveCostUSD: kind === 'main' ? 0.03 : 0,
    cacheMissReason: kind === 'main' ? 'first-call' : null,
    ...(layers === undefined ? {} : { promptLayers: layers }),
  };
}

async function playTurn(scope: { ownerId: string; conversationId: string }, turnId: string, text: string) {
  const started = await fixture.store.startTurn({ ...scope, turnId, now: fixture.now(), leaseMs: 60_000 });
  assert.ok(started.ok, 'turn started');
  fixture.advance(3_000);
  const done = await fixture.store.completeTurn({
    ...scope,
    turnId,
    messages: [textMessage('user', text), textMessage('assistant', 'Done: your task is saved.')],
    usage: [row('selector', turnId, 0.001), row('main', turnId, 0.004, LAYERS)],
  });
  assert.ok(done.ok, 'turn stored');
}

describe('console reads', () => {
  it('lists each turn with its user message and ledger rows, a background call with the turn it followed', async () => {
    const scope = { ownerId: 'dana', conversationId: (await fixture.store.createConversation({ ownerId: 'dana' })).id };
    await playTurn(scope, 'turn-a', 'Add a task to renew my passport by Friday');
    fixture.advance(1_000);
    await fixture.store.recordUsage({ ...scope, usage: row('summariser', null, 0.002) });
    fixture.advance(60_000);
    await playTurn(scope, 'turn-b', 'Also remind me to call the dentist on Monday');
    const turns = await fixture.store.listTurnCalls({ ...scope, limit: 50 });
    assert.deepEqual(turns.map((turn) => [turn.turnId, turn.status, turn.userText]), [
      ['turn-a', 'complete', 'Add a task to renew my passport by Friday'],
      ['turn-b', 'complete', 'Also remind me to call the dentist on Monday'],
    ]);
    assert.deepEqual(turns[0]?.calls.map((call) => call.kind), ['selector', 'main', 'summariser']);
    assert.deepEqual(turns[1]?.calls.map((call) => call.kind), ['selector', 'main']);
    assert.deepEqual(turns[0]?.calls[1]?.promptLayers, LAYERS);
    assert.equal(turns[0]?.calls[0]?.promptLayers, null);
    assert.deepEqual((await fixture.store.listTurnCalls({ ...scope, limit: 1 })).map((turn) => turn.turnId), [
      'turn-b',
    ]);
  });

  it("lists the owner's conversations with their totals, newest first, and never another owner's", async () => {
    const mine = await fixture.store.createConversation({ ownerId: 'erin', title: 'Groceries' });
    fixture.advance(1_000);
    const other = await fixture.store.createConversation({ ownerId: 'erin', title: 'Travel' });
    await fixture.store.createConversation({ ownerId: 'frank', title: 'Not yours' });
    await playTurn({ ownerId: 'erin', conversationId: other.id }, 'turn-c', 'Book the train to Lyon');
    const listed = await fixture.store.listConversationCosts({ ownerId: 'erin', limit: 10 });
    assert.deepEqual(listed.map((entry) => [entry.title, entry.turns, entry.calls]), [
      ['Travel', 1, 2],
      ['Groceries', 0, 0],
    ]);
    assert.ok(Math.abs((listed[0]?.costUSD ?? 0) - 0.005) < 1e-12, 'cost summed');
    assert.equal(mine.ownerId, 'erin');
    await assert.rejects(
      fixture.store.listTurnCalls({ ownerId: 'frank', conversationId: other.id, limit: 10 }),
      (error) => isAppError(error) && error.code === 'not_found',
    );
    await assert.rejects(
      fixture.store.listConversationCosts({ ownerId: 'erin', limit: 0 }),
      (error) => isAppError(error) && error.code === 'bad_request',
    );
  });
});
