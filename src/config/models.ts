// Facts per Claude model that the pipeline and the cost report need: context window, cache minimum, TTLs, prices.
// Prices change: this is the one table (USD per million tokens, Anthropic list; ../reference bedrock.md).

export type ModelFacts = {
  /** Tokens the model accepts in one request (input + maxTokens must stay under it). */
  readonly contextWindow: number;
  /** Cumulative prefix tokens below which a cache checkpoint silently caches nothing. */
  readonly minCacheTokens: number;
  readonly supportsOneHourTtl: boolean;
  readonly pricePerMillion: {
    readonly input: number;
    readonly cacheWrite5m: number;
    readonly cacheWrite1h: number;
    readonly cacheRead: number;
    readonly output: number;
  };
};

const SONNET_45: ModelFacts = {
  contextWindow: 200_000,
  minCacheTokens: 1_024,
  supportsOneHourTtl: true,
  pricePerMillion: { input: 3, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3, output: 15 },
};
const HAIKU_45: ModelFacts = {
  contextWindow: 200_000,
  minCacheTokens: 4_096,
  supportsOneHourTtl: true,
  pricePerMillion: { input: 1, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1, output: 5 },
};
const HAIKU_35: ModelFacts = {
  contextWindow: 200_000,
  minCacheTokens: 2_048,
  supportsOneHourTtl: false,
  pricePerMillion: { input: 0.8, cacheWrite5m: 1, cacheWrite1h: 1.6, cacheRead: 0.08, output: 4 },
};
const SONNET_4: ModelFacts = { ...SONNET_45, supportsOneHourTtl: false };
const OPUS_45: ModelFacts = {
  contextWindow: 200_000,
  minCacheTokens: 4_096,
  supportsOneHourTtl: true,
  pricePerMillion: { input: 5, cacheWrite5m: 6.25, cacheWrite1h: 10, cacheRead: 0.5, output: 25 },
};

/** Ordered: the first pattern found in the (lower-cased) model id wins. */
const MODEL_TABLE: readonly (readonly [string, ModelFacts])[] = [
  ['claude-haiku-4-5', HAIKU_45],
  ['claude-3-5-haiku', HAIKU_35],
  ['claude-sonnet-4-5', SONNET_45],
  ['claude-sonnet-4-6', SONNET_45],
  ['claude-opus-4-5', OPUS_45],
  ['claude-opus-4-6', OPUS_45],
  ['claude-sonnet-4', SONNET_4],
  ['claude-3-7-sonnet', SONNET_4],
  ['claude-opus-4', {
    ...OPUS_45,
    minCacheTokens: 1_024,
    supportsOneHourTtl: false,
    pricePerMillion: { input: 15, cacheWrite5m: 18.75, cacheWrite1h: 30, cacheRead: 1.5, output: 75 },
  }],
];

export const DEFAULT_MODEL_ID = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
export const DEFAULT_CHEAP_MODEL_ID = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';

/** Facts for a Bedrock model id or inference profile (`us.`/`eu.`/`global.` prefixes allowed); unknown ids get Sonnet 4.5's. */
export function lookupModelFacts(modelId: string): ModelFacts {
  const id = modelId.toLowerCase();
  for (const [pattern, facts] of MODEL_TABLE) if (id.includes(pattern)) return facts;
  return SONNET_45;
}
