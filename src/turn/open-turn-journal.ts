// The turn journal of a turn with an Idempotency-Key: what an earlier attempt recorded, and how this one records.
import type { ContentBlock, ToolResultBlock } from '../pipeline/types/index.ts';
import type { ConversationScope } from '../store/store-records.ts';
import { hashRequest } from './claim-idempotency-key.ts';
import type { TurnJournal } from './run-model-steps.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/**
 * Loads the steps an earlier attempt with this key and message recorded (none for a first attempt) and returns the
 * journal this attempt replays and extends. A turn without a key has no journal: nothing could ask to replay it.
 */
export async function openTurnJournal(
  deps: TurnDependencies,
  scope: ConversationScope,
  turn: { readonly key: string | undefined; readonly text: string; readonly turnId: string },
): Promise<TurnJournal | undefined> {
  const { key, turnId } = turn;
  if (key === undefined) return undefined;
  const requestHash = await hashRequest(turn.text);
  const steps = await deps.store.loadTurnJournal({ ...scope, key, requestHash });
  if (steps.length > 0) {
    deps.logger.log('info', 'turn_replayed', {
      conversationId: scope.conversationId,
      turnId,
      steps: steps.length,
      toolResults: steps.reduce((sum, step) => sum + step.results.length, 0),
    });
  }
  return {
    steps,
    recordStep: (step: number, assistant: readonly ContentBlock[]) =>
      deps.store.recordJournalStep({ ...scope, key, requestHash, step, turnId, assistant }),
    recordResult: (step: number, result: ToolResultBlock) =>
      deps.store.recordJournalResult({ ...scope, key, step, result }),
  };
}

/** Forgets the journal once the turn is stored (its answer now replays it); a failure is only logged. */
export async function closeTurnJournal(
  deps: TurnDependencies,
  scope: ConversationScope,
  key: string | undefined,
): Promise<void> {
  if (key === undefined) return;
  await deps.store.clearTurnJournal({ ...scope, key }).catch((error: unknown) =>
    deps.logger.log('warn', 'turn_journal_not_cleared', {
      conversationId: scope.conversationId,
      error: error instanceof Error ? error.name : typeof error,
    })
  );
}
