// Running totals of one side of the comparison (ours or a baseline): tokens, cost, cache reads, cap and window checks.
import type { Usage } from '../../src/pipeline/types/index.ts';
import type { PricedUsage } from './price-usage.ts';

export type SideFigures = {
  /** Every model call (ours: main, selector and summariser). */
  readonly calls: number;
  readonly mainCalls: number;
  /** Input side as reported: uncached + cache read + cache write. */
  readonly promptTokens: number;
  readonly inputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly outputTokens: number;
  readonly billedInputUsd: number;
  readonly totalUsd: number;
  /** Main calls after the conversation's first main call, within the TTL of the previous one. */
  readonly cacheEligible: number;
  /** …of which reported cache reads. */
  readonly cacheHits: number;
  readonly overCap: number;
  readonly overWindow: number;
  readonly maxPromptTokens: number;
  readonly failedCalls: number;
  readonly validationErrors: number;
};

export type TalliedCall = {
  readonly at: number;
  readonly usage: Usage;
  readonly promptTokens: number;
  readonly isMain: boolean;
  readonly priced: PricedUsage;
  readonly status?: number;
  readonly validationError?: boolean;
};

export type SideLimits = { readonly cap: number; readonly window: number; readonly ttlMs: number };

export function emptySide(): SideFigures {
  return {
    calls: 0,
    mainCalls: 0,
    promptTokens: 0,
    inputTokens: 0,
    cacheReadInputTokens: 0,
    cacheWriteInputTokens: 0,
    outputTokens: 0,
    billedInputUsd: 0,
    totalUsd: 0,
    cacheEligible: 0,
    cacheHits: 0,
    overCap: 0,
    overWindow: 0,
    maxPromptTokens: 0,
    failedCalls: 0,
    validationErrors: 0,
  };
}

/**
 * Adds one call to `side` (mutated: it is the accumulator of one replay). A failed call counts as a call and, when
 * the model rejected it as invalid, as a validation error; it never counts as a cache miss. Cap, window and cache
 * checks apply to main calls only; `previousAt[key]` remembers the last main call's time for the TTL check.
 */
export function tallyCall(
  side: SideFigures,
  call: TalliedCall,
  previousAt: Partial<Record<string, number>>,
  key: string,
  limits: SideLimits,
): void {
  const target = side as { -readonly [K in keyof SideFigures]: SideFigures[K] };
  target.calls += 1;
  if ((call.status ?? 200) !== 200) {
    target.failedCalls += 1;
    if (call.validationError === true) target.validationErrors += 1;
    return;
  }
  target.promptTokens += call.promptTokens;
  target.inputTokens += call.usage.inputTokens;
  target.cacheReadInputTokens += call.usage.cacheReadInputTokens;
  target.cacheWriteInputTokens += call.usage.cacheWriteInputTokens;
  target.outputTokens += call.usage.outputTokens;
  target.billedInputUsd += call.priced.billedInputUsd;
  target.totalUsd += call.priced.totalUsd;
  if (!call.isMain) return;
  target.mainCalls += 1;
  target.maxPromptTokens = Math.max(target.maxPromptTokens, call.promptTokens);
  if (call.promptTokens > limits.cap) target.overCap += 1;
  if (call.promptTokens > limits.window) target.overWindow += 1;
  const previous = previousAt[key];
  if (previous !== undefined && call.at - previous <= limits.ttlMs) {
    target.cacheEligible += 1;
    if (call.usage.cacheReadInputTokens > 0) target.cacheHits += 1;
  }
  previousAt[key] = call.at;
}

/** Field-by-field sum, except maxPromptTokens (the larger). */
export function addSides(a: SideFigures, b: SideFigures): SideFigures {
  const sum = { ...a } as Record<keyof SideFigures, number>;
  for (const key of Object.keys(b) as (keyof SideFigures)[]) {
    sum[key] = key === 'maxPromptTokens' ? Math.max(a[key], b[key]) : a[key] + b[key];
  }
  return sum as SideFigures;
}
