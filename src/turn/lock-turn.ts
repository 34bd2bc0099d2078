// A turn's hold on its conversation: the one-turn lock taken with the turn's snapshot, and its release after a failure.
import { AppError } from '../errors.ts';
import type { TurnSnapshot } from '../store/conversation-store.ts';
import type { ConversationScope } from '../store/store-records.ts';
import { releaseIdempotencyKey } from './claim-idempotency-key.ts';
import type { TurnLedger } from './create-turn-ledger.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** A turn that holds its conversation's lock: what startTurn read in the same transaction. */
export type LockedTurn = {
  readonly scope: ConversationScope;
  readonly turnId: string;
  readonly startedAt: Date;
  readonly idempotencyKey: string | undefined;
  readonly snapshot: TurnSnapshot;
};

/** Takes the one-turn lock and reads the turn's snapshot in one transaction; frees the key when nothing was stored. */
export async function lockTurn(
  deps: TurnDependencies,
  scope: ConversationScope,
  key: string | undefined,
): Promise<LockedTurn> {
  const turnId = deps.createId();
  const startedAt = deps.clock();
  // not_found for a foreign conversation; nothing of the turn is stored on any failure (one transaction).
  const started = await deps.store.startTurn({ ...scope, turnId, now: startedAt, leaseMs: deps.settings.turnLeaseMs })
    .catch(async (error: unknown) => {
      await releaseIdempotencyKey(deps, scope, key);
      throw error;
    });
  if (!started.ok) {
    if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key });
    throw new AppError('conflict', 'a turn of this conversation is still running; wait for it to finish');
  }
  return { scope, turnId, startedAt, idempotencyKey: key, snapshot: started };
}

/** After any failure: bills the calls made so far, marks the turn failed (releasing the lock) and frees the key. */
export async function abandonTurn(deps: TurnDependencies, turn: LockedTurn, ledger: TurnLedger, error: unknown) {
  ledger.settle(0);
  const code = error instanceof AppError ? error.code : 'internal';
  await deps.store.failTurn({ ...turn.scope, turnId: turn.turnId, errorCode: code, usage: ledger.rows }).catch((
    failure: unknown,
  ) =>
    deps.logger.log('error', 'turn_fail_not_recorded', {
      turnId: turn.turnId,
      error: failure instanceof Error ? failure.name : typeof failure,
    })
  );
  await releaseIdempotencyKey(deps, turn.scope, turn.idempotencyKey);
}
