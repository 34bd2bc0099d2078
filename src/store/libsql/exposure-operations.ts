// Asset exposures: which assets the model has already seen in the current asset session.
import type { ConversationStore } from '../conversation-store.ts';
import { readNumber, readText, readTextOrNull } from './read-row.ts';
import {
  assertConversation,
  checkCount,
  notFound,
  nowIso,
  OWNED,
  ownerArgs,
  type StoreContext,
} from './store-context.ts';

type ExposureOperations = Pick<ConversationStore, 'recordAssetExposure' | 'listAssetExposures'>;

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

    async listAssetExposures(input) {
      const result = await context.database.read({
        sql: 'SELECT e.session_id, e.asset_id, e.message_seq, e.tool_use_id, e.created_at FROM asset_exposures e ' +
          `JOIN conversations c ON c.id = e.conversation_id WHERE ${OWNED} AND e.session_id = ? ORDER BY e.message_seq, e.asset_id`,
        args: [...ownerArgs(input), input.sessionId],
      });
      if (result.rows.length === 0) await assertConversation(context, input);
      return result.rows.map((row) => ({
        sessionId: readText(row, 'session_id'),
        assetId: readText(row, 'asset_id'),
        messageSeq: readNumber(row, 'message_seq'),
        toolUseId: readTextOrNull(row, 'tool_use_id'),
        createdAt: readText(row, 'created_at'),
      }));
    },
  };
}
