import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLibsqlRetentionStore } from '../create-libsql-store.ts';
import type { RetentionPolicy } from '../retention-store.ts';
import type { NewUsageRow } from '../store-records.ts';
import { seedMessages } from '../test-support/seed-messages.ts';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';
import { EXPIRED_TOOL_RESULT_TEXT } from './retention-operations.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POLICY: RetentionPolicy = {
  idempotencyTtlMs: 24 * HOUR,
  toolResultRetentionMs: 30 * DAY,
  usageRetentionMs: 90 * DAY,
};

const usage = (costUSD: number): NewUsageRow => ({
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

async function withFixture(body: (fixture: StoreFixture) => Promise<void>): Promise<void> {
  const fixture = await createStoreFixture();
  try {
    await body(fixture);
  } finally {
    await fixture.cleanup();
  }
}

function purge(fixture: StoreFixture, policy: RetentionPolicy = POLICY) {
  return createLibsqlRetentionStore({ database: fixture.database }).purgeExpired({ policy, now: fixture.now() });
}

describe('purgeExpired', () => {
  it('deletes idempotency rows once they are older than the TTL, so the key can be used again', () =>
    withFixture(async (fixture) => {
      const { store } = fixture;
      const { id } = await store.createConversation({ ownerId: 'alice' });
      const scope = { ownerId: 'alice', conversationId: id };
      const key = { ...scope, key: 'retry-1', requestHash: 'hash-a' };
      assert.deepEqual(await store.beginIdempotency(key), { status: 'started' });
      assert.ok((await store.startTurn({ ...scope, turnId: 'turn-1', now: fixture.now(), leaseMs: 60_000 })).ok);
      await store.completeTurn({
        ...scope,
        turnId: 'turn-1',
        idempotency: { key: 'retry-1', response: { text: 'Your passport renewal is due Friday.' } },
      });
      await store.beginIdempotency({ ...scope, key: 'crashed', requestHash: 'hash-b' });
      fixture.advance(23 * HOUR);
      assert.equal((await purge(fixture)).idempotencyKeys, 0);
      assert.equal((await store.beginIdempotency(key)).status, 'done', 'a retry within the TTL gets the answer');
      fixture.advance(2 * HOUR);
      assert.equal((await purge(fixture)).idempotencyKeys, 2, 'the answer and the stale claim both expired');
      assert.equal(await fixture.rows.idempotency(scope, 'retry-1'), null);
      assert.deepEqual(await store.beginIdempotency(key), { status: 'started' });
    }));

  it('replaces the text of old tool results once, keeping the tool call pairing, and leaves other messages alone', () =>
    withFixture(async (fixture) => {
      const { store } = fixture;
      const { id } = await store.createConversation({ ownerId: 'bob' });
      const scope = { ownerId: 'bob', conversationId: id };
      await seedMessages(store, scope, [
        textMessage('user', 'What is on my list for Friday?'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'call-1', name: 'list_tasks', input: { due: '2026-01-09' } }],
          visible: false,
          tokenEstimate: 20,
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'call-1', text: 'Renew passport (due 2026-01-09)', status: 'success' },
          ],
          visible: false,
          tokenEstimate: 12,
        },
        textMessage('assistant', 'Renew your passport.'),
      ], { now: fixture.now() });
      fixture.advance(20 * DAY);
      await seedMessages(store, scope, [{
        role: 'user',
        content: [{ type: 'tool_result', toolUseId: 'call-2', text: 'Dentist at 10:00', status: 'success' }],
        visible: false,
        tokenEstimate: 8,
      }], { now: fixture.now() });
      fixture.advance(11 * DAY);
      assert.equal((await purge(fixture)).toolResultMessages, 1);
      const messages = await store.loadMessagesBySeq({ ...scope, seqs: [1, 2, 3, 4, 5] });
      assert.deepEqual(messages[2]?.content, [
        { type: 'tool_result', toolUseId: 'call-1', text: EXPIRED_TOOL_RESULT_TEXT, status: 'success' },
      ]);
      assert.deepEqual(messages[1]?.content, [
        { type: 'tool_use', id: 'call-1', name: 'list_tasks', input: { due: '2026-01-09' } },
      ]);
      assert.equal(messages[0]?.text, 'What is on my list for Friday?');
      assert.equal(messages[3]?.text, 'Renew your passport.');
      assert.deepEqual(messages[4]?.content, [
        { type: 'tool_result', toolUseId: 'call-2', text: 'Dentist at 10:00', status: 'success' },
      ], 'a 11-day-old result is kept');
      assert.equal((await purge(fixture)).toolResultMessages, 0, 'a message is rewritten once');
    }));

  it('deletes old ledger rows and folds old per-user rows into totals that survive deletion and clean-up', () =>
    withFixture(async (fixture) => {
      const { store } = fixture;
      const kept = await store.createConversation({ ownerId: 'carol' });
      const deleted = await store.createConversation({ ownerId: 'carol' });
      const other = await store.createConversation({ ownerId: 'dave' });
      await store.recordUsage({ ownerId: 'carol', conversationId: kept.id, usage: usage(0.5) });
      await store.recordUsage({ ownerId: 'carol', conversationId: deleted.id, usage: usage(0.25) });
      await store.recordUsage({ ownerId: 'dave', conversationId: other.id, usage: usage(2) });
      fixture.advance(100 * DAY);
      await store.recordUsage({ ownerId: 'carol', conversationId: kept.id, usage: usage(0.125) });
      await store.deleteConversation({ ownerId: 'carol', conversationId: deleted.id });
      const before = await store.userUsageTotals({ ownerId: 'carol' });
      assert.equal(before.calls, 3);
      const month = await store.readBudgetState({ ownerId: 'carol', conversationId: null, now: fixture.now() });

      const counts = await purge(fixture);
      assert.equal(counts.usageLedgerRows, 2, "carol's and dave's 100-day-old rows of live conversations");
      assert.equal(counts.userUsageRowsFolded, 3);
      assert.deepEqual(await store.userUsageTotals({ ownerId: 'carol' }), before, 'lifetime totals are exact');
      assert.equal((await store.userUsageTotals({ ownerId: 'dave' })).costUSD, 2);
      assert.deepEqual(
        await store.readBudgetState({ ownerId: 'carol', conversationId: null, now: fixture.now() }),
        month,
        'the budgets read the same spend',
      );
      assert.equal((await store.usageTotals({ ownerId: 'carol', conversationId: kept.id })).calls, 1);

      await store.recordUsage({ ownerId: 'carol', conversationId: kept.id, usage: usage(1) });
      fixture.advance(100 * DAY);
      await purge(fixture);
      const later = await store.userUsageTotals({ ownerId: 'carol' });
      assert.equal(later.calls, 4, 'a second fold adds to the first');
      assert.equal(later.costUSD, 1.875);
    }));

  it("never reaches into the budgets' rolling month, whatever the configured retention", () =>
    withFixture(async (fixture) => {
      const { store } = fixture;
      const { id } = await store.createConversation({ ownerId: 'erin' });
      await store.recordUsage({ ownerId: 'erin', conversationId: id, usage: usage(3) });
      fixture.advance(29 * DAY);
      const counts = await purge(fixture, { ...POLICY, usageRetentionMs: DAY });
      assert.equal(counts.usageLedgerRows, 0);
      assert.equal(counts.userUsageRowsFolded, 0);
      const state = await store.readBudgetState({ ownerId: 'erin', conversationId: id, now: fixture.now() });
      assert.equal(state.spent['user.month.usd'], 3);
      assert.equal(state.spent['conversation.month.usd'], 3);
    }));

  it('works through more rows than one batch, and the totals gain exactly what goes', () =>
    withFixture(async (fixture) => {
      const { store, database } = fixture;
      const { id } = await store.createConversation({ ownerId: 'frank' });
      const rows = 1_234;
      const at = fixture.now().toISOString();
      await database.batchWrite(Array.from({ length: rows }, (_, index) => ({
        sql: 'INSERT INTO usage_ledger (id, conversation_id, turn_id, kind, model_id, input_tokens, output_tokens, ' +
          'cache_read_tokens, cache_write_tokens, naive_input_tokens, estimated_input_tokens, cost_usd, naive_cost_usd, ' +
          "created_at) VALUES (?, ?, NULL, 'main', 'm', 10, 1, 0, 0, 10, 10, 0.5, 1, ?)",
        args: [`u-${index}`, id, at],
      })));
      fixture.advance(91 * DAY);
      const counts = await purge(fixture);
      assert.equal(counts.usageLedgerRows, rows);
      assert.equal(counts.userUsageRowsFolded, rows);
      const totals = await store.userUsageTotals({ ownerId: 'frank' });
      assert.equal(totals.calls, rows);
      assert.equal(totals.inputTokens, 10 * rows);
      assert.equal(totals.costUSD, 0.5 * rows);
      const left = await database.read('SELECT COUNT(*) AS n FROM user_usage');
      assert.equal(Number(left.rows[0]?.['n']), 0);
    }));
});
