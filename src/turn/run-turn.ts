// One turn, start to finish: idempotency and the one-turn lock, load → select → call/tools → persist all at once.
import { AppError } from '../errors.ts';
import { estimateMessageTokens } from '../pipeline/tokens/index.ts';
import { totalInputTokens, updateTokenCorrection } from '../pipeline/tokens/index.ts';
import type { Message } from '../pipeline/types/index.ts';
import type { ConversationScope, NewMessage, NewUsageRow, StoredMessage } from '../store/store-records.ts';
import { accountModelCall, type ModelCallRecord } from './account-model-call.ts';
import type { SendMessageInput, TurnEvent, TurnResult } from './chat-service.ts';
import { chooseTools } from './choose-tools.ts';
import { createBudgetGuard } from './guard-budget.ts';
import { listCalledTools } from '../pipeline/tool-selection/index.ts';
import { loadTurnContext } from './load-turn-context.ts';
import { isSummaryDue } from './refresh-summary.ts';
import { runModelSteps } from './run-model-steps.ts';
import type { ServiceState } from './service-state.ts';
import { sumTurnUsage } from './sum-turn-usage.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

async function hashRequest(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A client that went away must not stop the turn: the first throw mutes the listener for the rest of the turn. */
function guardListener(listener: SendMessageInput['onEvent'], deps: TurnDependencies): (event: TurnEvent) => void {
  if (listener === undefined) return () => {};
  let muted = false;
  return (event) => {
    if (muted) return;
    try {
      listener(event);
    } catch (error) {
      muted = true;
      deps.logger.log('warn', 'turn_listener_failed', { error: error instanceof Error ? error.name : typeof error });
    }
  };
}

function toNewMessages(run: readonly Message[], finalText: string, assistantId: string): NewMessage[] {
  const last = run.length - 1;
  return run.map((message, index) => {
    const visible = index === 0 || index === last;
    return {
      ...(index === last ? { id: assistantId } : {}),
      role: message.role,
      content: message.content,
      ...(index === last ? { text: finalText } : visible ? {} : { text: '' }),
      visible,
      tokenEstimate: estimateMessageTokens(message),
    };
  });
}

type ExposureFacts = ConversationScope & {
  readonly turnId: string;
  readonly sessionId: string;
  readonly exposures: readonly { readonly assetId: string; readonly toolUseId: string; readonly runIndex: number }[];
  readonly stored: readonly StoredMessage[];
};

/** Records first asset exposures; never throws (a failure only costs a repeated asset text). */
async function recordExposures(deps: TurnDependencies, facts: ExposureFacts): Promise<void> {
  const scope = { ownerId: facts.ownerId, conversationId: facts.conversationId };
  try {
    for (const exposure of facts.exposures) {
      const seq = facts.stored[exposure.runIndex]?.seq;
      if (seq !== undefined) {
        await deps.store.recordAssetExposure({
          ...scope,
          sessionId: facts.sessionId,
          assetId: exposure.assetId,
          messageSeq: seq,
          toolUseId: exposure.toolUseId,
        });
      }
    }
  } catch (error) {
    deps.logger.log('warn', 'session_facts_not_recorded', {
      turnId: facts.turnId,
      error: error instanceof AppError ? error.code : error instanceof Error ? error.name : typeof error,
    });
  }
}

/** A finished turn: the answer, and whether its messages pushed a chunk out of the window (a summary refresh is due). */
export type TurnOutcome = { readonly result: TurnResult; readonly summaryDue: boolean };

/** Throws AppError: not_found, conflict (turn running / key in use), over_budget, model_* and store_* codes. */
export async function runTurn(
  deps: TurnDependencies,
  state: ServiceState,
  input: SendMessageInput,
): Promise<TurnOutcome> {
  const scope = { ownerId: input.userId, conversationId: input.conversationId };
  const key = input.idempotencyKey;
  if (key !== undefined) {
    const claim = await deps.store.beginIdempotency({
      ...scope,
      key,
      requestHash: await hashRequest(input.text),
      takeOverPendingOlderThanMs: deps.settings.turnLeaseMs,
    });
    if (claim.status === 'done') return { result: claim.response as TurnResult, summaryDue: false };
    if (claim.status === 'pending') {
      throw new AppError('conflict', 'a request with this Idempotency-Key is still running; retry later');
    }
    if (claim.status === 'mismatch') {
      throw new AppError('conflict', 'this Idempotency-Key was already used with a different message');
    }
  }
  const turnId = deps.createId();
  const startedAt = deps.clock();
  // One transaction takes the lock, begins the turn and reads what the turn needs (not_found for a foreign conversation).
  const started = await deps.store.startTurn({ ...scope, turnId, now: startedAt, leaseMs: deps.settings.turnLeaseMs })
    .catch(async (error: unknown) => {
      // Nothing of the turn was stored (one transaction): free the key so a retry can run.
      if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key }).catch(() => false);
      throw error;
    });
  if (!started.ok) {
    if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key });
    throw new AppError('conflict', 'a turn of this conversation is still running; wait for it to finish');
  }
  const calls: ModelCallRecord[] = [];
  const rows: NewUsageRow[] = [];
  const account = (record: ModelCallRecord, summaryTokens: number) => {
    const previousFingerprint = state.fingerprints.get(input.conversationId) ?? null;
    const { row } = accountModelCall({
      record,
      turnId,
      conversationId: input.conversationId,
      summaryTokens,
      previousFingerprint,
      finishedAt: deps.clock(),
      logger: deps.logger,
    });
    rows.push(row);
    if (record.kind === 'main' && record.fingerprint !== undefined) {
      state.fingerprints.set(input.conversationId, record.fingerprint);
      state.correction = updateTokenCorrection(state.correction, {
        modelId: record.request.modelId,
        estimated: row.estimatedInputTokens,
        actual: totalInputTokens(record.reply.usage),
      });
    }
  };
  try {
    const { conversation } = started;
    const budget = createBudgetGuard(deps, scope, () => calls);
    await budget.admit();
    const context = await loadTurnContext(deps, scope, started, startedAt);
    const chosen = await chooseTools(deps, {
      text: input.text,
      recentUserTurns: context.recentUserTurns,
      previousSelection: conversation.selectedTools,
      calledTools: listCalledTools(context.storedWindow.map((entry) => entry.message)),
    });
    if (chosen.call !== null) calls.push(chosen.call);
    const selected = chosen.tools.map((tool) => tool.name);
    if (JSON.stringify(selected) !== JSON.stringify(conversation.selectedTools)) {
      await deps.store.setSelectedTools({ ...scope, tools: selected });
    }
    const steps = await runModelSteps(deps, {
      userId: input.userId,
      conversationId: input.conversationId,
      userMessage: { role: 'user', content: [{ type: 'text', text: input.text }] },
      summary: context.memory.summary === '' ? null : { text: context.memory.summary },
      storedWindow: context.storedWindow,
      lastStoredSeq: context.lastStoredSeq,
      storedHistoryTokens: context.storedHistoryTokens,
      pinnedAssets: context.pinnedAssets,
      exposedAssets: context.exposedAssets,
      domainTools: chosen.tools,
      correction: state.correction,
      onEvent: guardListener(input.onEvent, deps),
      onCall: (call) => calls.push(call),
      beforeCall: budget.beforeCall,
    });
    for (const call of calls) account(call, context.memory.summaryTokens);
    const assistantId = deps.createId();
    const result: TurnResult = {
      message: { id: assistantId, role: 'assistant', text: steps.finalText },
      usage: sumTurnUsage(rows),
    };
    const session = {
      sessionId: context.session.id,
      sessionStartedAt: context.session.startedAt,
      lastActivityAt: deps.clock().toISOString(),
    };
    const completed = await deps.store.completeTurn({
      ...scope,
      turnId,
      messages: toNewMessages(steps.run, steps.finalText, assistantId),
      usage: rows,
      session,
      ...(key === undefined ? {} : { idempotency: { key, response: result } }),
    });
    if (!completed.ok) {
      throw new AppError('conflict', 'this turn lost its lock before it could be stored; send the message again');
    }
    // The turn is stored: what follows is bookkeeping, and its failure must not turn a stored answer into an error.
    if (steps.firstExposures.length > 0) {
      await recordExposures(deps, {
        ...scope,
        turnId,
        sessionId: context.session.id,
        exposures: steps.firstExposures,
        stored: completed.messages,
      });
    }
    const afterTurn = [
      ...context.uncovered,
      ...completed.messages.map((message) => ({
        seq: message.seq,
        message: { role: message.role, content: message.content },
      })),
    ];
    deps.logger.log('info', 'turn', {
      conversationId: input.conversationId,
      turnId,
      steps: steps.calls.length,
      selection: chosen.selection.source,
      domainTools: selected.length,
      windowMessages: context.storedWindow.length + steps.run.length,
      summaryTokens: context.memory.summaryTokens,
      ...result.usage,
      durationMs: deps.clock().getTime() - startedAt.getTime(),
    });
    return { result, summaryDue: isSummaryDue(deps.settings, afterTurn) };
  } catch (error) {
    for (const call of calls.slice(rows.length)) account(call, 0);
    const code = error instanceof AppError ? error.code : 'internal';
    await deps.store.failTurn({ ...scope, turnId, errorCode: code, usage: rows }).catch((failure: unknown) =>
      deps.logger.log('error', 'turn_fail_not_recorded', {
        turnId,
        error: failure instanceof Error ? failure.name : typeof failure,
      })
    );
    if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key }).catch(() => false);
    throw error;
  }
}
