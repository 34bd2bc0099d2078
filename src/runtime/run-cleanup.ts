// The retention clean-up as every runtime runs it: migrate first, purge what expired, log the counts, never throw.
import type { Config } from '../config/parse-config.ts';
import type { Logger } from '../logger.ts';
import type { PurgeCounts, RetentionStore } from '../store/retention-store.ts';

export type CleanupOptions = {
  readonly store: RetentionStore;
  readonly retention: Config['retention'];
  readonly logger: Logger;
  /** Applies pending migrations (the clean-up may be the first thing an edge isolate does). */
  readonly ready: () => Promise<void>;
  readonly clock?: () => Date;
};

/** One clean-up run: the counts, or null when it failed (logged as `retention_cleanup_failed` with the error code). */
export type RunCleanup = () => Promise<PurgeCounts | null>;

export function createCleanup(options: CleanupOptions): RunCleanup {
  const clock = options.clock ?? (() => new Date());
  return async () => {
    const started = Date.now();
    try {
      await options.ready();
      const counts = await options.store.purgeExpired({ policy: options.retention.policy, now: clock() });
      options.logger.log('info', 'retention_cleanup', { ...counts, ms: Date.now() - started });
      return counts;
    } catch (error) {
      options.logger.log('warn', 'retention_cleanup_failed', { reason: describe(error) });
      return null;
    }
  };
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return error instanceof Error ? error.name : 'unknown';
}

export type CleanupTimer = {
  /** Stops the schedule and waits for a run in progress to finish. */
  stop(): Promise<void>;
};

/**
 * Node and Deno: runs the clean-up `firstDelayMs` after start, then every `intervalMs`, never two at once. The timers
 * do not keep the process alive; `stop` (at shutdown, before the database closes) ends the schedule.
 */
export function startCleanupTimer(
  run: RunCleanup,
  options: { readonly intervalMs: number; readonly firstDelayMs?: number },
): CleanupTimer {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
    }, delay);
    unref(timer);
  };
  schedule(Math.min(options.firstDelayMs ?? 10_000, options.intervalMs));
  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}

function unref(timer: ReturnType<typeof setTimeout>): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer) timer.unref();
  const deno = (globalThis as { Deno?: { unrefTimer?(id: number): void } }).Deno;
  if (typeof timer === 'number') deno?.unrefTimer?.(timer);
}
