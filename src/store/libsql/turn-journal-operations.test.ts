// The turn journal on a real libSQL file: steps and results recorded in order, read back only for the same message,
// scoped to the owner, replaced on re-record and cleared with the turn.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ContentBlock, ToolResultBlock } from '../../pipeline/types/index.ts';
import { createStoreFixture, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

async function newScope(ownerId = 'alice') {
  const { id } = await fixture.store.createConversation({ ownerId });
  return { ownerId, conversationId: id };
}

const ASK: readonly ContentBlock[] = [
  { type: 'text', text: 'Adding it.' },
  { type: 'tool_use', id: 'tooluse_1', name: 'create_task', input: { title: 'Renew passport' } },
  { type: 'tool_use', id: 'tooluse_2', name: 'list_tasks', input: {} },
];
const RESULT_1: ToolResultBlock = {
  type: 'tool_result',
  toolUseId: 'tooluse_1',
  text: '{"id":"t-1"}',
  status: 'success',
};
const RESULT_2: ToolResultBlock = { type: 'tool_result', toolUseId: 'tooluse_2', text: 'failed', status: 'error' };

describe('turn journal', () => {
  it('records a step before its tools, then each result in order, and reads them back for the same message', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const key = { ...scope, key: 'k-1' };
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-a' }), []);
    await store.recordJournalStep({ ...key, requestHash: 'h-a', step: 1, turnId: 'turn-1', assistant: ASK });
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-a' }), [
      { step: 1, assistant: ASK, results: [] },
    ]);
    await store.recordJournalResult({ ...key, step: 1, result: RESULT_1 });
    await store.recordJournalResult({ ...key, step: 1, result: RESULT_2 });
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-a' }), [
      { step: 1, assistant: ASK, results: [RESULT_1, RESULT_2] },
    ]);
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-other' }), [], 'another message: nothing');
    assert.deepEqual(await store.loadTurnJournal({ ...scope, key: 'k-2', requestHash: 'h-a' }), [], 'another key');

    // A later attempt re-recording step 1 replaces it, results cleared.
    await store.recordJournalStep({ ...key, requestHash: 'h-a', step: 1, turnId: 'turn-2', assistant: ASK.slice(1) });
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-a' }), [
      { step: 1, assistant: ASK.slice(1), results: [] },
    ]);
    await store.clearTurnJournal(key);
    assert.deepEqual(await store.loadTurnJournal({ ...key, requestHash: 'h-a' }), []);
  });

  it("never writes into or reads another owner's conversation", async () => {
    const { store } = fixture;
    const scope = await newScope('alice');
    const intruder = { ownerId: 'mallory', conversationId: scope.conversationId, key: 'k-x' };
    await store.recordJournalStep({ ...intruder, requestHash: 'h', step: 1, turnId: 'turn-x', assistant: ASK });
    assert.deepEqual(await store.loadTurnJournal({ ...scope, key: 'k-x', requestHash: 'h' }), []);
    await store.recordJournalStep({ ...scope, key: 'k-x', requestHash: 'h', step: 1, turnId: 't', assistant: ASK });
    assert.deepEqual(await store.loadTurnJournal({ ...intruder, requestHash: 'h' }), []);
  });

  it('replays only steps that follow one another from the first', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const key = { ...scope, key: 'k-gap', requestHash: 'h' };
    await store.recordJournalStep({ ...key, step: 1, turnId: 't', assistant: ASK });
    await store.recordJournalStep({ ...key, step: 3, turnId: 't', assistant: ASK });
    assert.deepEqual((await store.loadTurnJournal(key)).map((step) => step.step), [1]);
  });
});
