// The conversation store on libSQL: the port's methods, assembled from one small module per concern.
import type { ConversationStore } from './conversation-store.ts';
import type { Database } from './database.ts';
import { createBudgetOperations } from './libsql/budget-operations.ts';
import { createConsoleOperations } from './libsql/console-operations.ts';
import { createConversationOperations } from './libsql/conversation-operations.ts';
import { createExposureOperations } from './libsql/exposure-operations.ts';
import { createHistoryOperations } from './libsql/history-operations.ts';
import { createIdempotencyOperations } from './libsql/idempotency-operations.ts';
import { createLearnedStateOperations } from './libsql/learned-state-operations.ts';
import { createMemoryOperations } from './libsql/memory-operations.ts';
import { createMessageOperations } from './libsql/message-operations.ts';
import type { StoreContext } from './libsql/store-context.ts';
import { createTurnOperations } from './libsql/turn-operations.ts';
import { createTurnJournalOperations } from './libsql/turn-journal-operations.ts';
import { createTurnStartOperations } from './libsql/turn-start-operations.ts';
import { createUsageOperations } from './libsql/usage-operations.ts';
import { createRetentionOperations } from './libsql/retention-operations.ts';
import type { RetentionStore } from './retention-store.ts';

export type LibsqlStoreOptions = {
  /** A migrated database (see migrate). */
  readonly database: Database;
  /** Timestamps of rows; default the system clock. */
  readonly clock?: () => Date;
  /** Ids of conversations, messages and usage rows when the caller gives none; default crypto.randomUUID. */
  readonly createId?: () => string;
};

/**
 * A ConversationStore on libSQL. Every write that must land with another is one batch (one transaction), and every
 * statement carries the owner condition, so a foreign conversation is never read or touched.
 */
export function createLibsqlStore(options: LibsqlStoreOptions): ConversationStore {
  const context: StoreContext = {
    database: options.database,
    clock: options.clock ?? (() => new Date()),
    createId: options.createId ?? (() => crypto.randomUUID()),
  };
  return {
    ...createConversationOperations(context),
    ...createTurnOperations(context),
    ...createTurnStartOperations(context),
    ...createMessageOperations(context),
    ...createHistoryOperations(context),
    ...createMemoryOperations(context),
    ...createUsageOperations(context),
    ...createIdempotencyOperations(context),
    ...createTurnJournalOperations(context),
    ...createExposureOperations(context),
    ...createBudgetOperations(context),
    ...createLearnedStateOperations(context),
    ...createConsoleOperations(context),
  };
}

/** The retention clean-up on the same database (the scheduled job's store; the turn loop never needs it). */
export function createLibsqlRetentionStore(options: Pick<LibsqlStoreOptions, 'database'>): RetentionStore {
  return createRetentionOperations({
    database: options.database,
    clock: () => new Date(),
    createId: () => crypto.randomUUID(),
  });
}
