// Test support: what the store wrote, read straight from its tables (running turns, idempotency keys, asset exposures),
// for assertions the store port has no reason to offer production code.
import type { Database } from '../database.ts';
import { toTurn, TURN_COLUMNS } from '../libsql/map-records.ts';
import { readJson, readNumber, readText, readTextOrNull } from '../libsql/read-row.ts';
import { OWNED, ownerArgs } from '../libsql/store-context.ts';
import type { AssetExposure, ConversationScope, IdempotencyRecord, TurnRecord } from '../store-records.ts';

export type StoreRows = {
  /** Turns still `running`, oldest first. */
  runningTurns(scope: ConversationScope): Promise<readonly TurnRecord[]>;
  /** The key's record, or null when it was never claimed (or was abandoned or purged). */
  idempotency(scope: ConversationScope, key: string): Promise<IdempotencyRecord | null>;
  /** Exposures recorded for one asset session, by message seq. */
  exposures(scope: ConversationScope, sessionId: string): Promise<readonly AssetExposure[]>;
};

export function readStoreRows(database: Database): StoreRows {
  return {
    async runningTurns(scope) {
      const result = await database.read({
        sql:
          `SELECT ${TURN_COLUMNS} FROM turns WHERE status = 'running' AND conversation_id = (SELECT c.id FROM conversations c WHERE ${OWNED}) ORDER BY started_at, id`,
        args: ownerArgs(scope),
      });
      return result.rows.map(toTurn);
    },
    async idempotency(scope, key) {
      const result = await database.read({
        sql:
          'SELECT request_hash, status, response, created_at FROM idempotency_keys WHERE owner_id = ? AND conversation_id = ? AND key = ?',
        args: [scope.ownerId, scope.conversationId, key],
      });
      const row = result.rows[0];
      if (row === undefined) return null;
      return {
        key,
        requestHash: readText(row, 'request_hash'),
        status: row['status'] === 'done' ? 'done' : 'pending',
        response: typeof row['response'] === 'string' ? readJson(row, 'response') : null,
        createdAt: readText(row, 'created_at'),
      };
    },
    async exposures(scope, sessionId) {
      const result = await database.read({
        sql: 'SELECT e.session_id, e.asset_id, e.message_seq, e.tool_use_id, e.created_at FROM asset_exposures e ' +
          `JOIN conversations c ON c.id = e.conversation_id WHERE ${OWNED} AND e.session_id = ? ORDER BY e.message_seq, e.asset_id`,
        args: [...ownerArgs(scope), sessionId],
      });
      return result.rows.map((row) => ({
        sessionId: readText(row, 'session_id'),
        assetId: readText(row, 'asset_id'),
        messageSeq: readNumber(row, 'message_seq'),
        toolUseId: readTextOrNull(row, 'tool_use_id'),
        createdAt: readText(row, 'created_at'),
      }));
    },
  };
}
