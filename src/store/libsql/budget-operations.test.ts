import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import type { NewUsageRow } from '../store-records.ts';
import { createStoreFixture, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

const HOUR = 3_600_000;
const row = (costUSD: number): NewUsageRow => ({
  turnId: 't',
  kind: 'main',
  modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  inputTokens: 100,
  outputTokens: 20,
  cacheReadInputTokens: 1_000,
  cacheWriteInputTokens: 80,
  naiveInputTokens: 4_000,
  estimatedInputTokens: 1_180,
  costUSD,
  naiveCostUSD: costUSD * 4,
  cacheMissReason: null,
});
const TOKENS_PER_ROW = 1_200;

describe('budget operations', () => {
  it('sums spend per rolling window for the user and the conversation, and keeps it when the conversation is deleted', async () => {
    const { store } = fixture;
    const first = await store.createConversation({ ownerId: 'carol' });
    const second = await store.createConversation({ ownerId: 'carol' });
    const other = await store.createConversation({ ownerId: 'dave' });
    await store.recordUsage({ ownerId: 'carol', conversationId: first.id, usage: row(0.5) });
    fixture.advance(10 * 24 * HOUR); // the first call is now 10 days old: in the month, not in the day
    await store.recordUsage({ ownerId: 'carol', conversationId: first.id, usage: row(0.25) });
    await store.recordUsage({ ownerId: 'carol', conversationId: second.id, usage: row(0.125) });
    await store.recordUsage({ ownerId: 'dave', conversationId: other.id, usage: row(9) });
    const state = await store.readBudgetState({ ownerId: 'carol', conversationId: first.id, now: fixture.now() });
    assert.deepEqual(state.spent, {
      'user.day.tokens': 2 * TOKENS_PER_ROW,
      'user.day.usd': 0.375,
      'user.month.tokens': 3 * TOKENS_PER_ROW,
      'user.month.usd': 0.875,
      'conversation.day.tokens': TOKENS_PER_ROW,
      'conversation.day.usd': 0.25,
      'conversation.month.tokens': 2 * TOKENS_PER_ROW,
      'conversation.month.usd': 0.75,
    });
    assert.equal(state.override, null);
    assert.equal(state.runningTurns, 0);

    assert.equal(await store.deleteConversation({ ownerId: 'carol', conversationId: first.id }), true);
    const totals = await store.userUsageTotals({ ownerId: 'carol' });
    assert.equal(totals.calls, 3, 'the deleted conversation still counts');
    assert.equal(totals.costUSD, 0.875);
    assert.equal(totals.cacheReadInputTokens, 3_000);
    const after = await store.readBudgetState({ ownerId: 'carol', conversationId: null, now: fixture.now() });
    assert.equal(after.spent['user.month.usd'], 0.875, 'budgets still see the deleted conversation');
    assert.equal(after.spent['conversation.month.usd'], 0);
    fixture.advance(21 * 24 * HOUR);
    const later = await store.readBudgetState({ ownerId: 'carol', conversationId: null, now: fixture.now() });
    assert.equal(later.spent['user.month.usd'], 0.375, 'the call 31 days old left the month window');
  });

  it('buckets the window by minute for a day and by hour for a month, oldest first', async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'erin' });
    await store.recordUsage({ ownerId: 'erin', conversationId: id, usage: row(1) });
    fixture.advance(90_000);
    await store.recordUsage({ ownerId: 'erin', conversationId: id, usage: row(2) });
    const start = fixture.now().getTime() - 90_000;
    const minute = Math.floor(start / 60_000) * 60_000;
    const day = await store.readSpendBuckets({
      ownerId: 'erin',
      conversationId: id,
      period: 'day',
      measure: 'usd',
      now: fixture.now(),
    });
    assert.deepEqual(day, [
      { endsAt: minute + 60_000, amount: 1 },
      { endsAt: Math.floor((start + 90_000) / 60_000) * 60_000 + 60_000, amount: 2 },
    ]);
    const month = await store.readSpendBuckets({
      ownerId: 'erin',
      conversationId: null,
      period: 'month',
      measure: 'tokens',
      now: fixture.now(),
    });
    assert.equal(month.reduce((sum, bucket) => sum + bucket.amount, 0), 2 * TOKENS_PER_ROW);
  });

  it('stores per-user overrides, validates them and counts held turn locks', async () => {
    const { store } = fixture;
    await store.setBudgetOverride({ ownerId: 'frank', override: { 'user.day.usd': 3, 'user.month.usd': null } });
    assert.deepEqual(await store.getBudgetOverride({ ownerId: 'frank' }), {
      'user.day.usd': 3,
      'user.month.usd': null,
    });
    await assert.rejects(
      store.setBudgetOverride({ ownerId: 'frank', override: { 'user.week.usd': 1 } as never }),
      (error) => isAppError(error, 'bad_request') && /unknown budget "user.week.usd"/.test(error.message),
    );
    const { id } = await store.createConversation({ ownerId: 'frank' });
    const started = await store.startTurn({
      ownerId: 'frank',
      conversationId: id,
      turnId: 'turn-f',
      now: fixture.now(),
      leaseMs: 60_000,
    });
    assert.equal(started.ok, true);
    const state = await store.readBudgetState({ ownerId: 'frank', conversationId: id, now: fixture.now() });
    assert.equal(state.runningTurns, 1);
    assert.deepEqual(state.override, { 'user.day.usd': 3, 'user.month.usd': null });
    fixture.advance(61_000);
    const expired = await store.readBudgetState({ ownerId: 'frank', conversationId: id, now: fixture.now() });
    assert.equal(expired.runningTurns, 0, 'an expired lease is not a running turn');
    await store.setBudgetOverride({ ownerId: 'frank', override: null });
    assert.equal(await store.getBudgetOverride({ ownerId: 'frank' }), null);
  });
});
