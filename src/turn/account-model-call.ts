// Turns one finished model call into its usage-ledger row and its structured log line (never message text).
import { lookupModelFacts } from '../config/models.ts';
import { computeCost, computeSavingPercent, computeUncachedCost } from '../pipeline/cost/index.ts';
import { type CacheMissReason, diagnoseCacheMiss, type PromptFingerprint } from '../pipeline/cost/index.ts';
import { estimateRequestTokens } from '../pipeline/tokens/index.ts';
import { totalInputTokens } from '../pipeline/tokens/index.ts';
import type { ModelReply, PromptRequest } from '../pipeline/types/index.ts';
import type { NewUsageRow, PromptLayers, UsageKind } from '../store/store-records.ts';
import type { Logger } from '../logger.ts';

export type ModelCallRecord = {
  readonly kind: UsageKind;
  readonly request: PromptRequest;
  readonly reply: ModelReply;
  readonly startedAt: Date;
  /** Main calls: estimated input tokens of the naive prompt (full history, every tool, no cache) for the same call. */
  readonly naiveInputTokens?: number;
  readonly fingerprint?: PromptFingerprint;
  /** Main calls: why this call's tool list differs from the previous step's (a find_tools answer), when it does. */
  readonly toolsChangedBy?: 'find-tools';
  /** Main calls: the prompt's layers and cache points (kept in the ledger for the console). */
  readonly layers?: PromptLayers;
};

export type AccountModelCallInput = {
  readonly record: ModelCallRecord;
  readonly turnId: string | null;
  readonly conversationId: string;
  readonly summaryTokens: number;
  readonly previousFingerprint: PromptFingerprint | null;
  readonly finishedAt: Date;
  readonly logger: Logger;
};

export type AccountedCall = { readonly row: NewUsageRow; readonly cacheMissReason: CacheMissReason | null };

/** One ledger row per call; main calls also get the naive counterfactual and, on a miss, its named cause. */
export function accountModelCall(input: AccountModelCallInput): AccountedCall {
  const { record } = input;
  const facts = lookupModelFacts(record.request.modelId);
  const usage = record.reply.usage;
  const costUSD = computeCost(usage, facts.pricePerMillion);
  const naiveInputTokens = record.naiveInputTokens ?? 0;
  // The naive design makes no selector or summariser calls: their counterfactual cost is zero.
  const naiveCostUSD = record.kind === 'main'
    ? computeUncachedCost(naiveInputTokens, usage.outputTokens, facts.pricePerMillion)
    : 0;
  const expectsCache = record.kind === 'main' && record.fingerprint !== undefined;
  const cacheMissReason = expectsCache
    ? diagnoseCacheMiss({
      previous: input.previousFingerprint,
      current: record.fingerprint as PromptFingerprint,
      cacheReadInputTokens: usage.cacheReadInputTokens,
      minCacheTokens: facts.minCacheTokens,
      ...(record.toolsChangedBy === undefined ? {} : { toolsChangedBy: record.toolsChangedBy }),
    })
    : null;
  const estimatedInputTokens = estimateRequestTokens(record.request);
  const row: NewUsageRow = {
    turnId: input.turnId,
    kind: record.kind,
    modelId: record.request.modelId,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadInputTokens: usage.cacheReadInputTokens,
    cacheWriteInputTokens: usage.cacheWriteInputTokens,
    naiveInputTokens,
    estimatedInputTokens,
    costUSD,
    naiveCostUSD,
    cacheMissReason,
    ...(record.layers === undefined ? {} : { promptLayers: record.layers }),
  };
  input.logger.log('info', 'model_call', {
    conversationId: input.conversationId,
    turnId: input.turnId,
    kind: record.kind,
    modelId: record.request.modelId,
    stopReason: record.reply.stopReason,
    inputTokens: usage.inputTokens,
    cacheReadInputTokens: usage.cacheReadInputTokens,
    cacheWriteInputTokens: usage.cacheWriteInputTokens,
    outputTokens: usage.outputTokens,
    estimatedInputTokens,
    reportedInputTokens: totalInputTokens(usage),
    naiveInputTokens,
    summaryTokens: input.summaryTokens,
    costUSD: costUSD,
    naiveCostUSD: naiveCostUSD,
    savingPercent: record.kind === 'main' ? computeSavingPercent(costUSD, naiveCostUSD) : null,
    cacheMissReason,
    latencyMs: input.finishedAt.getTime() - record.startedAt.getTime(),
  });
  return { row, cacheMissReason };
}
