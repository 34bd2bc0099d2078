// The rolling summary (conversation_memory): versioned writes, so a stale update never overwrites a newer summary.
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope, VersionedWriteResult } from '../store-records.ts';
import { MEMORY_COLUMNS, toMemory } from './map-records.ts';
import { checkCount, notFound, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/** Gaps kept in the row (the count keeps them all): enough to explain recent trouble, bounded so the row stays small. */
const MAX_KEPT_GAPS = 20;
const OWNED_MEMORY = `conversation_id = (SELECT c.id FROM conversations c WHERE ${OWNED})`;

type MemoryOperations = Pick<ConversationStore, 'loadMemory' | 'saveMemory' | 'recordGap'>;

export function createMemoryOperations(context: StoreContext): MemoryOperations {
  /** Runs a versioned UPDATE … RETURNING version; no row means stale (or missing: then not_found). */
  const updateVersioned = async (
    scope: ConversationScope,
    sql: string,
    args: readonly (string | number)[],
  ): Promise<VersionedWriteResult> => {
    const result = await context.database.write({ sql, args: [...args] });
    const row = result.rows[0];
    if (row !== undefined) return { ok: true, version: Number(row['version']) };
    const current = await context.database.read({
      sql: `SELECT version FROM conversation_memory WHERE ${OWNED_MEMORY}`,
      args: ownerArgs(scope),
    });
    const currentRow = current.rows[0];
    if (currentRow === undefined) throw notFound();
    return { ok: false, reason: 'stale', currentVersion: Number(currentRow['version']) };
  };

  return {
    async loadMemory(scope) {
      const result = await context.database.read({
        sql: `SELECT ${MEMORY_COLUMNS} FROM conversation_memory WHERE ${OWNED_MEMORY}`,
        args: ownerArgs(scope),
      });
      const row = result.rows[0];
      if (row === undefined) throw notFound();
      return toMemory(row);
    },

    async saveMemory(input) {
      checkCount(input.expectedVersion, 'expectedVersion');
      checkCount(input.coversUpToSeq, 'coversUpToSeq');
      checkCount(input.summaryTokens, 'summaryTokens');
      if (typeof input.summary !== 'string') throw new AppError('internal', 'summary must be text');
      return updateVersioned(
        input,
        'UPDATE conversation_memory SET summary = ?, covers_up_to_seq = ?, summary_tokens = ?, updated_at = ?, version = version + 1 ' +
          `WHERE ${OWNED_MEMORY} AND version = ? AND covers_up_to_seq <= ? RETURNING version`,
        [
          input.summary,
          input.coversUpToSeq,
          input.summaryTokens,
          nowIso(context),
          ...ownerArgs(input),
          input.expectedVersion,
          input.coversUpToSeq,
        ],
      );
    },

    async recordGap(input) {
      checkCount(input.expectedVersion, 'expectedVersion');
      checkCount(input.fromSeq, 'fromSeq');
      checkCount(input.toSeq, 'toSeq');
      if (input.fromSeq > input.toSeq) {
        throw new AppError('internal', `gap fromSeq ${input.fromSeq} is after toSeq ${input.toSeq}`);
      }
      const at = nowIso(context);
      const gap = JSON.stringify({
        reason: String(input.reason).slice(0, 200),
        fromSeq: input.fromSeq,
        toSeq: input.toSeq,
        at,
      });
      return updateVersioned(
        input,
        // Append the gap, keep the newest MAX_KEPT_GAPS, oldest first (the inner ORDER BY feeds the aggregate in order).
        'UPDATE conversation_memory SET gaps = (SELECT json_group_array(json(value)) FROM (SELECT key, value FROM (SELECT key, value FROM ' +
          `json_each(json_insert(gaps, '$[#]', json(?))) ORDER BY key DESC LIMIT ${MAX_KEPT_GAPS}) ORDER BY key)), ` +
          'gap_count = gap_count + 1, ' +
          // SET reads the old row: the messages from the old coverage up to toSeq leave unsummarised.
          'unsummarised_messages = unsummarised_messages + CASE WHEN ? = 1 THEN MAX(0, ? - covers_up_to_seq) ELSE 0 END, ' +
          'covers_up_to_seq = CASE WHEN ? = 1 THEN MAX(covers_up_to_seq, ?) ELSE covers_up_to_seq END, ' +
          `updated_at = ?, version = version + 1 WHERE ${OWNED_MEMORY} AND version = ? RETURNING version`,
        [
          gap,
          input.advanceCoverage ? 1 : 0,
          input.toSeq,
          input.advanceCoverage ? 1 : 0,
          input.toSeq,
          at,
          ...ownerArgs(input),
          input.expectedVersion,
        ],
      );
    },
  };
}
