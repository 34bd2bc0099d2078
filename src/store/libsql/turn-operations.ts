// Turns: finished (complete or failed) with their messages, usage and answer at once; startTurn begins them.
import type { InStatement, InValue } from '@libsql/client';
import type { ConversationStore, FinishTurnInput, TurnWriteResult } from '../conversation-store.ts';
import {
  buildMessageInserts,
  prepareMessages,
  turnRunning,
  withAssignedSeq,
  type WriteGuard,
} from './build-message-inserts.ts';
import { TOOL_SET_CHANGED } from './conversation-operations.ts';
import { writeNames } from './map-records.ts';
import { buildIdempotencyCompletion } from './idempotency-operations.ts';
import { assertConversation, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';
import { buildUsageInsert } from './usage-operations.ts';

type TurnOperations = Pick<ConversationStore, 'completeTurn' | 'failTurn'>;

/**
 * One UPDATE of the conversation row for a finishing turn (null when there is nothing to change): releases the lock if
 * this turn holds it, touches updated_at when messages were appended, and stores the session only under `guard`.
 * Runs before the turn's status flips, so `guard` (the turn is running) still holds for a live turn.
 */
function buildConversationUpdate(
  input: FinishTurnInput,
  options: { at: string; touch: boolean; guard: WriteGuard },
): InStatement | null {
  const assignments: string[] = [];
  const args: InValue[] = [];
  if (input.releaseLock ?? true) {
    assignments.push(
      'turn_lock_owner = CASE WHEN c.turn_lock_owner = ? THEN NULL ELSE c.turn_lock_owner END',
      'turn_lock_until = CASE WHEN c.turn_lock_owner = ? THEN NULL ELSE c.turn_lock_until END',
    );
    args.push(input.turnId, input.turnId);
  }
  if (options.touch) {
    assignments.push('updated_at = ?');
    args.push(options.at);
  }
  if (input.session !== undefined) {
    const { sessionId, sessionStartedAt, lastActivityAt } = input.session;
    for (
      const [column, value] of [['session_id', sessionId], ['session_started_at', sessionStartedAt], [
        'last_activity_at',
        lastActivityAt,
      ]] as const
    ) {
      assignments.push(`${column} = CASE WHEN ${options.guard.sql} THEN ? ELSE c.${column} END`);
      args.push(...options.guard.args, value);
    }
  }
  if (input.selectedTools !== undefined) {
    const tools = writeNames(input.selectedTools, 'selected tools');
    assignments.push(
      `selected_tools = CASE WHEN ${options.guard.sql} THEN ? ELSE c.selected_tools END`,
      `tool_changes = c.tool_changes + (CASE WHEN ${options.guard.sql} THEN ${TOOL_SET_CHANGED} ELSE 0 END)`,
    );
    args.push(...options.guard.args, tools, ...options.guard.args, tools);
  }
  if (input.toolOrder !== undefined) {
    const order = writeNames(input.toolOrder, 'the tool order');
    assignments.push(`tool_order = CASE WHEN ${options.guard.sql} THEN ? ELSE c.tool_order END`);
    args.push(...options.guard.args, order);
  }
  if (assignments.length === 0) return null;
  return {
    sql: `UPDATE conversations AS c SET ${assignments.join(', ')} WHERE ${OWNED}`,
    args: [...args, ...ownerArgs(input)],
  };
}

export function createTurnOperations(context: StoreContext): TurnOperations {
  /** Every write is guarded by "the turn is still running", then the turn's status flips: a zombie turn writes nothing. */
  const finishTurn = async (
    input: FinishTurnInput,
    status: 'complete' | 'failed',
    errorCode: string | null,
  ): Promise<TurnWriteResult> => {
    const at = nowIso(context);
    const guard = turnRunning(input.turnId);
    const messages = prepareMessages(context, input.messages ?? [], input.turnId);
    const statements: InStatement[] = buildMessageInserts(input, messages, guard);
    for (const usage of input.usage ?? []) {
      statements.push(buildUsageInsert(input, { id: context.createId(), usage, at, guard }));
    }
    if (input.idempotency !== undefined) {
      statements.push(buildIdempotencyCompletion(input, input.idempotency.key, input.idempotency.response, guard));
    }
    const conversationUpdate = buildConversationUpdate(input, { at, touch: messages.length > 0, guard });
    if (conversationUpdate !== null) statements.push(conversationUpdate);
    const finishIndex = statements.length;
    statements.push({
      sql: "UPDATE turns SET status = ?, finished_at = ?, error_code = ? WHERE id = ? AND status = 'running' " +
        `AND conversation_id = (SELECT c.id FROM conversations c WHERE ${OWNED}) RETURNING id`,
      args: [status, at, errorCode, input.turnId, ...ownerArgs(input)],
    });
    const results = await context.database.batchWrite(statements);
    if (results[finishIndex]?.rows.length !== 1) {
      await assertConversation(context, input);
      return { ok: false, reason: 'turn_not_running' };
    }
    return { ok: true, messages: withAssignedSeq(messages, results) ?? [] };
  };

  return {
    completeTurn: (input) => finishTurn(input, 'complete', null),
    failTurn: (input) => finishTurn(input, 'failed', input.errorCode),
  };
}
