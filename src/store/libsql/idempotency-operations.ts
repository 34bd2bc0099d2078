// Idempotency keys: an atomic claim per (owner, conversation, key), then the stored answer a retry gets back.
import type { InStatement, Row } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope, IdempotencyRecord } from '../store-records.ts';
import { ALWAYS, type WriteGuard } from './build-message-inserts.ts';
import { readJson, readText } from './read-row.ts';
import { assertConversation, notFound, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

const MAX_KEY_LENGTH = 200;
const KEY_WHERE = 'owner_id = ? AND conversation_id = ? AND key = ?';

type IdempotencyOperations = Pick<
  ConversationStore,
  'beginIdempotency' | 'abandonIdempotency'
>;

function keyArgs(scope: ConversationScope, key: string): [string, string, string] {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new AppError('bad_request', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return [scope.ownerId, scope.conversationId, key];
}

/** The UPDATE marking `key` done with `response` (JSON), landing only under `guard`. */
export function buildIdempotencyCompletion(
  scope: ConversationScope,
  key: string,
  response: unknown,
  guard: WriteGuard = ALWAYS,
): InStatement {
  const json = JSON.stringify(response) as string | undefined;
  if (json === undefined) throw new AppError('internal', 'an idempotent response must be JSON-serialisable');
  return {
    sql:
      `UPDATE idempotency_keys SET status = 'done', response = ? WHERE ${KEY_WHERE} AND EXISTS (SELECT 1 FROM conversations c WHERE ${OWNED} AND (${guard.sql})) RETURNING key`,
    args: [json, ...keyArgs(scope, key), ...ownerArgs(scope), ...guard.args],
  };
}

function toRecord(key: string, row: Row): IdempotencyRecord {
  const response = row['response'];
  return {
    key,
    requestHash: readText(row, 'request_hash'),
    status: row['status'] === 'done' ? 'done' : 'pending',
    response: typeof response === 'string' ? readJson(row, 'response') : null,
    createdAt: readText(row, 'created_at'),
  };
}

export function createIdempotencyOperations(context: StoreContext): IdempotencyOperations {
  const select = (scope: ConversationScope, key: string): InStatement => ({
    sql: `SELECT request_hash, status, response, created_at FROM idempotency_keys WHERE ${KEY_WHERE}`,
    args: keyArgs(scope, key),
  });

  return {
    async beginIdempotency(input) {
      const now = context.clock();
      const statements: InStatement[] = [];
      if (input.takeOverPendingOlderThanMs !== undefined) {
        const cutoff = new Date(now.getTime() - input.takeOverPendingOlderThanMs).toISOString();
        statements.push({
          sql: `DELETE FROM idempotency_keys WHERE ${KEY_WHERE} AND status = 'pending' AND created_at < ?`,
          args: [...keyArgs(input, input.key), cutoff],
        });
      }
      statements.push({
        sql:
          'INSERT INTO idempotency_keys (owner_id, conversation_id, key, request_hash, response, status, created_at) ' +
          `SELECT c.owner_id, c.id, ?, ?, NULL, 'pending', ? FROM conversations c WHERE ${OWNED} ON CONFLICT DO NOTHING RETURNING key`,
        args: [input.key, input.requestHash, now.toISOString(), ...ownerArgs(input)],
      });
      statements.push(select(input, input.key));
      const results = await context.database.batchWrite(statements);
      if ((results.at(-2)?.rows.length ?? 0) > 0) return { status: 'started' };
      const row = results.at(-1)?.rows[0];
      if (row === undefined) throw notFound();
      const record = toRecord(input.key, row);
      if (record.requestHash !== input.requestHash) return { status: 'mismatch' };
      return record.status === 'done'
        ? { status: 'done', response: record.response }
        : { status: 'pending', createdAt: record.createdAt };
    },

    async abandonIdempotency(input) {
      const result = await context.database.write({
        sql: `DELETE FROM idempotency_keys WHERE ${KEY_WHERE} AND status = 'pending' RETURNING key`,
        args: keyArgs(input, input.key),
      });
      if (result.rows.length > 0) return true;
      await assertConversation(context, input);
      return false;
    },
  };
}
