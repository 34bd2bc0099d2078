// Cache validation that acts: a checkpoint whose writes the next call keeps not reading is withheld (no more write
// premiums for nothing) until its cause goes away, and brought back when it does.
import type { CacheLayer } from '../assembly/index.ts';
import type { CacheMissReason, CheckpointPrint, PromptFingerprint } from './diagnose-cache-miss.ts';

export type CacheWatchSettings = {
  /** Unread writes in a row after which a checkpoint is withheld (N ≥ 1). */
  readonly unreadLimit: number;
  /** Calls without a checkpoint withheld for a cause no call can show gone, after which it is placed once more (M ≥ 1). */
  readonly probeEvery: number;
};

/** A checkpoint the plan does not place, and why. */
export type WithheldCheckpoint = {
  readonly layer: CacheLayer;
  /** Why its last write was not read (the cause of the last one of the streak). */
  readonly cause: CacheMissReason;
  /** The unread writes in a row that withheld it. */
  readonly unreadWrites: number;
  /** Epoch milliseconds of the call that withheld it. */
  readonly since: number;
  /** Calls made without it since then (or since its last probe). */
  readonly calls: number;
  /** TTL it had when it was last placed, in milliseconds. */
  readonly ttlMs: number;
};

/** Per conversation, kept with the last prompt fingerprint. Plain JSON. */
export type CacheWatch = {
  /** Layers whose checkpoint wrote on the last call: the next call shows whether that write was read. */
  readonly wrote: readonly CacheLayer[];
  /** Writes in a row the following call did not read, per layer (absent = 0). */
  readonly unread: Readonly<Partial<Record<CacheLayer, number>>>;
  readonly withheld: readonly WithheldCheckpoint[];
};

export type CacheWatchEvent =
  | {
    readonly type: 'withheld';
    readonly layer: CacheLayer;
    readonly cause: CacheMissReason;
    readonly unreadWrites: number;
  }
  /** The cause went away: the prefix the checkpoint would have closed was reused within its TTL. */
  | { readonly type: 'restored'; readonly layer: CacheLayer; readonly cause: CacheMissReason; readonly calls: number }
  /** No call can show the cause gone (the prefix was reused in time and still not read): placed once to see. */
  | { readonly type: 'probe'; readonly layer: CacheLayer; readonly cause: CacheMissReason; readonly calls: number };

export type ObserveCacheCallInput = {
  readonly watch: CacheWatch;
  /** The previous main call of the conversation (null on the first). */
  readonly previous: PromptFingerprint | null;
  readonly current: PromptFingerprint;
  readonly usage: { readonly cacheReadInputTokens: number; readonly cacheWriteInputTokens: number };
  /** Every input token Bedrock counted for the current call (uncached + read + written). */
  readonly actualInputTokens: number;
  readonly minCacheTokens: number;
  readonly settings: CacheWatchSettings;
};

/** Causes a later call can show gone by itself; the others need a probe. */
const OBSERVABLE_CAUSES: ReadonlySet<CacheMissReason> = new Set([
  'tool-set-changed',
  'system-layer-changed',
  'summary-changed',
  'window-moved',
  'ttl-lapsed',
]);

export function createCacheWatch(): CacheWatch {
  return { wrote: [], unread: {}, withheld: [] };
}

/**
 * The layers the plan must not place on the next call, each with the reason its report gives. The stable-history
 * point only reads what the previous request-end point wrote, so it is withheld whenever request-end is.
 */
export function withheldCachePoints(watch: CacheWatch): ReadonlyMap<CacheLayer, string> {
  const reasons = new Map<CacheLayer, string>(
    watch.withheld.map((entry) => [
      entry.layer,
      `withheld: its last ${entry.unreadWrites} writes were never read (${entry.cause})`,
    ]),
  );
  if (reasons.has('request-end')) {
    reasons.set('stable-history', 'withheld with request-end: it only reads what request-end writes');
  }
  return reasons;
}

/**
 * Learns from one main call. A placed checkpoint (standard tools, domain tools, system, request end) that wrote (the call read less than its prefix) is judged by the next
 * call: read (that call's cache read covers the same prefix) resets its count; not read adds one, and at
 * `unreadLimit` in a row the checkpoint is withheld with the cause. A withheld checkpoint comes back when its cause
 * goes away: for a changed prefix or a lapsed TTL, when the prefix it would have closed on one call reappears on the
 * next within its TTL (a write there would have been read); for an unexplained miss, by a probe every `probeEvery`
 * calls (placed once; if that write is not read either it is withheld again at once). Pure.
 */
export function observeCacheCall(input: ObserveCacheCallInput): { watch: CacheWatch; events: CacheWatchEvent[] } {
  const { previous, current, settings } = input;
  const limit = Math.max(1, Math.floor(settings.unreadLimit));
  const probeEvery = Math.max(1, Math.floor(settings.probeEvery));
  const ratio = input.actualInputTokens > 0 && current.totalTokens > 0
    ? input.actualInputTokens / current.totalTokens
    : 1;
  // Bedrock reads one prefix, the longest it holds: the candidate whose corrected size is nearest the read is that one,
  // and every candidate up to it was read.
  const read = input.usage.cacheReadInputTokens;
  const hit = read <= 0 ? undefined : current.layers.filter((candidate) => candidate.key !== '').reduce<
    CheckpointPrint | undefined
  >(
    (best, candidate) =>
      best === undefined || Math.abs(candidate.tokens * ratio - read) < Math.abs(best.tokens * ratio - read)
        ? candidate
        : best,
    undefined,
  );
  const coversCandidate = (candidate: CheckpointPrint) => hit !== undefined && candidate.tokens <= hit.tokens;
  const present = (key: string) => key === '' ? undefined : current.layers.find((candidate) => candidate.key === key);
  const gap = previous === null ? Number.POSITIVE_INFINITY : current.at - previous.at;
  const unread: Partial<Record<CacheLayer, number>> = { ...input.watch.unread };
  const withheld = new Map(input.watch.withheld.map((entry) => [entry.layer, entry]));
  const events: CacheWatchEvent[] = [];

  const causeOf = (print: CheckpointPrint, before: PromptFingerprint): CacheMissReason => {
    if (present(print.key) === undefined) {
      if (before.toolsKey !== current.toolsKey) return 'tool-set-changed';
      if (before.systemKey !== current.systemKey) return 'system-layer-changed';
      if (before.summaryKey !== current.summaryKey) return 'summary-changed';
      return 'window-moved';
    }
    if (gap >= print.ttlMs) return 'ttl-lapsed';
    if (print.tokens * ratio < input.minCacheTokens) return 'below-minimum';
    return 'unexplained';
  };

  if (previous !== null) {
    // Writes of the previous call: did this call read them?
    for (const layer of input.watch.wrote) {
      const print = previous.layers.find((candidate) => candidate.layer === layer);
      if (print === undefined) continue;
      const reused = present(print.key);
      if (reused !== undefined && coversCandidate(reused)) {
        delete unread[layer];
        continue;
      }
      const count = (unread[layer] ?? 0) + 1;
      unread[layer] = count;
      if (count >= limit && !withheld.has(layer)) {
        const cause = causeOf(print, previous);
        withheld.set(layer, { layer, cause, unreadWrites: count, since: current.at, calls: 0, ttlMs: print.ttlMs });
        events.push({ type: 'withheld', layer, cause, unreadWrites: count });
      }
    }
    // Checkpoints withheld on this call: has their cause gone away?
    for (const entry of input.watch.withheld) {
      if (!withheld.has(entry.layer)) continue;
      const calls = entry.calls + 1;
      const print = previous.layers.find((candidate) => candidate.layer === entry.layer);
      const reusedInTime = print !== undefined && present(print.key) !== undefined && gap < entry.ttlMs;
      if (OBSERVABLE_CAUSES.has(entry.cause) && reusedInTime) {
        withheld.delete(entry.layer);
        delete unread[entry.layer];
        events.push({ type: 'restored', layer: entry.layer, cause: entry.cause, calls });
      } else if (!OBSERVABLE_CAUSES.has(entry.cause) && calls >= probeEvery) {
        // Placed on the next call; one more unread write withholds it again.
        withheld.delete(entry.layer);
        unread[entry.layer] = limit - 1;
        events.push({ type: 'probe', layer: entry.layer, cause: entry.cause, calls });
      } else {
        withheld.set(entry.layer, { ...entry, calls });
      }
    }
  }

  // stable-history is there to read the previous request-end's entry, not to be read: it is judged through request-end.
  const wrote = input.usage.cacheWriteInputTokens > 0
    ? current.layers
      .filter((candidate) => candidate.placed && candidate.layer !== 'stable-history' && !coversCandidate(candidate))
      .map((candidate) => candidate.layer)
    : [];
  return { watch: { wrote, unread, withheld: [...withheld.values()] }, events };
}
