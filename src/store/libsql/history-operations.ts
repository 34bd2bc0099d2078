// Reads over a conversation's whole history that the turn loop needs: token totals, messages by seq.
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import { MESSAGE_COLUMNS, toMessage } from './map-records.ts';
import { assertConversation, checkCount, notFound, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/** Most seqs one call may ask for (get_asset pairs of one session). */
const MAX_SEQS = 200;

type HistoryOperations = Pick<ConversationStore, 'historyTokenTotal' | 'loadMessagesBySeq'>;

export function createHistoryOperations(context: StoreContext): HistoryOperations {
  return {
    // One statement each: no row means the conversation is not the owner's (not_found), as assertConversation says.
    async historyTokenTotal(input) {
      const fromSeq = checkCount(input.fromSeq ?? 0, 'fromSeq');
      const result = await context.database.read({
        sql:
          `SELECT (SELECT COALESCE(SUM(m.token_estimate), 0) FROM messages m WHERE m.conversation_id = c.id AND m.seq >= ?) AS total FROM conversations c WHERE ${OWNED}`,
        args: [fromSeq, ...ownerArgs(input)],
      });
      const row = result.rows[0];
      if (row === undefined) throw notFound();
      return Number(row['total'] ?? 0);
    },

    async loadMessagesBySeq(input) {
      const seqs = [...new Set(input.seqs)];
      if (seqs.length === 0) return [];
      if (seqs.length > MAX_SEQS || !seqs.every((seq) => Number.isSafeInteger(seq) && seq > 0)) {
        throw new AppError('internal', `seqs must be 1 to ${MAX_SEQS} positive integers`);
      }
      const result = await context.database.read({
        sql:
          `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED} AND m.seq IN (${
            seqs.map(() => '?').join(', ')
          }) ORDER BY m.seq`,
        args: [...ownerArgs(input), ...seqs],
      });
      if (result.rows.length === 0) await assertConversation(context, input);
      return result.rows.map(toMessage);
    },
  };
}
