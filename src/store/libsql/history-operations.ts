// Reads over a conversation's whole history that the turn loop needs: the last seq, token totals, messages by seq.
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import { MESSAGE_COLUMNS, toMessage } from './map-records.ts';
import { assertConversation, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/** Most seqs one call may ask for (get_asset pairs of one session). */
const MAX_SEQS = 200;

type HistoryOperations = Pick<ConversationStore, 'lastSeq' | 'historyTokenTotal' | 'loadMessagesBySeq'>;

export function createHistoryOperations(context: StoreContext): HistoryOperations {
  return {
    async lastSeq(scope) {
      await assertConversation(context, scope);
      const result = await context.database.read({
        sql: `SELECT COALESCE(MAX(m.seq), 0) AS last FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED}`,
        args: ownerArgs(scope),
      });
      return Number(result.rows[0]?.['last'] ?? 0);
    },

    async historyTokenTotal(scope) {
      await assertConversation(context, scope);
      const result = await context.database.read({
        sql: `SELECT COALESCE(SUM(m.token_estimate), 0) AS total FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED}`,
        args: ownerArgs(scope),
      });
      return Number(result.rows[0]?.['total'] ?? 0);
    },

    async loadMessagesBySeq(input) {
      const seqs = [...new Set(input.seqs)];
      if (seqs.length === 0) return [];
      if (seqs.length > MAX_SEQS || !seqs.every((seq) => Number.isSafeInteger(seq) && seq > 0)) {
        throw new AppError('internal', `seqs must be 1 to ${MAX_SEQS} positive integers`);
      }
      const result = await context.database.read({
        sql: `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED} AND m.seq IN (${seqs.map(() => '?').join(', ')}) ORDER BY m.seq`,
        args: [...ownerArgs(input), ...seqs],
      });
      if (result.rows.length === 0) await assertConversation(context, input);
      return result.rows.map(toMessage);
    },
  };
}
