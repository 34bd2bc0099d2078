import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStoreFixture, type StoreFixture } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

describe('recordAssetExposure', () => {
  it('records the first exposure of an asset per session, each session apart', async () => {
    const { store } = fixture;
    const { id } = await store.createConversation({ ownerId: 'alice' });
    const scope = { ownerId: 'alice', conversationId: id };
    assert.equal(
      await store.recordAssetExposure({ ...scope, sessionId: 's1', assetId: 'faq', messageSeq: 4, toolUseId: 'tu_1' }),
      true,
    );
    assert.equal(await store.recordAssetExposure({ ...scope, sessionId: 's1', assetId: 'faq', messageSeq: 9 }), false);
    assert.equal(await store.recordAssetExposure({ ...scope, sessionId: 's1', assetId: 'terms', messageSeq: 2 }), true);
    assert.equal(await store.recordAssetExposure({ ...scope, sessionId: 's2', assetId: 'faq', messageSeq: 12 }), true);
    assert.deepEqual(await fixture.rows.exposures(scope, 's1'), [
      { sessionId: 's1', assetId: 'terms', messageSeq: 2, toolUseId: null, createdAt: '2026-01-01T00:00:00.000Z' },
      { sessionId: 's1', assetId: 'faq', messageSeq: 4, toolUseId: 'tu_1', createdAt: '2026-01-01T00:00:00.000Z' },
    ]);
    assert.deepEqual(
      (await fixture.rows.exposures(scope, 's2')).map((exposure) => exposure.messageSeq),
      [12],
    );
    assert.deepEqual(await fixture.rows.exposures(scope, 'none'), []);
  });
});
