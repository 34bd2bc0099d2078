// One turn, start to finish: idempotency and the one-turn lock, load → select → call/tools → persist all at once.
import { AppError } from '../errors.ts';
import { estimateMessageTokens } from '../pipeline/estimate-tokens.ts';
import { updateTokenCorrection, totalInputTokens } from '../pipeline/learn-token-correction.ts';
import type { Message } from '../pipeline/prompt-types.ts';
import type { ConversationScope, NewMessage, NewUsageRow, StoredMessage } from '../store/store-records.ts';
import { accountModelCall, type ModelCallRecord } from './account-model-call.ts';
import type { SendMessageInput, TurnEvent, TurnResult } from './chat-service.ts';
import { chooseTools } from './choose-tools.ts';
import { loadTurnContext } from './load-turn-context.ts';
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

type SessionFacts = ConversationScope & {
  readonly turnId: string;
  readonly session: { readonly id: string; readonly startedAt: string };
  readonly exposures: readonly { readonly assetId: string; readonly toolUseId: string; readonly runIndex: number }[];
  readonly stored: readonly StoredMessage[];
};

/** Records first asset exposures and the session's activity; never throws (a failure only costs a repeated asset text). */
async function recordSessionFacts(deps: TurnDependencies, facts: SessionFacts): Promise<void> {
  const scope = { ownerId: facts.ownerId, conversationId: facts.conversationId };
  try {
    for (const exposure of facts.exposures) {
      const seq = facts.stored[exposure.runIndex]?.seq;
      if (seq !== undefined) await deps.store.recordAssetExposure({ ...scope, sessionId: facts.session.id, assetId: exposure.assetId, messageSeq: seq, toolUseId: exposure.toolUseId });
    }
    await deps.store.updateSession({ ...scope, sessionId: facts.session.id, sessionStartedAt: facts.session.startedAt, lastActivityAt: deps.clock().toISOString() });
  } catch (error) {
    deps.logger.log('warn', 'session_facts_not_recorded', { turnId: facts.turnId, error: error instanceof AppError ? error.code : error instanceof Error ? error.name : typeof error });
  }
}

/** Throws AppError: not_found, conflict (turn running / key in use), over_budget, model_* and store_* codes. */
export async function runTurn(deps: TurnDependencies, state: ServiceState, input: SendMessageInput): Promise<TurnResult> {
  const scope = { ownerId: input.userId, conversationId: input.conversationId };
  const conversation = await deps.store.getConversation(scope);
  if (conversation === null) throw new AppError('not_found', 'conversation not found');
  const key = input.idempotencyKey;
  if (key !== undefined) {
    const claim = await deps.store.beginIdempotency({ ...scope, key, requestHash: await hashRequest(input.text), takeOverPendingOlderThanMs: deps.settings.turnLeaseMs });
    if (claim.status === 'done') return claim.response as TurnResult;
    if (claim.status === 'pending') throw new AppError('conflict', 'a request with this Idempotency-Key is still running; retry later');
    if (claim.status === 'mismatch') throw new AppError('conflict', 'this Idempotency-Key was already used with a different message');
  }
  const turnId = deps.createId();
  const startedAt = deps.clock();
  const lock = await deps.store.acquireTurnLock({ ...scope, turnId, now: startedAt, leaseMs: deps.settings.turnLeaseMs });
  if (!lock.ok) {
    if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key });
    throw new AppError('conflict', 'a turn of this conversation is still running; wait for it to finish');
  }
  const calls: ModelCallRecord[] = [];
  const rows: NewUsageRow[] = [];
  const account = (record: ModelCallRecord, summaryTokens: number) => {
    const previousFingerprint = state.fingerprints.get(input.conversationId) ?? null;
    const { row } = accountModelCall({ record, turnId, conversationId: input.conversationId, summaryTokens, previousFingerprint, finishedAt: deps.clock(), logger: deps.logger });
    rows.push(row);
    if (record.kind === 'main' && record.fingerprint !== undefined) {
      state.fingerprints.set(input.conversationId, record.fingerprint);
      state.correction = updateTokenCorrection(state.correction, { modelId: record.request.modelId, estimated: row.estimatedInputTokens, actual: totalInputTokens(record.reply.usage) });
    }
  };
  try {
    const begun = await deps.store.beginTurn({ ...scope, turnId, messages: [] });
    if (!begun.ok) throw new AppError('conflict', 'a turn of this conversation is still running; wait for it to finish');
    const context = await loadTurnContext(deps, scope, conversation, startedAt);
    const chosen = await chooseTools(deps, { text: input.text, recentUserTurns: context.recentUserTurns, previousSelection: conversation.selectedTools });
    if (chosen.call !== null) calls.push(chosen.call);
    const selected = chosen.tools.map((tool) => tool.name);
    if (JSON.stringify(selected) !== JSON.stringify(conversation.selectedTools)) await deps.store.setSelectedTools({ ...scope, tools: selected });
    const steps = await runModelSteps(deps, {
      userId: input.userId, conversationId: input.conversationId,
      userMessage: { role: 'user', content: [{ type: 'text', text: input.text }] },
      summary: context.memory.summary === '' ? null : { text: context.memory.summary },
      storedWindow: context.storedWindow, lastStoredSeq: context.lastStoredSeq, storedHistoryTokens: context.storedHistoryTokens,
      pinnedAssets: context.pinnedAssets, exposedAssets: context.exposedAssets, domainTools: chosen.tools,
      correction: state.correction, onEvent: guardListener(input.onEvent, deps), onCall: (call) => calls.push(call),
    });
    for (const call of calls) account(call, context.memory.summaryTokens);
    const assistantId = deps.createId();
    const result: TurnResult = { message: { id: assistantId, role: 'assistant', text: steps.finalText }, usage: sumTurnUsage(rows) };
    const completed = await deps.store.completeTurn({ ...scope, turnId, messages: toNewMessages(steps.run, steps.finalText, assistantId), usage: rows, ...(key === undefined ? {} : { idempotency: { key, response: result } }) });
    if (!completed.ok) throw new AppError('conflict', 'this turn lost its lock before it could be stored; send the message again');
    // The turn is stored: what follows is bookkeeping, and its failure must not turn a stored answer into an error.
    await recordSessionFacts(deps, { ...scope, turnId, session: context.session, exposures: steps.firstExposures, stored: completed.messages });
    deps.logger.log('info', 'turn', {
      conversationId: input.conversationId, turnId, steps: steps.calls.length, selection: chosen.selection.source, domainTools: selected.length,
      windowMessages: context.storedWindow.length + steps.run.length, summaryTokens: context.memory.summaryTokens,
      ...result.usage, durationMs: deps.clock().getTime() - startedAt.getTime(),
    });
    return result;
  } catch (error) {
    for (const call of calls.slice(rows.length)) account(call, 0);
    const code = error instanceof AppError ? error.code : 'internal';
    await deps.store.failTurn({ ...scope, turnId, errorCode: code, usage: rows }).catch((failure: unknown) => deps.logger.log('error', 'turn_fail_not_recorded', { turnId, error: failure instanceof Error ? failure.name : typeof failure }));
    if (key !== undefined) await deps.store.abandonIdempotency({ ...scope, key }).catch(() => false);
    throw error;
  }
}
