// The start of a turn in one transaction: take the lock, begin the turn, and read everything the turn needs.
import type { InStatement } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ConversationStore, StartTurnResult } from '../conversation-store.ts';
import type { ConversationScope } from '../store-records.ts';
import {
  CONVERSATION_COLUMNS,
  MEMORY_COLUMNS,
  MESSAGE_COLUMNS,
  toConversation,
  toMemory,
  toMessage,
} from './map-records.ts';
import { readNumber, readText, readTextOrNull } from './read-row.ts';
import { notFound, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

type TurnStartOperations = Pick<ConversationStore, 'startTurn' | 'renewTurnLock'>;

/** The lease's start and end (epoch ms); AppError 'internal' for an invalid Date or a lease that is not a positive integer. */
function checkLease(input: { readonly now: Date; readonly leaseMs: number }): { now: number; until: number } {
  const now = input.now.getTime();
  if (!Number.isFinite(now)) throw new AppError('internal', 'now must be a valid Date');
  if (!Number.isSafeInteger(input.leaseMs) || input.leaseMs <= 0) {
    throw new AppError('internal', `leaseMs must be a positive integer, got ${String(input.leaseMs)}`);
  }
  return { now, until: now + input.leaseMs };
}

/** The refusal when someone else holds the lock (with its expiry); not_found when the conversation is not the owner's. */
async function readLockConflict(
  context: StoreContext,
  scope: ConversationScope,
): Promise<Extract<StartTurnResult, { ok: false }>> {
  const current = await context.database.read({
    sql: `SELECT c.turn_lock_until FROM conversations c WHERE ${OWNED}`,
    args: ownerArgs(scope),
  });
  const row = current.rows[0];
  if (row === undefined) throw notFound();
  const held = row['turn_lock_until'];
  return { ok: false, reason: 'conflict', lockedUntil: typeof held === 'number' ? new Date(held).toISOString() : null };
}

/** How many of the latest user messages' times a turn reads (their gaps choose the cache TTL). */
const RECENT_USER_TIMES = 20;
/** How many of the deployment's latest turn starts a turn reads (their gaps choose the shared prefix's cache TTL). */
const RECENT_TURN_STARTS = 20;
/** How many of the deployment's latest conversations that ran a domain tool a turn reads (their staples). */
export const RECENT_RAN_TOOLS = 50;

/** The conversation of the scope, only once `turnId` holds its lock (so a refused lock reads nothing). */
const LOCKED = `(SELECT c.id FROM conversations c WHERE ${OWNED} AND c.turn_lock_owner = ?)`;

/**
 * Every conversation's turns, only their start times, newest first, without the turn being started; args: its id and
 * the LOCKED ones. The standard tools' cached prefix is the same for all conversations, so the gaps between any two
 * turns choose its TTL (pipeline/cache-ttl). Served by the turns_by_start index (migration 0013).
 */
export const RECENT_TURN_STARTS_SQL =
  `SELECT t.started_at FROM turns t WHERE t.id <> ? AND ${LOCKED} IS NOT NULL ORDER BY t.started_at DESC ` +
  `LIMIT ${RECENT_TURN_STARTS}`;

/**
 * The tools the latest other conversations that ran a domain tool have run, latest first; args: the LOCKED ones twice.
 * Served by the conversations_by_tool_use index (migration 0014).
 */
export const RECENT_RAN_TOOLS_SQL = 'SELECT o.ran_tools, o.late_tools FROM conversations o ' +
  `WHERE o.tools_ran_at IS NOT NULL AND ${LOCKED} IS NOT NULL AND o.id <> ${LOCKED} ` +
  `ORDER BY o.tools_ran_at DESC LIMIT ${RECENT_RAN_TOOLS}`;

/** A stored JSON list of names, or nothing when it is not one (a row another version wrote). */
function readRanTools(text: unknown): readonly string[] {
  if (typeof text !== 'string') return [];
  try {
    const names: unknown = JSON.parse(text);
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

export function createTurnStartOperations(context: StoreContext): TurnStartOperations {
  return {
    async startTurn(input) {
      const { now, until } = checkLease(input);
      const at = input.now.toISOString();
      const locked = [...ownerArgs(input), input.turnId];
      const statements: InStatement[] = [
        {
          sql:
            `UPDATE conversations AS c SET turn_lock_owner = ?, turn_lock_until = ? WHERE ${OWNED} AND (c.turn_lock_owner IS NULL ` +
            `OR c.turn_lock_until IS NULL OR c.turn_lock_until <= ? OR c.turn_lock_owner = ?) RETURNING ${
              CONVERSATION_COLUMNS.replaceAll('c.', '')
            }`,
          args: [input.turnId, until, ...ownerArgs(input), now, input.turnId],
        },
        {
          // Only one turn runs at a time, so once we hold the lock any other running turn was left by an expired holder.
          sql:
            `UPDATE turns SET status = 'failed', error_code = 'abandoned', finished_at = ? WHERE status = 'running' AND id <> ? AND conversation_id = ${LOCKED} RETURNING id`,
          args: [at, input.turnId, ...locked],
        },
        {
          sql:
            `INSERT INTO turns (id, conversation_id, status, user_message_seq, started_at) SELECT ?, ${LOCKED}, 'running', NULL, ? WHERE ${LOCKED} IS NOT NULL RETURNING id`,
          args: [input.turnId, ...locked, at, ...locked],
        },
        {
          sql:
            `SELECT ${MEMORY_COLUMNS}, (SELECT COALESCE(SUM(m.token_estimate), 0) FROM messages m WHERE m.conversation_id = conversation_memory.conversation_id) AS history_tokens, ` +
            '(SELECT COALESCE(MAX(m.seq), 0) FROM messages m WHERE m.conversation_id = conversation_memory.conversation_id) AS last_seq, ' +
            // How often the cached prefix moved anyway, for the cache TTL: user turns so far and tool-selection changes.
            "(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = conversation_memory.conversation_id AND m.visible = 1 AND m.role = 'user') AS user_messages, " +
            '(SELECT c.tool_changes FROM conversations c WHERE c.id = conversation_memory.conversation_id) AS tool_changes ' +
            `FROM conversation_memory WHERE conversation_id = ${LOCKED}`,
          args: locked,
        },
        {
          sql:
            `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversation_memory cm ON cm.conversation_id = m.conversation_id ` +
            `WHERE m.conversation_id = ${LOCKED} AND m.seq > cm.covers_up_to_seq ORDER BY m.seq`,
          args: locked,
        },
        {
          sql:
            'SELECT e.session_id, e.asset_id, e.message_seq, e.tool_use_id, e.created_at FROM asset_exposures e JOIN conversations c ON c.id = e.conversation_id ' +
            `WHERE ${OWNED} AND c.turn_lock_owner = ? AND e.session_id = c.session_id ORDER BY e.message_seq, e.asset_id`,
          args: locked,
        },
        {
          // The gaps between user messages choose the cache TTL (pipeline/cache-ttl); the visible-message index serves it.
          sql:
            `SELECT m.created_at FROM messages m WHERE m.conversation_id = ${LOCKED} AND m.visible = 1 AND m.role = 'user' ` +
            `ORDER BY m.seq DESC LIMIT ${RECENT_USER_TIMES}`,
          args: locked,
        },
        { sql: RECENT_TURN_STARTS_SQL, args: [input.turnId, ...locked] },
        { sql: RECENT_RAN_TOOLS_SQL, args: [...locked, ...locked] },
      ];
      const [taken, abandoned, begun, memory, uncovered, exposures, userTimes, turnStarts, ranTools] = await context
        .database.batchWrite(statements);
      const conversationRow = taken?.rows[0];
      const memoryRow = memory?.rows[0];
      if (conversationRow === undefined) return readLockConflict(context, input);
      if (begun?.rows.length !== 1) throw new AppError('store_error', 'the turn could not be started');
      if (memoryRow === undefined) throw new AppError('store_error', 'stored conversation has no memory row');
      return {
        ok: true,
        conversation: toConversation(conversationRow),
        abandonedTurnIds: (abandoned?.rows ?? []).map((row) => String(row['id'])),
        memory: toMemory(memoryRow),
        uncovered: (uncovered?.rows ?? []).map(toMessage),
        lastSeq: readNumber(memoryRow, 'last_seq'),
        historyTokens: readNumber(memoryRow, 'history_tokens'),
        sessionExposures: (exposures?.rows ?? []).map((row) => ({
          sessionId: readText(row, 'session_id'),
          assetId: readText(row, 'asset_id'),
          messageSeq: readNumber(row, 'message_seq'),
          toolUseId: readTextOrNull(row, 'tool_use_id'),
          createdAt: readText(row, 'created_at'),
        })),
        recentUserTimes: (userTimes?.rows ?? []).map((row) => readText(row, 'created_at')).reverse(),
        recentTurnStarts: (turnStarts?.rows ?? []).map((row) => readText(row, 'started_at')).reverse(),
        recentRanTools: (ranTools?.rows ?? []).map((row) => ({
          ran: readRanTools(row['ran_tools']),
          late: readRanTools(row['late_tools']),
        })),
        userMessageCount: readNumber(memoryRow, 'user_messages'),
        toolChanges: readNumber(memoryRow, 'tool_changes'),
      };
    },
    async renewTurnLock(input) {
      const { until } = checkLease(input);
      const result = await context.database.write({
        sql: `UPDATE conversations AS c SET turn_lock_until = ? WHERE ${OWNED} AND c.turn_lock_owner = ? RETURNING id`,
        args: [until, ...ownerArgs(input), input.turnId],
      });
      return result.rows.length > 0 ? { ok: true, lockedUntil: new Date(until).toISOString() } : { ok: false };
    },
  };
}
