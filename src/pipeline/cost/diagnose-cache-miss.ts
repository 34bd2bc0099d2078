// Says why a model call read nothing from the prompt cache when the previous call should have left something there.
import type { CacheLayer } from '../assembly/index.ts';

/** One cache-point candidate of a call, placed or not: the prefix it closes (tools → system → messages up to it). */
export type CheckpointPrint = {
  readonly layer: CacheLayer;
  /** Key of the whole prefix up to this point; '' when the candidate had no prefix (no previous request, no messages). */
  readonly key: string;
  /** Estimated tokens of that prefix (uncorrected). */
  readonly tokens: number;
  readonly placed: boolean;
  /** TTL of the point in milliseconds when placed, else 0. */
  readonly ttlMs: number;
};

/** What identifies the cacheable layers of one call, compared call to call. */
export type PromptFingerprint = {
  /** Epoch milliseconds of the call. */
  readonly at: number;
  readonly toolsKey: string;
  readonly systemKey: string;
  readonly summaryKey: string;
  /** Key of the message prefix before the current turn (changes when a chunk leaves the window). */
  readonly historyKey: string;
  /** Corrected estimated tokens up to the first cache point that was placed; 0 when none was placed. */
  readonly firstCheckpointTokens: number;
  /** TTL of the longest-lived cache point, in milliseconds (0 when none). */
  readonly ttlMs: number;
  /** Estimated (uncorrected) tokens of the whole request. */
  readonly totalTokens: number;
  /** Every cache-point candidate in prefix order. */
  readonly layers: readonly CheckpointPrint[];
};

export type CacheMissReason =
  | 'first-call'
  | 'below-minimum'
  | 'ttl-lapsed'
  | 'tool-set-changed'
  /** The tool list changed because the model called find_tools: the recovery's price. */
  | 'tools-found'
  | 'system-layer-changed'
  | 'summary-changed'
  | 'window-moved'
  | 'unexplained';

export type DiagnoseCacheMissInput = {
  readonly previous: PromptFingerprint | null;
  readonly current: PromptFingerprint;
  readonly cacheReadInputTokens: number;
  readonly minCacheTokens: number;
  /** Set when the turn loop changed the tool list on purpose since the previous call (a find_tools answer). */
  readonly toolsChangedBy?: 'find-tools';
};

/**
 * null when the call read from the cache. Otherwise the first cause that explains the miss, in prefix order
 * (tools → system → summary → window), after the reasons that no layout could avoid (first call, TTL, minimum).
 */
export function diagnoseCacheMiss(input: DiagnoseCacheMissInput): CacheMissReason | null {
  const { previous, current } = input;
  if (input.cacheReadInputTokens > 0) return null;
  if (current.firstCheckpointTokens < input.minCacheTokens) return 'below-minimum';
  if (previous === null) return 'first-call';
  if (previous.ttlMs === 0 || current.at - previous.at >= previous.ttlMs) return 'ttl-lapsed';
  if (previous.toolsKey !== current.toolsKey) {
    return input.toolsChangedBy === 'find-tools' ? 'tools-found' : 'tool-set-changed';
  }
  if (previous.systemKey !== current.systemKey) return 'system-layer-changed';
  if (previous.summaryKey !== current.summaryKey) return 'summary-changed';
  if (previous.historyKey !== current.historyKey) return 'window-moved';
  return 'unexplained';
}

/** A short, stable, non-cryptographic key of a string (FNV-1a, 2×32 bits): equal inputs give equal keys. */
export function fingerprintText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
