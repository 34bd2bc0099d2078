// Writes a finished turn: its messages, usage, asset session and idempotent answer in one transaction, then the first
// asset exposures (bookkeeping whose failure only costs a repeated asset text).
import { AppError } from '../errors.ts';
import { estimateMessageTokens } from '../pipeline/tokens/index.ts';
import type { Message } from '../pipeline/types/index.ts';
import type { ConversationScope, NewMessage, NewUsageRow, StoredMessage } from '../store/store-records.ts';
import type { TurnResult } from './chat-service.ts';
import type { ModelStepsResult } from './run-model-steps.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

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
  readonly exposures: ModelStepsResult['firstExposures'];
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

export type StoreTurnInput = ConversationScope & {
  readonly turnId: string;
  readonly idempotencyKey: string | undefined;
  readonly session: { readonly id: string; readonly startedAt: string };
  readonly steps: ModelStepsResult;
  readonly usage: readonly NewUsageRow[];
  readonly result: TurnResult;
  /** The conversation's domain tools after this turn, when they changed (stored in the same transaction). */
  readonly selectedTools?: readonly string[];
  /** The order the turn's last request sent them in, when it changed (a find_tools answer added tools). */
  readonly toolOrder?: readonly string[];
};

/**
 * Stores the turn (the answer under `result.message.id`) and releases its lock; returns the stored messages.
 * Throws AppError 'conflict' when the turn lost its lock first (nothing was stored).
 */
export async function storeTurn(deps: TurnDependencies, input: StoreTurnInput): Promise<readonly StoredMessage[]> {
  const scope = { ownerId: input.ownerId, conversationId: input.conversationId };
  const { steps, turnId } = input;
  const completed = await deps.store.completeTurn({
    ...scope,
    turnId,
    messages: toNewMessages(steps.run, steps.finalText, input.result.message.id),
    usage: input.usage,
    session: {
      sessionId: input.session.id,
      sessionStartedAt: input.session.startedAt,
      lastActivityAt: deps.clock().toISOString(),
    },
    ...(input.idempotencyKey === undefined
      ? {}
      : { idempotency: { key: input.idempotencyKey, response: input.result } }),
    ...(input.selectedTools === undefined ? {} : { selectedTools: input.selectedTools }),
    ...(input.toolOrder === undefined ? {} : { toolOrder: input.toolOrder }),
  });
  if (!completed.ok) {
    throw new AppError('conflict', 'this turn lost its lock before it could be stored; send the message again');
  }
  // The turn is stored: what follows is bookkeeping, and its failure must not turn a stored answer into an error.
  if (steps.firstExposures.length > 0) {
    await recordExposures(deps, {
      ...scope,
      turnId,
      sessionId: input.session.id,
      exposures: steps.firstExposures,
      stored: completed.messages,
    });
  }
  return completed.messages;
}
