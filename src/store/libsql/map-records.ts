// Maps stored rows to the store's records (and back for JSON columns), validating what came out of the database.
import type { Row } from '@libsql/client';
import type { Role } from '../../pipeline/types/index.ts';
import type {
  ConversationRecord,
  MemoryRecord,
  StoredMessage,
  SummaryGap,
  TurnRecord,
  TurnStatus,
} from '../store-records.ts';
import { parseContent, readJson, readNumber, readNumberOrNull, readText, readTextOrNull } from './read-row.ts';
import { AppError } from '../../errors.ts';

export const CONVERSATION_COLUMNS =
  'c.id, c.owner_id, c.title, c.created_at, c.updated_at, c.session_id, c.session_started_at, c.last_activity_at, ' +
  'c.selected_tools, c.tool_order, c.turn_lock_until, c.turn_lock_owner';
export const MESSAGE_COLUMNS =
  'm.id, m.seq, m.role, m.content, m.text, m.visible, m.token_estimate, m.turn_id, m.created_at';
export const MEMORY_COLUMNS =
  'summary, covers_up_to_seq, version, summary_tokens, gaps, gap_count, unsummarised_messages, updated_at';
export const TURN_COLUMNS = 'id, conversation_id, status, user_message_seq, started_at, finished_at, error_code';

/** `names` as the JSON a tool-list column stores; AppError 'internal' (naming `what`) for an empty or non-text name. */
export function writeNames(names: readonly string[], what: string): string {
  if (!names.every((name) => typeof name === 'string' && name.length > 0)) {
    throw new AppError('internal', `${what} must be non-empty tool names`);
  }
  return JSON.stringify(names);
}

/** A JSON list of tool names, or null; anything else is a malformed row. */
function readNames(row: Row, column: string): string[] | null {
  const names = readTextOrNull(row, column) === null ? null : readJson(row, column);
  if (names !== null && !(Array.isArray(names) && names.every((name) => typeof name === 'string'))) {
    throw new AppError('store_error', `stored row is malformed: ${column} is not a list of names`);
  }
  return names;
}

export function toConversation(row: Row): ConversationRecord {
  const lockOwner = readTextOrNull(row, 'turn_lock_owner');
  const lockUntil = readNumberOrNull(row, 'turn_lock_until');
  const tools = readNames(row, 'selected_tools');
  const order = readNames(row, 'tool_order');
  return {
    id: readText(row, 'id'),
    ownerId: readText(row, 'owner_id'),
    title: readTextOrNull(row, 'title'),
    createdAt: readText(row, 'created_at'),
    updatedAt: readText(row, 'updated_at'),
    sessionId: readTextOrNull(row, 'session_id'),
    sessionStartedAt: readTextOrNull(row, 'session_started_at'),
    lastActivityAt: readTextOrNull(row, 'last_activity_at'),
    selectedTools: tools,
    toolOrder: order,
    turnLock: lockOwner === null || lockUntil === null
      ? null
      : { owner: lockOwner, until: new Date(lockUntil).toISOString() },
  };
}

export function toMessage(row: Row): StoredMessage {
  const role = readText(row, 'role');
  if (role !== 'user' && role !== 'assistant') {
    throw new AppError('store_error', `stored row is malformed: role "${role}"`);
  }
  return {
    id: readText(row, 'id'),
    seq: readNumber(row, 'seq'),
    role: role satisfies Role,
    content: parseContent(readJson(row, 'content'), 'messages.content'),
    text: readText(row, 'text'),
    visible: readNumber(row, 'visible') === 1,
    tokenEstimate: readNumber(row, 'token_estimate'),
    turnId: readTextOrNull(row, 'turn_id'),
    createdAt: readText(row, 'created_at'),
  };
}

export function toMemory(row: Row): MemoryRecord {
  const gaps = readJson(row, 'gaps');
  if (!Array.isArray(gaps)) throw new AppError('store_error', 'stored row is malformed: gaps is not a list');
  return {
    summary: readText(row, 'summary'),
    coversUpToSeq: readNumber(row, 'covers_up_to_seq'),
    version: readNumber(row, 'version'),
    summaryTokens: readNumber(row, 'summary_tokens'),
    gaps: gaps as SummaryGap[],
    gapCount: readNumber(row, 'gap_count'),
    unsummarisedMessages: readNumber(row, 'unsummarised_messages'),
    updatedAt: readText(row, 'updated_at'),
  };
}

export function toTurn(row: Row): TurnRecord {
  return {
    id: readText(row, 'id'),
    conversationId: readText(row, 'conversation_id'),
    status: readText(row, 'status') as TurnStatus,
    userMessageSeq: readNumberOrNull(row, 'user_message_seq'),
    startedAt: readText(row, 'started_at'),
    finishedAt: readTextOrNull(row, 'finished_at'),
    errorCode: readTextOrNull(row, 'error_code'),
  };
}
