// The one usage shape of tokenwise: token counts as Bedrock reports them plus what they cost, from one model call to the
// ledger, the turn's answer, a conversation's totals and GET /v1/usage (the same names and casing everywhere).

/** Tokens and cost of one or more model calls. `inputTokens` is only the uncached remainder; costs are USD. */
export type BilledUsage = {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly costUSD: number;
  /** What the naive design (full history, every tool, no cache) would have cost for the same calls. */
  readonly naiveCostUSD: number;
};

/** Adds up usage figures (an empty list is all zeros). */
export function sumBilledUsage(items: readonly BilledUsage[]): BilledUsage {
  const total = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheWriteInputTokens: 0,
    costUSD: 0,
    naiveCostUSD: 0,
  };
  for (const item of items) {
    total.inputTokens += item.inputTokens;
    total.outputTokens += item.outputTokens;
    total.cacheReadInputTokens += item.cacheReadInputTokens;
    total.cacheWriteInputTokens += item.cacheWriteInputTokens;
    total.costUSD += item.costUSD;
    total.naiveCostUSD += item.naiveCostUSD;
  }
  return total;
}

/** Exactly the BilledUsage fields of a larger record (what the API returns, nothing a record may add later). */
export function pickBilledUsage(usage: BilledUsage): BilledUsage {
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadInputTokens: usage.cacheReadInputTokens,
    cacheWriteInputTokens: usage.cacheWriteInputTokens,
    costUSD: usage.costUSD,
    naiveCostUSD: usage.naiveCostUSD,
  };
}
