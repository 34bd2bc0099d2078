// The turn journal: each model step that asked for tools and each tool result, recorded under the turn's
// Idempotency-Key before the next model step, so a retry replays them instead of running the tools again.
import type { InStatement } from '@libsql/client';
import type { ContentBlock, ToolResultBlock } from '../../pipeline/types/index.ts';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope, JournalStep } from '../store-records.ts';
import { readJson, readNumber, readText } from './read-row.ts';
import { OWNED, ownerArgs, type StoreContext } from './store-context.ts';

type TurnJournalOperations = Pick<
  ConversationStore,
  'recordJournalStep' | 'recordJournalResult' | 'loadTurnJournal' | 'clearTurnJournal'
>;

const KEY_WHERE = 'owner_id = ? AND conversation_id = ? AND idempotency_key = ?';

function keyArgs(scope: ConversationScope, key: string): [string, string, string] {
  return [scope.ownerId, scope.conversationId, key];
}

function toJson(value: unknown): string {
  return JSON.stringify(value) as string;
}

export function createTurnJournalOperations(context: StoreContext): TurnJournalOperations {
  const clear = (scope: ConversationScope, key: string): InStatement => ({
    sql: `DELETE FROM turn_journal WHERE ${KEY_WHERE}`,
    args: keyArgs(scope, key),
  });
  return {
    async recordJournalStep(input) {
      await context.database.write({
        sql: 'INSERT INTO turn_journal (owner_id, conversation_id, idempotency_key, request_hash, step, turn_id, ' +
          "assistant, results, updated_at) SELECT c.owner_id, c.id, ?, ?, ?, ?, ?, '[]', ? FROM conversations c " +
          `WHERE ${OWNED} ON CONFLICT (owner_id, conversation_id, idempotency_key, step) DO UPDATE SET ` +
          "request_hash = excluded.request_hash, turn_id = excluded.turn_id, assistant = excluded.assistant, results = '[]', " +
          'updated_at = excluded.updated_at',
        args: [
          input.key,
          input.requestHash,
          input.step,
          input.turnId,
          toJson(input.assistant),
          context.clock().toISOString(),
          ...ownerArgs(input),
        ],
      });
    },

    async recordJournalResult(input) {
      await context.database.write({
        sql: "UPDATE turn_journal SET results = json_insert(results, '$[#]', json(?)), updated_at = ? " +
          `WHERE ${KEY_WHERE} AND step = ?`,
        args: [toJson(input.result), context.clock().toISOString(), ...keyArgs(input, input.key), input.step],
      });
    },

    async loadTurnJournal(input) {
      const result = await context.database.read({
        sql: `SELECT step, request_hash, assistant, results FROM turn_journal WHERE ${KEY_WHERE} ORDER BY step`,
        args: keyArgs(input, input.key),
      });
      const steps: JournalStep[] = [];
      for (const row of result.rows) {
        // Another message under the same key (the client reused it after a failure): nothing of it is replayed.
        if (readText(row, 'request_hash') !== input.requestHash) return [];
        const step = readNumber(row, 'step');
        // Steps are replayed only while they follow one another from the first.
        if (step !== steps.length + 1) break;
        steps.push({
          step,
          assistant: readJson(row, 'assistant') as readonly ContentBlock[],
          results: readJson(row, 'results') as readonly ToolResultBlock[],
        });
      }
      return steps;
    },

    async clearTurnJournal(input) {
      await context.database.write(clear(input, input.key));
    },
  };
}
