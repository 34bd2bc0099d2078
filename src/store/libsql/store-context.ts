// What every libSQL store module shares: the database, the clock, the id source and the ownership check.
import { AppError } from '../../errors.ts';
import type { Database } from '../database.ts';
import type { ConversationScope } from '../store-records.ts';

export type StoreContext = {
  readonly database: Database;
  readonly clock: () => Date;
  readonly createId: () => string;
};

/** SQL condition on `conversations c` that holds only for the scope's own conversation; args from `ownerArgs`. */
export const OWNED = 'c.id = ? AND c.owner_id = ?';

export function ownerArgs(scope: ConversationScope): [string, string] {
  return [scope.conversationId, scope.ownerId];
}

export function nowIso(context: StoreContext): string {
  return context.clock().toISOString();
}

export function notFound(): AppError {
  return new AppError('not_found', 'conversation not found');
}

/** Resolves when the scope's conversation exists; otherwise AppError('not_found'). */
export async function assertConversation(context: StoreContext, scope: ConversationScope): Promise<void> {
  const result = await context.database.read({
    sql: `SELECT 1 FROM conversations c WHERE ${OWNED}`,
    args: ownerArgs(scope),
  });
  if (result.rows.length === 0) throw notFound();
}

/** Throws AppError('internal') unless `value` is a non-negative safe integer (a programming error upstream). */
export function checkCount(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new AppError('internal', `${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}
