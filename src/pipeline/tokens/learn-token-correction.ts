// A per-model correction of the token estimate, learned from the input usage Bedrock reports: an exponentially
// weighted ratio actual / estimated, clamped, so one odd reply cannot swing the budget far.
import type { Usage } from '../types/index.ts';

export type ModelCorrection = {
  /** Exponentially weighted mean of actual / estimated, within [MIN_RATIO, MAX_RATIO]. */
  readonly ratio: number;
  /** Accepted samples so far (counts up to MAX_COUNTED_SAMPLES, then stays). */
  readonly samples: number;
};

/** Plain readonly data: safe to serialise, compare and share. Models are kept in order of their last update. */
export type TokenCorrection = {
  readonly models: readonly (readonly [modelKey: string, correction: ModelCorrection])[];
};

export type TokenSample = { readonly modelId: string; readonly estimated: number; readonly actual: number };

/** The correction never shrinks or stretches an estimate beyond these factors. */
export const MIN_RATIO = 0.5;
export const MAX_RATIO = 2;
/** Weight of a new sample once warmed up: about the last ten replies matter. */
const SMOOTHING = 0.2;
/** Until then each sample counts as in a plain mean, so the first replies move the ratio fast. */
const MAX_COUNTED_SAMPLES = 1_000;
/** Replies whose ratio lies outside this band are a mismatch of estimate and request (a bug), not tokenizer drift. */
const NONSENSE_LOW = 0.2;
const NONSENSE_HIGH = 5;
/** Tiny requests are dominated by fixed framing and would teach the wrong ratio. */
const MIN_ESTIMATED_TOKENS = 32;
/** At most this many models are remembered; the least recently updated one is forgotten first. */
const MAX_MODELS = 16;

/** No model learned yet: every correction is the identity. */
export function createTokenCorrection(): TokenCorrection {
  return { models: [] };
}

/** The total input tokens of a reply: Bedrock's `inputTokens` is only the uncached remainder. */
export function totalInputTokens(
  usage: Pick<Usage, 'inputTokens' | 'cacheReadInputTokens' | 'cacheWriteInputTokens'>,
): number {
  return usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens;
}

/** Inference profiles (`us.`, `eu.`, `global.`…) share their base model's tokenizer, so they share one ratio. */
export function toModelKey(modelId: string): string {
  const id = modelId.trim().toLowerCase();
  const vendor = id.indexOf('anthropic.');
  return vendor > 0 ? id.slice(vendor) : id;
}

function isUsableSample(sample: TokenSample): boolean {
  const { estimated, actual } = sample;
  if (typeof sample.modelId !== 'string' || sample.modelId.trim() === '') return false;
  if (!Number.isFinite(estimated) || !Number.isFinite(actual)) return false;
  if (estimated < MIN_ESTIMATED_TOKENS || actual <= 0) return false;
  const ratio = actual / estimated;
  return ratio >= NONSENSE_LOW && ratio <= NONSENSE_HIGH;
}

function clampRatio(ratio: number): number {
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
}

/**
 * Learns from one reply. Pure: returns a new state, or the same state object when the sample is unusable (non-finite,
 * an estimate under 32 tokens, actual ≤ 0, or a ratio outside [0.2, 5]). The stored ratio always stays in [0.5, 2].
 */
export function updateTokenCorrection(state: TokenCorrection, sample: TokenSample): TokenCorrection {
  if (!isUsableSample(sample)) return state;
  const key = toModelKey(sample.modelId);
  const previous = state.models.find(([modelKey]) => modelKey === key)?.[1];
  const observed = sample.actual / sample.estimated;
  const samples = Math.min(MAX_COUNTED_SAMPLES, (previous?.samples ?? 0) + 1);
  const weight = Math.max(SMOOTHING, 1 / samples);
  const ratio = clampRatio((previous?.ratio ?? 1) * (1 - weight) + observed * weight);
  const others = state.models.filter(([modelKey]) => modelKey !== key);
  const kept = others.slice(Math.max(0, others.length - (MAX_MODELS - 1)));
  return { models: [...kept, [key, { ratio, samples }]] };
}

/**
 * A correction rebuilt from stored entries (oldest update first): unusable entries (empty key, non-finite ratio,
 * negative samples) are skipped, ratios clamped to [0.5, 2], at most the 16 most recent models kept.
 */
export function restoreTokenCorrection(
  entries: readonly { readonly modelKey: string; readonly ratio: number; readonly samples: number }[],
): TokenCorrection {
  const models = new Map<string, ModelCorrection>();
  for (const entry of entries) {
    if (typeof entry.modelKey !== 'string' || entry.modelKey.trim() === '' || !Number.isFinite(entry.ratio)) continue;
    if (!Number.isFinite(entry.samples) || entry.samples < 0) continue;
    const key = toModelKey(entry.modelKey);
    models.delete(key);
    models.set(key, {
      ratio: clampRatio(entry.ratio),
      samples: Math.min(MAX_COUNTED_SAMPLES, Math.floor(entry.samples)),
    });
  }
  const all = [...models];
  return { models: all.slice(Math.max(0, all.length - MAX_MODELS)) };
}

/** The learned factor actual / estimated for a model: 1 for an unknown one, else within [0.5, 2]. */
export function correctionRatio(state: TokenCorrection, modelId: string): number {
  const key = toModelKey(modelId);
  return state.models.find(([modelKey]) => modelKey === key)?.[1].ratio ?? 1;
}

/**
 * The estimate and its corrected value side by side. `corrected` is `ceil(estimate × ratio)` for a learned model and
 * equals `estimate` for an unknown one; both are whole numbers and 0 stays 0.
 */
export function correctTokens(
  state: TokenCorrection,
  modelId: string,
  estimated: number,
): { estimate: number; corrected: number } {
  const estimate = Number.isFinite(estimated) && estimated > 0 ? Math.ceil(estimated) : 0;
  const ratio = correctionRatio(state, modelId);
  return { estimate, corrected: Math.max(0, Math.ceil(estimate * ratio - 1e-9)) };
}
