// Test support: stores messages the way production does, as one real turn through the port (startTurn, completeTurn).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope, NewMessage, StoredMessage } from '../store-records.ts';

/** Tries a held lock this often before giving up (a race test's writers wait for each other; no timing is asserted). */
const MAX_ATTEMPTS = 5000;

/**
 * Runs one turn that stores `messages` (consecutive seq) and releases the lock; waits while another turn holds the
 * lock. `turnId` defaults to a fresh id; `now` (default the wall clock) is when the lock is taken.
 */
export async function seedMessages(
  store: ConversationStore,
  scope: ConversationScope,
  messages: readonly NewMessage[],
  options: { readonly turnId?: string; readonly now?: Date } = {},
): Promise<readonly StoredMessage[]> {
  const turnId = options.turnId ?? `seed-${randomUUID()}`;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const started = await store.startTurn({ ...scope, turnId, now: options.now ?? new Date(), leaseMs: 60_000 });
    if (!started.ok) {
      await sleep(1);
      continue;
    }
    const done = await store.completeTurn({ ...scope, turnId, messages });
    if (!done.ok) throw new Error(`seed turn ${turnId} could not complete: ${done.reason}`);
    return done.messages;
  }
  throw new Error(`seed turn ${turnId} never got the conversation's lock`);
}
