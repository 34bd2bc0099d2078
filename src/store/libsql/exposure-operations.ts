// Asset exposures: which assets the model has already seen in the current asset session.
import type { ConversationStore } from '../conversation-store.ts';
import { checkCount, notFound, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

type ExposureOperations = Pick<ConversationStore, 'recordAssetExposure'>;

export function createExposureOperations(context: StoreContext): ExposureOperations {
  return {
    async recordAssetExposure(input) {
      checkCount(input.messageSeq, 'messageSeq');
      const [inserted, owned] = await context.database.batchWrite([
        {
          sql:
            'INSERT INTO asset_exposures (conversation_id, session_id, asset_id, message_seq, tool_use_id, created_at) ' +
            `SELECT c.id, ?, ?, ?, ?, ? FROM conversations c WHERE ${OWNED} ON CONFLICT DO NOTHING RETURNING asset_id`,
          args: [
            input.sessionId,
            input.assetId,
            input.messageSeq,
            input.toolUseId ?? null,
            nowIso(context),
            ...ownerArgs(input),
          ],
        },
        { sql: `SELECT 1 FROM conversations c WHERE ${OWNED}`, args: ownerArgs(input) },
      ]);
      if (owned?.rows.length === 0) throw notFound();
      return (inserted?.rows.length ?? 0) > 0;
    },
  };
}
