// The console's reads: the owner's conversations with their cost, and a conversation's turns with their ledger rows.
import type { Row } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { CallFigures, ConsoleStore, TurnCalls } from '../console-store.ts';
import type { PromptLayers, UsageKind } from '../store-records.ts';
import { readJson, readNumber, readText, readTextOrNull } from './read-row.ts';
import { assertConversation, type StoreContext } from './store-context.ts';

const STATUSES = new Set(['running', 'complete', 'failed']);
const KINDS = new Set(['main', 'selector', 'summariser']);

function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1_000) {
    throw new AppError('bad_request', `limit must be a whole number from 1 to 1000, got ${String(limit)}`);
  }
  return limit;
}

function toCall(row: Row): CallFigures {
  const kind = readText(row, 'kind');
  if (!KINDS.has(kind)) throw new AppError('store_error', `usage row has an unknown kind ${kind.slice(0, 40)}`);
  return {
    kind: kind as UsageKind,
    modelId: readText(row, 'model_id'),
    inputTokens: readNumber(row, 'input_tokens'),
    outputTokens: readNumber(row, 'output_tokens'),
    cacheReadInputTokens: readNumber(row, 'cache_read_tokens'),
    cacheWriteInputTokens: readNumber(row, 'cache_write_tokens'),
    naiveInputTokens: readNumber(row, 'naive_input_tokens'),
    costUSD: readNumber(row, 'cost_usd'),
    naiveCostUSD: readNumber(row, 'naive_cost_usd'),
    cacheMissReason: readTextOrNull(row, 'cache_miss_reason'),
    promptLayers: row['prompt_layers'] === null ? null : readJson(row, 'prompt_layers') as PromptLayers,
    createdAt: readText(row, 'created_at'),
  };
}

export function createConsoleOperations(context: StoreContext): ConsoleStore {
  return {
    async listConversationCosts({ ownerId, limit }) {
      const result = await context.database.read({
        sql: 'SELECT c.id, c.title, c.created_at, c.updated_at, ' +
          '(SELECT COUNT(*) FROM turns t WHERE t.conversation_id = c.id) AS turns, COUNT(u.id) AS calls, ' +
          'COALESCE(SUM(u.cost_usd), 0.0) AS cost, COALESCE(SUM(u.naive_cost_usd), 0.0) AS naive_cost ' +
          'FROM conversations c LEFT JOIN usage_ledger u ON u.conversation_id = c.id WHERE c.owner_id = ? ' +
          'GROUP BY c.id ORDER BY c.updated_at DESC, c.id LIMIT ?',
        args: [ownerId, checkLimit(limit)],
      });
      return result.rows.map((row) => ({
        id: readText(row, 'id'),
        title: readTextOrNull(row, 'title'),
        createdAt: readText(row, 'created_at'),
        updatedAt: readText(row, 'updated_at'),
        turns: readNumber(row, 'turns'),
        calls: readNumber(row, 'calls'),
        costUSD: readNumber(row, 'cost'),
        naiveCostUSD: readNumber(row, 'naive_cost'),
      }));
    },

    async listTurnCalls(input) {
      await assertConversation(context, input);
      const turns = await context.database.read({
        sql: 'SELECT t.id, t.status, t.started_at, t.finished_at, t.error_code, (SELECT m.text FROM messages m ' +
          "WHERE m.turn_id = t.id AND m.role = 'user' AND m.visible = 1 ORDER BY m.seq LIMIT 1) AS user_text " +
          'FROM turns t WHERE t.conversation_id = ? ORDER BY t.started_at DESC, t.rowid DESC LIMIT ?',
        args: [input.conversationId, checkLimit(input.limit)],
      });
      const listed = turns.rows.map((row) => {
        const status = readText(row, 'status');
        if (!STATUSES.has(status)) {
          throw new AppError('store_error', `turn has an unknown status ${status.slice(0, 40)}`);
        }
        return {
          turnId: readText(row, 'id'),
          status: status as TurnCalls['status'],
          startedAt: readText(row, 'started_at'),
          finishedAt: readTextOrNull(row, 'finished_at'),
          errorCode: readTextOrNull(row, 'error_code'),
          userText: readTextOrNull(row, 'user_text'),
          calls: [] as CallFigures[],
        };
      }).reverse();
      const first = listed[0];
      if (first === undefined) return [];
      const rows = await context.database.read({
        sql: 'SELECT u.turn_id, u.kind, u.model_id, u.input_tokens, u.output_tokens, u.cache_read_tokens, ' +
          'u.cache_write_tokens, u.naive_input_tokens, u.cost_usd, u.naive_cost_usd, u.cache_miss_reason, ' +
          'u.prompt_layers, u.created_at FROM usage_ledger u WHERE u.conversation_id = ? AND u.created_at >= ? ' +
          'ORDER BY u.rowid',
        args: [input.conversationId, first.startedAt],
      });
      const byId = new Map(listed.map((turn) => [turn.turnId, turn]));
      for (const row of rows.rows) {
        const call = toCall(row);
        const turnId = readTextOrNull(row, 'turn_id');
        const owner = (turnId === null ? undefined : byId.get(turnId)) ??
          listed.findLast((turn) => turn.startedAt <= call.createdAt);
        owner?.calls.push(call);
      }
      return listed;
    },
  };
}
