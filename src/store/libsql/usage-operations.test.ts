import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import type { NewUsageRow } from '../store-records.ts';
import { createStoreFixture, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

const ROW: NewUsageRow = {
  turnId: 't',
  kind: 'main',
  modelId: 'model',
  inputTokens: 100,
  outputTokens: 20,
  cacheReadInputTokens: 1000,
  cacheWriteInputTokens: 50,
  naiveInputTokens: 4000,
  estimatedInputTokens: 1140,
  costUSD: 0.25,
  naiveCostUSD: 1.5,
  cacheMissReason: null,
};

describe('recordUsage / usageTotals', () => {
  it('sums every call of the conversation and reports the summary tokens', async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    const scope = { ownerId: 'alice', conversationId: id };
    assert.deepEqual(await store.usageTotals(scope), {
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheWriteInputTokens: 0,
      naiveInputTokens: 0,
      estimatedInputTokens: 0,
      costUSD: 0,
      naiveCostUSD: 0,
      summaryTokens: 0,
      summaryGaps: 0,
      unsummarisedMessages: 0,
    });
    await store.recordUsage({ ...scope, usage: ROW });
    await store.recordUsage({
      ...scope,
      usage: { ...ROW, kind: 'summariser', turnId: null, cacheMissReason: 'ttl_lapsed', costUSD: 0.5 },
    });
    await store.saveMemory({ ...scope, expectedVersion: 0, summary: 's', coversUpToSeq: 0, summaryTokens: 321 });
    assert.deepEqual(await store.usageTotals(scope), {
      calls: 2,
      inputTokens: 200,
      outputTokens: 40,
      cacheReadInputTokens: 2000,
      cacheWriteInputTokens: 100,
      naiveInputTokens: 8000,
      estimatedInputTokens: 2280,
      costUSD: 0.75,
      naiveCostUSD: 3,
      summaryTokens: 321,
      summaryGaps: 0,
      unsummarisedMessages: 0,
    });
    const other = await store.createConversation({ ownerId: 'alice' });
    assert.equal((await store.usageTotals({ ownerId: 'alice', conversationId: other.id })).calls, 0);
  });

  it('refuses malformed rows as internal errors', async () => {
    const { id } = await fixture.store.createConversation({ ownerId: 'alice' });
    const bad: Partial<Record<keyof NewUsageRow, unknown>>[] = [
      { kind: 'other' },
      { modelId: '' },
      { inputTokens: -1 },
      { outputTokens: 1.5 },
      { costUSD: Number.NaN },
      { naiveCostUSD: -0.1 },
    ];
    for (const change of bad) {
      await assert.rejects(
        fixture.store.recordUsage({
          ownerId: 'alice',
          conversationId: id,
          usage: { ...ROW, ...change } as NewUsageRow,
        }),
        (error) => isAppError(error, 'internal'),
        JSON.stringify(change),
      );
    }
  });
});
