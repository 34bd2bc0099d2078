// Prompt caching as Bedrock does it: entries per (model, prefix hash) with a TTL on the simulated clock, reset on every
// hit, a per-model minimum, and a lookback of LOOKBACK_BLOCKS block boundaries from each checkpoint.
import type { Prefix } from './build-prefix.ts';
import type { CacheTtl } from './types.ts';

/** Bedrock looks back about 20 content blocks from a checkpoint for the longest cached prefix. */
export const LOOKBACK_BLOCKS = 20;
/** Enough entries for long benchmark runs; the least recently used entry goes first. */
export const DEFAULT_MAX_ENTRIES = 10_000;
export const TTL_MS: Readonly<Record<CacheTtl, number>> = { '5m': 5 * 60_000, '1h': 60 * 60_000 };

export type CacheEntry = {
  readonly modelId: string;
  readonly hash: string;
  /** Cumulative tokens of the prefix this entry holds. */
  readonly tokens: number;
  readonly ttl: CacheTtl;
  readonly expiresAt: number;
};

export type CacheUsage = {
  readonly inputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly cacheDetails?: readonly { readonly ttl: CacheTtl; readonly inputTokens: number }[];
};

export type PromptCache = {
  /** Reads the longest live prefix, writes every valid checkpoint past it, and returns the usage split. */
  apply(
    request: {
      readonly modelId: string;
      readonly prefix: Prefix;
      readonly minimumTokens: number;
      readonly now: number;
    },
  ): CacheUsage;
  /** Live and expired entries, oldest use first (expired ones are dropped lazily). */
  entries(): readonly CacheEntry[];
  clear(): void;
  readonly size: number;
};

export type PromptCacheOptions = { readonly maxEntries?: number; readonly lookbackBlocks?: number };

/**
 * Invariants: inputTokens + cacheReadInputTokens + cacheWriteInputTokens = prefix.totalTokens; nothing is read or
 * written without a checkpoint at or above the minimum; a hit pushes the entry's expiry to now + its TTL;
 * cacheDetails lists each TTL with written tokens (absent when nothing was written).
 */
export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const lookback = options.lookbackBlocks ?? LOOKBACK_BLOCKS;
  const store = new Map<string, CacheEntry>();
  const keyOf = (modelId: string, hash: string): string => `${modelId}\u0000${hash}`;
  const put = (entry: CacheEntry): void => {
    const key = keyOf(entry.modelId, entry.hash);
    store.delete(key);
    store.set(key, entry);
    while (store.size > maxEntries) store.delete(store.keys().next().value as string);
  };
  const live = (modelId: string, hash: string, now: number): CacheEntry | undefined => {
    const entry = store.get(keyOf(modelId, hash));
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      store.delete(keyOf(modelId, hash));
      return undefined;
    }
    return entry;
  };
  return {
    apply({ modelId, prefix, minimumTokens, now }) {
      const valid = prefix.checkpoints.filter((point) => point.boundary > 0 && point.cumulativeTokens >= minimumTokens);
      if (valid.length === 0) {
        return { inputTokens: prefix.totalTokens, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };
      }
      const cumulative = (boundary: number): number =>
        valid.find((point) => point.boundary === boundary)?.cumulativeTokens ?? sumTokens(prefix, boundary);
      let hitBoundary = 0;
      for (const point of [...valid].reverse()) {
        for (
          let boundary = point.boundary;
          boundary >= Math.max(1, point.boundary - lookback) && boundary > hitBoundary;
          boundary--
        ) {
          const entry = live(modelId, prefix.blocks[boundary - 1]?.hash ?? '', now);
          if (entry === undefined) continue;
          put({ ...entry, expiresAt: now + TTL_MS[entry.ttl] });
          hitBoundary = boundary;
          break;
        }
      }
      const read = hitBoundary === 0 ? 0 : cumulative(hitBoundary);
      const written = new Map<CacheTtl, number>();
      let writtenUpTo = read;
      for (const point of valid) {
        const hash = prefix.blocks[point.boundary - 1]?.hash ?? '';
        if (point.boundary <= hitBoundary) {
          const entry = live(modelId, hash, now);
          if (entry !== undefined) put({ ...entry, expiresAt: now + TTL_MS[entry.ttl] });
          continue;
        }
        const tokens = point.cumulativeTokens - writtenUpTo;
        if (tokens > 0) written.set(point.ttl, (written.get(point.ttl) ?? 0) + tokens);
        writtenUpTo = Math.max(writtenUpTo, point.cumulativeTokens);
        const existing = live(modelId, hash, now);
        const ttl: CacheTtl = existing?.ttl === '1h' ? '1h' : point.ttl;
        put({ modelId, hash, tokens: point.cumulativeTokens, ttl, expiresAt: now + TTL_MS[ttl] });
      }
      const write = writtenUpTo - read;
      const details = [...written].map(([ttl, inputTokens]) => ({ ttl, inputTokens }));
      return {
        inputTokens: prefix.totalTokens - read - write,
        cacheReadInputTokens: read,
        cacheWriteInputTokens: write,
        ...(details.length === 0 ? {} : { cacheDetails: details }),
      };
    },
    entries: () => [...store.values()],
    clear: () => store.clear(),
    get size() {
      return store.size;
    },
  };
}

function sumTokens(prefix: Prefix, boundary: number): number {
  let total = 0;
  for (let index = 0; index < boundary; index++) total += prefix.blocks[index]?.tokens ?? 0;
  return total;
}
