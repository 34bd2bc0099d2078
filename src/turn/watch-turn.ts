// Keeps a running turn's lock lease alive and ends the turn on its deadline, on a lost lock or at shutdown.
import { AppError } from '../errors.ts';
import type { ConversationScope } from '../store/store-records.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** The lease is renewed this many times per term, so one slow or failed renewal never lets it lapse. */
const RENEWALS_PER_TERM = 3;

export type TurnWatch = {
  /** Aborted with the AppError that ends the turn: turn_timeout, conflict (lock lost) or shutting_down. */
  readonly signal: AbortSignal;
  /**
   * Resolves with `work`, or rejects with the abort reason as soon as the signal fires, unless `work` has started
   * committing (`commit()`): a turn being stored is waited for, never cut half-way.
   */
  race<T>(work: Promise<T>): Promise<T>;
  /** From here on an abort no longer cuts the turn (its answer is being stored). */
  commit(): void;
  /** Stops the timers. */
  stop(): void;
};

/**
 * Starts watching a turn that holds its lock: renews the lease every `turnLeaseMs / 3`, aborts at `turnDeadlineMs`
 * after the start, when a renewal finds the lock taken, or when `stop` (the service shutting down) is aborted.
 */
export function watchTurn(
  deps: TurnDependencies,
  turn: { readonly scope: ConversationScope; readonly turnId: string },
  shutdown?: AbortSignal,
): TurnWatch {
  const controller = new AbortController();
  const abort = (reason: AppError) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const { turnLeaseMs, turnDeadlineMs } = deps.settings;
  const deadline = setTimeout(
    () => abort(new AppError('turn_timeout', `the turn did not finish within ${Math.round(turnDeadlineMs / 1000)} s`)),
    turnDeadlineMs,
  );
  const renew = async () => {
    try {
      const renewed = await deps.store.renewTurnLock({
        ...turn.scope,
        turnId: turn.turnId,
        now: deps.clock(),
        leaseMs: turnLeaseMs,
      });
      if (!renewed.ok) abort(new AppError('conflict', 'the turn lost its conversation lock to another turn'));
    } catch (error) {
      // A busy store: the next renewal tries again, well before the lease ends.
      deps.logger.log('warn', 'turn_lease_not_renewed', {
        turnId: turn.turnId,
        error: error instanceof Error ? error.name : typeof error,
      });
    }
  };
  const renewal = setInterval(() => void renew(), Math.max(1, Math.floor(turnLeaseMs / RENEWALS_PER_TERM)));
  const onShutdown = () =>
    abort(new AppError('shutting_down', 'the server is shutting down; retry with the same Idempotency-Key'));
  if (shutdown?.aborted === true) onShutdown();
  shutdown?.addEventListener('abort', onShutdown, { once: true });
  let committing = false;
  return {
    signal: controller.signal,
    race(work) {
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (committing) return;
          // The abandoned work may still settle; its outcome no longer matters to anyone.
          work.catch(() => {});
          reject(controller.signal.reason);
        };
        if (controller.signal.aborted) onAbort();
        controller.signal.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => controller.signal.removeEventListener('abort', onAbort));
      });
    },
    commit() {
      committing = true;
    },
    stop() {
      clearTimeout(deadline);
      clearInterval(renewal);
      shutdown?.removeEventListener('abort', onShutdown);
    },
  };
}
