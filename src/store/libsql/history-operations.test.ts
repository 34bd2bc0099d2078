import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import { seedMessages } from '../test-support/seed-messages.ts';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

describe('historyTokenTotal / loadMessagesBySeq', () => {
  it("reads the token total and chosen messages of the owner's conversation", async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    const scope = { ownerId: 'alice', conversationId: id };
    assert.equal(await store.historyTokenTotal(scope), 0);
    await seedMessages(store, scope, [
      { ...textMessage('user', 'one'), tokenEstimate: 5 },
      { ...textMessage('assistant', 'two', false), tokenEstimate: 7 },
      { ...textMessage('user', 'three'), tokenEstimate: 11 },
    ]);
    assert.equal(await store.historyTokenTotal(scope), 23);
    assert.deepEqual(
      [
        await store.historyTokenTotal({ ...scope, fromSeq: 2 }),
        await store.historyTokenTotal({ ...scope, fromSeq: 4 }),
      ],
      [18, 0],
    );
    assert.deepEqual((await store.loadMessagesBySeq({ ...scope, seqs: [3, 1, 3, 9] })).map((message) => message.text), [
      'one',
      'three',
    ]);
    assert.deepEqual(await store.loadMessagesBySeq({ ...scope, seqs: [] }), []);
    await assert.rejects(store.loadMessagesBySeq({ ...scope, seqs: [0] }), (error) => isAppError(error, 'internal'));
  });

  it("treats another owner's conversation as missing", async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    await seedMessages(store, { ownerId: 'alice', conversationId: id }, [textMessage('user', 'secret')]);
    const foreign = { ownerId: 'mallory', conversationId: id };
    for (
      const call of [
        () => store.historyTokenTotal(foreign),
        () => store.loadMessagesBySeq({ ...foreign, seqs: [1] }),
      ]
    ) {
      await assert.rejects(call(), (error) => isAppError(error, 'not_found'));
    }
  });
});
