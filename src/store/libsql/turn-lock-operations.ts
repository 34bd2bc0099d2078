// The one-turn-at-a-time lock: a lease on the conversation row, taken atomically, taken over once expired.
import { AppError } from '../../errors.ts';
import type { ConversationStore, TurnLockResult } from '../conversation-store.ts';
import type { ConversationScope } from '../store-records.ts';
import { assertConversation, notFound, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

type TurnLockOperations = Pick<ConversationStore, 'acquireTurnLock' | 'releaseTurnLock'>;

/** The lease's start and end (epoch ms); AppError 'internal' for an invalid Date or a lease that is not a positive integer. */
export function checkLease(input: { readonly now: Date; readonly leaseMs: number }): { now: number; until: number } {
  const now = input.now.getTime();
  if (!Number.isFinite(now)) throw new AppError('internal', 'now must be a valid Date');
  if (!Number.isSafeInteger(input.leaseMs) || input.leaseMs <= 0) {
    throw new AppError('internal', `leaseMs must be a positive integer, got ${String(input.leaseMs)}`);
  }
  return { now, until: now + input.leaseMs };
}

/** The refusal when someone else holds the lock (with its expiry); not_found when the conversation is not the owner's. */
export async function readLockConflict(
  context: StoreContext,
  scope: ConversationScope,
): Promise<Extract<TurnLockResult, { ok: false }>> {
  const current = await context.database.read({
    sql: `SELECT c.turn_lock_until FROM conversations c WHERE ${OWNED}`,
    args: ownerArgs(scope),
  });
  const row = current.rows[0];
  if (row === undefined) throw notFound();
  const held = row['turn_lock_until'];
  return { ok: false, reason: 'conflict', lockedUntil: typeof held === 'number' ? new Date(held).toISOString() : null };
}

export function createTurnLockOperations(context: StoreContext): TurnLockOperations {
  return {
    async acquireTurnLock(input) {
      const { now, until } = checkLease(input);
      const [taken, abandoned] = await context.database.batchWrite([
        {
          sql:
            `UPDATE conversations AS c SET turn_lock_owner = ?, turn_lock_until = ? WHERE ${OWNED} AND (c.turn_lock_owner IS NULL ` +
            'OR c.turn_lock_until IS NULL OR c.turn_lock_until <= ? OR c.turn_lock_owner = ?) RETURNING id',
          args: [input.turnId, until, ...ownerArgs(input), now, input.turnId],
        },
        {
          // Only one turn runs at a time, so once we hold the lock any other running turn was left by an expired holder.
          sql:
            "UPDATE turns SET status = 'failed', error_code = 'abandoned', finished_at = ? WHERE status = 'running' AND id <> ? " +
            `AND conversation_id = (SELECT c.id FROM conversations c WHERE ${OWNED} AND c.turn_lock_owner = ? AND c.turn_lock_until = ?) ` +
            'RETURNING id',
          args: [input.now.toISOString(), input.turnId, ...ownerArgs(input), input.turnId, until],
        },
      ]);
      if (taken?.rows.length === 1) {
        const abandonedTurnIds = (abandoned?.rows ?? []).map((row) => String(row['id']));
        return { ok: true, lockedUntil: new Date(until).toISOString(), abandonedTurnIds };
      }
      return readLockConflict(context, input);
    },

    async releaseTurnLock(input) {
      const result = await context.database.write({
        sql:
          `UPDATE conversations AS c SET turn_lock_owner = NULL, turn_lock_until = NULL WHERE ${OWNED} AND c.turn_lock_owner = ? RETURNING id`,
        args: [...ownerArgs(input), input.turnId],
      });
      if (result.rows.length > 0) return true;
      await assertConversation(context, input);
      return false;
    },
  };
}
