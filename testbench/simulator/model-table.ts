// The simulator's own per-model facts (independent of src/config): context window, cache minimum, TTLs, tool overhead.

export type SimulatorModelFacts = {
  readonly contextWindow: number;
  /** Cumulative prefix tokens a checkpoint needs; below it the checkpoint caches nothing (and fails nothing). */
  readonly minimumCacheTokens: number;
  readonly supportsOneHourTtl: boolean;
  /** Tokens of the hidden tool-use system prompt, charged when the request declares at least one tool. */
  readonly toolUseSystemTokens: number;
  /** Output cap when a request gives no `inferenceConfig.maxTokens`. */
  readonly defaultMaxTokens: number;
};

/** Matched in order by substring of the lower-cased, percent-decoded model id; the first match wins. */
export type ModelTableEntry = { readonly match: string; readonly facts: SimulatorModelFacts };

const BASE: SimulatorModelFacts = {
  contextWindow: 200_000,
  minimumCacheTokens: 1_024,
  supportsOneHourTtl: false,
  toolUseSystemTokens: 346,
  defaultMaxTokens: 4_096,
};
const ONE_HOUR: SimulatorModelFacts = { ...BASE, supportsOneHourTtl: true };
const LARGE_MINIMUM_ONE_HOUR: SimulatorModelFacts = { ...ONE_HOUR, minimumCacheTokens: 4_096 };

/** Minimums from AWS's prompt-caching page; 1h TTL on Haiku 4.5, Sonnet 4.5, Opus 4.5 and newer. */
export const DEFAULT_MODEL_TABLE: readonly ModelTableEntry[] = [
  { match: 'claude-haiku-4-5', facts: LARGE_MINIMUM_ONE_HOUR },
  { match: 'claude-3-5-haiku', facts: { ...BASE, minimumCacheTokens: 2_048, toolUseSystemTokens: 264 } },
  { match: 'claude-3-7-sonnet', facts: BASE },
  { match: 'claude-sonnet-4-5', facts: ONE_HOUR },
  { match: 'claude-sonnet-4-6', facts: ONE_HOUR },
  { match: 'claude-sonnet-4', facts: BASE },
  { match: 'claude-opus-4-5', facts: LARGE_MINIMUM_ONE_HOUR },
  { match: 'claude-opus-4-6', facts: LARGE_MINIMUM_ONE_HOUR },
  { match: 'claude-opus-4-7', facts: LARGE_MINIMUM_ONE_HOUR },
  { match: 'claude-opus-4', facts: BASE },
];

/** Facts for ids not in the table (Sonnet 4.5's). */
export const FALLBACK_MODEL_FACTS: SimulatorModelFacts = ONE_HOUR;

/** Facts for `modelId` (`us.`/`global.` prefixes and `%3A` allowed). `overrides` are searched before the default table. */
export function lookupModelFacts(modelId: string, overrides: readonly ModelTableEntry[] = []): SimulatorModelFacts {
  let id = modelId.toLowerCase();
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape stays as written; matching by substring still works on the rest.
  }
  for (const entry of [...overrides, ...DEFAULT_MODEL_TABLE]) {
    if (id.includes(entry.match.toLowerCase())) return entry.facts;
  }
  return FALLBACK_MODEL_FACTS;
}
