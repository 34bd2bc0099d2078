// The Idempotency-Key of one turn: claimed before the turn, answered from the store on a retry, freed when it fails.
import { AppError } from '../errors.ts';
import type { ConversationScope } from '../store/store-records.ts';
import type { TurnResult } from './chat-service.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** The SHA-256 (hex) of a message's text: what ties an Idempotency-Key, and its turn journal, to one message. */
export async function hashRequest(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Claims `key` for this message: the stored answer when a request with it already finished, null when this turn may
 * run. Throws AppError 'conflict' while the first request still runs, or when the key came with another message.
 */
export async function claimIdempotencyKey(
  deps: TurnDependencies,
  scope: ConversationScope,
  key: string,
  text: string,
): Promise<TurnResult | null> {
  const claim = await deps.store.beginIdempotency({
    ...scope,
    key,
    requestHash: await hashRequest(text),
    takeOverPendingOlderThanMs: deps.settings.turnLeaseMs,
  });
  if (claim.status === 'done') return claim.response as TurnResult;
  if (claim.status === 'pending') {
    throw new AppError('conflict', 'a request with this Idempotency-Key is still running; retry later');
  }
  if (claim.status === 'mismatch') {
    throw new AppError('conflict', 'this Idempotency-Key was already used with a different message');
  }
  return null;
}

/** Frees a claimed key after a turn that stored nothing, so a retry can run; never throws. */
export async function releaseIdempotencyKey(
  deps: TurnDependencies,
  scope: ConversationScope,
  key: string | undefined,
): Promise<void> {
  if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key }).catch(() => false);
}
