// The uncovered tail for the prompt, and pages of visible history.
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import { MESSAGE_COLUMNS, toMessage } from './map-records.ts';
import { assertConversation, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/** Largest page a caller may ask for (the HTTP layer allows 100). */
const MAX_PAGE = 1000;
const CURSOR = /^[1-9]\d{0,14}$/;

type MessageOperations = Pick<ConversationStore, 'loadUncovered' | 'listVisibleMessages'>;

export function createMessageOperations(context: StoreContext): MessageOperations {
  return {
    async loadUncovered(input) {
      if (input.afterSeq !== undefined && (!Number.isSafeInteger(input.afterSeq) || input.afterSeq < 0)) {
        throw new AppError('internal', `afterSeq must be a non-negative integer, got ${String(input.afterSeq)}`);
      }
      const result = await context.database.read({
        sql:
          `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED} ` +
          'AND m.seq > COALESCE(?, (SELECT covers_up_to_seq FROM conversation_memory WHERE conversation_id = c.id), 0) ' +
          'ORDER BY m.seq',
        args: [...ownerArgs(input), input.afterSeq ?? null],
      });
      if (result.rows.length === 0) await assertConversation(context, input);
      return result.rows.map(toMessage);
    },

    async listVisibleMessages(input) {
      if (!Number.isSafeInteger(input.limit) || input.limit < 1 || input.limit > MAX_PAGE) {
        throw new AppError('bad_request', `limit must be an integer from 1 to ${MAX_PAGE}, got ${String(input.limit)}`);
      }
      if (input.before !== undefined && !CURSOR.test(input.before)) {
        throw new AppError('bad_request', 'before must be a cursor returned as nextBefore by an earlier page');
      }
      const before = input.before === undefined ? Number.MAX_SAFE_INTEGER : Number(input.before);
      const result = await context.database.read({
        sql:
          `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE ${OWNED} ` +
          'AND m.visible = 1 AND m.seq < ? ORDER BY m.seq DESC LIMIT ?',
        args: [...ownerArgs(input), before, input.limit + 1],
      });
      if (result.rows.length === 0) await assertConversation(context, input);
      const newestFirst = result.rows.map(toMessage);
      const page = newestFirst.slice(0, input.limit).reverse();
      const oldest = page[0];
      return {
        messages: page,
        nextBefore: newestFirst.length > input.limit && oldest !== undefined ? String(oldest.seq) : null,
      };
    },
  };
}
