// After a reply, off the hot path: summarise the chunk that leaves the window and save it under a version check.
import { applySummary, type ApplySummaryResult } from '../pipeline/summary/index.ts';
import { planSummary } from '../pipeline/summary/index.ts';
import { slideWindow, type WindowMessage } from '../pipeline/window/index.ts';
import type { ModelReply, PromptRequest } from '../pipeline/types/index.ts';
import type { ConversationScope } from '../store/store-records.ts';
import { accountModelCall } from './account-model-call.ts';
import type { TurnDependencies, TurnSettings } from './turn-dependencies.ts';

export type RefreshSummaryResult = 'unchanged' | 'saved' | 'stale' | 'gap';

/** With this many uncovered messages even a failed summary advances coverage, so the window stays bounded. */
const FORCE_COVERAGE_FACTOR = 2;

/**
 * True when refreshSummary, run on exactly these uncovered messages, would summarise something: the one rule for both
 * the refresh itself and the turn deciding whether to schedule one. A turn that sees false may skip the refresh: the
 * messages it knows of are everything uncovered (turns are serialised by the lock), and until the next turn (which
 * decides again) coverage can only advance to a safe boundary, whose suffix has nothing to evict either.
 */
export function isSummaryDue(
  settings: Pick<TurnSettings, 'windowMin' | 'windowMax'>,
  uncovered: readonly WindowMessage[],
): boolean {
  return slideWindow({ messages: uncovered, min: settings.windowMin, max: settings.windowMax }).evict.length > 0;
}

async function callSummariser(
  deps: TurnDependencies,
  scope: ConversationScope,
  request: PromptRequest,
  summaryTokens: number,
): Promise<{ reply?: ModelReply; error?: unknown }> {
  const startedAt = deps.clock();
  let reply: ModelReply;
  try {
    reply = await deps.models.converse(request);
  } catch (error) {
    deps.logger.log('warn', 'summariser_failed', {
      conversationId: scope.conversationId,
      error: error instanceof Error ? error.name : typeof error,
    });
    return { error };
  }
  // Outside the try: a ledger failure is a store failure (it propagates), never a reason to throw a good summary away.
  const { row } = accountModelCall({
    record: { kind: 'summariser', request, reply, startedAt },
    turnId: null,
    conversationId: scope.conversationId,
    summaryTokens,
    previousFingerprint: null,
    finishedAt: deps.clock(),
    logger: deps.logger,
  });
  await deps.store.recordUsage({ ...scope, usage: row });
  return { reply };
}

/**
 * Never throws for a model failure (the gap is recorded instead); store failures propagate to the caller's logger.
 * A stale save (another update won) writes nothing: a newer summary is never overwritten.
 */
export async function refreshSummary(deps: TurnDependencies, scope: ConversationScope): Promise<RefreshSummaryResult> {
  const memory = await deps.store.loadMemory(scope);
  const uncovered = await deps.store.loadUncovered({ ...scope, afterSeq: memory.coversUpToSeq });
  const messages = uncovered.map((message) => ({
    seq: message.seq,
    message: { role: message.role, content: message.content },
  }));
  if (!isSummaryDue(deps.settings, messages)) return 'unchanged';
  const { evict } = slideWindow({ messages, min: deps.settings.windowMin, max: deps.settings.windowMax });
  const plan = planSummary({
    previousSummary: memory.summary === '' ? null : { text: memory.summary, coversUpToSeq: memory.coversUpToSeq },
    evicted: evict,
    capTokens: deps.settings.summaryMaxTokens,
    modelId: deps.settings.cheapModelId,
  });
  if (plan.kind === 'none') return 'unchanged';
  const first = await callSummariser(deps, scope, plan.request, memory.summaryTokens);
  let result: ApplySummaryResult = applySummary({ plan, ...first, attempt: 1 });
  if (!result.ok && 'retry' in result) {
    const second = await callSummariser(deps, scope, result.retry, memory.summaryTokens);
    result = applySummary({ plan, ...second, attempt: 2 });
  }
  if (result.ok) {
    const saved = await deps.store.saveMemory({
      ...scope,
      expectedVersion: memory.version,
      summary: result.summary.text,
      coversUpToSeq: result.summary.coversUpToSeq,
      summaryTokens: result.summary.tokens,
    });
    deps.logger.log('info', 'summary_updated', {
      conversationId: scope.conversationId,
      summaryTokens: result.summary.tokens,
      coversUpToSeq: result.summary.coversUpToSeq,
      stale: !saved.ok,
    });
    return saved.ok ? 'saved' : 'stale';
  }
  if (!('gap' in result)) return 'gap';
  const advance = uncovered.length > deps.settings.windowMax * FORCE_COVERAGE_FACTOR;
  const firstSeq = evict[0]?.seq ?? memory.coversUpToSeq + 1;
  const gap = await deps.store.recordGap({
    ...scope,
    expectedVersion: memory.version,
    reason: result.gap.reason,
    fromSeq: firstSeq,
    toSeq: result.gap.coversUpToSeq,
    advanceCoverage: advance,
  });
  deps.logger.log('warn', 'summary_gap', {
    conversationId: scope.conversationId,
    reason: result.gap.reason,
    fromSeq: firstSeq,
    toSeq: result.gap.coversUpToSeq,
    advancedCoverage: advance,
    stale: !gap.ok,
  });
  return gap.ok ? 'gap' : 'stale';
}
