// Builds the INSERTs that append messages with the next seq, guarded so they land only when the turn may write.
import type { InStatement, InValue, ResultSet } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ConversationScope, NewMessage, StoredMessage } from '../store-records.ts';
import { parseContent } from './read-row.ts';
import { checkCount, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

/** An extra SQL condition on `conversations c` that every insert of one write must satisfy. */
export type WriteGuard = { readonly sql: string; readonly args: readonly InValue[] };

export const ALWAYS: WriteGuard = { sql: '1', args: [] };

export function turnRunning(turnId: string): WriteGuard {
  return {
    sql: "EXISTS (SELECT 1 FROM turns t WHERE t.id = ? AND t.conversation_id = c.id AND t.status = 'running')",
    args: [turnId],
  };
}

/** Validates messages (AppError 'internal' for a malformed one) and fixes their ids, text, turn and time. */
export function prepareMessages(
  context: StoreContext,
  messages: readonly NewMessage[],
  turnId: string | null,
): StoredMessage[] {
  const createdAt = context.clock().toISOString();
  return messages.map((message, index) => {
    const where = `message ${index + 1}`;
    if (message.role !== 'user' && message.role !== 'assistant') {
      throw new AppError('internal', `${where}: role must be user or assistant`);
    }
    const content = parseContent(message.content, `${where} content`, 'internal');
    if (content.length === 0) throw new AppError('internal', `${where}: content must not be empty`);
    if (message.id !== undefined && (message.id.length === 0 || message.id.length > 200)) {
      throw new AppError('internal', `${where}: id must be 1 to 200 characters`);
    }
    const text = message.text ?? content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
    return {
      id: message.id ?? context.createId(),
      seq: 0,
      role: message.role,
      content,
      text,
      visible: message.visible,
      tokenEstimate: checkCount(message.tokenEstimate, `${where} tokenEstimate`),
      turnId,
      createdAt,
    };
  });
}

/** One INSERT … RETURNING seq per message, in order; each takes MAX(seq) + 1 inside the same transaction. */
export function buildMessageInserts(
  scope: ConversationScope,
  messages: readonly StoredMessage[],
  guard: WriteGuard,
): InStatement[] {
  return messages.map((message) => ({
    sql:
      'INSERT INTO messages (id, conversation_id, seq, role, content, text, visible, token_estimate, turn_id, created_at) ' +
      'SELECT ?, c.id, COALESCE((SELECT MAX(m.seq) FROM messages m WHERE m.conversation_id = c.id), 0) + 1, ?, ?, ?, ?, ?, ?, ? ' +
      `FROM conversations c WHERE ${OWNED} AND (${guard.sql}) RETURNING seq`,
    args: [
      message.id,
      message.role,
      JSON.stringify(message.content),
      message.text,
      message.visible ? 1 : 0,
      message.tokenEstimate,
      message.turnId,
      message.createdAt,
      ...ownerArgs(scope),
      ...guard.args,
    ],
  }));
}

/** The prepared messages with the seq each insert returned; null when the guard stopped them. */
export function withAssignedSeq(
  messages: readonly StoredMessage[],
  results: readonly ResultSet[],
): StoredMessage[] | null {
  const assigned: StoredMessage[] = [];
  for (const [index, message] of messages.entries()) {
    const seq = results[index]?.rows[0]?.['seq'];
    if (typeof seq !== 'number' && typeof seq !== 'bigint') return null;
    assigned.push({ ...message, seq: Number(seq) });
  }
  return assigned;
}
