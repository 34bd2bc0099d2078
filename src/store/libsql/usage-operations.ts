// The usage ledger: one row per model call, and the conversation's totals.
import type { InStatement } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ConversationStore } from '../conversation-store.ts';
import type { ConversationScope, NewUsageRow } from '../store-records.ts';
import { ALWAYS, type WriteGuard } from './build-message-inserts.ts';
import { readNumber } from './read-row.ts';
import { checkCount, notFound, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

const KINDS = ['main', 'selector', 'summariser'];
const COUNTS = [
  'inputTokens',
  'outputTokens',
  'cacheReadInputTokens',
  'cacheWriteInputTokens',
  'naiveInputTokens',
  'estimatedInputTokens',
] as const;

type UsageOperations = Pick<ConversationStore, 'recordUsage' | 'usageTotals'>;

/** The INSERT of one ledger row (validated: AppError 'internal' for a malformed one), landing only under `guard`. */
export function buildUsageInsert(
  scope: ConversationScope,
  input: { id: string; usage: NewUsageRow; at: string; guard?: WriteGuard },
): InStatement {
  const { usage } = input;
  if (!KINDS.includes(usage.kind)) {
    throw new AppError('internal', `usage kind must be one of ${KINDS.join(', ')}, got ${String(usage.kind)}`);
  }
  if (typeof usage.modelId !== 'string' || usage.modelId.length === 0) {
    throw new AppError('internal', 'usage modelId must not be empty');
  }
  for (const name of COUNTS) checkCount(usage[name], `usage ${name}`);
  for (const name of ['costUSD', 'naiveCostUSD'] as const) {
    if (!Number.isFinite(usage[name]) || usage[name] < 0) {
      throw new AppError('internal', `usage ${name} must be a non-negative number`);
    }
  }
  const guard = input.guard ?? ALWAYS;
  return {
    sql:
      'INSERT INTO usage_ledger (id, conversation_id, turn_id, kind, model_id, input_tokens, output_tokens, cache_read_tokens, ' +
      'cache_write_tokens, naive_input_tokens, estimated_input_tokens, cost_usd, naive_cost_usd, cache_miss_reason, created_at, ' +
      'prompt_layers) ' +
      `SELECT ?, c.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM conversations c WHERE ${OWNED} AND (${guard.sql}) RETURNING id`,
    args: [
      input.id,
      usage.turnId,
      usage.kind,
      usage.modelId,
      usage.inputTokens,
      usage.outputTokens,
      usage.cacheReadInputTokens,
      usage.cacheWriteInputTokens,
      usage.naiveInputTokens,
      usage.estimatedInputTokens,
      usage.costUSD,
      usage.naiveCostUSD,
      usage.cacheMissReason,
      input.at,
      usage.promptLayers === undefined || usage.promptLayers === null ? null : JSON.stringify(usage.promptLayers),
      ...ownerArgs(scope),
      ...guard.args,
    ],
  };
}

export function createUsageOperations(context: StoreContext): UsageOperations {
  return {
    async recordUsage(input) {
      const id = context.createId();
      const result = await context.database.write(
        buildUsageInsert(input, { id, usage: input.usage, at: context.clock().toISOString() }),
      );
      if (result.rows.length === 0) throw notFound();
      return { id };
    },

    async usageTotals(scope) {
      const result = await context.database.read({
        sql:
          'SELECT COUNT(u.id) AS calls, COALESCE(SUM(u.input_tokens), 0) AS input_tokens, COALESCE(SUM(u.output_tokens), 0) AS output_tokens, ' +
          'COALESCE(SUM(u.cache_read_tokens), 0) AS cache_read, COALESCE(SUM(u.cache_write_tokens), 0) AS cache_write, ' +
          'COALESCE(SUM(u.naive_input_tokens), 0) AS naive_input, COALESCE(SUM(u.estimated_input_tokens), 0) AS estimated_input, ' +
          'COALESCE(SUM(u.cost_usd), 0.0) AS cost, COALESCE(SUM(u.naive_cost_usd), 0.0) AS naive_cost, ' +
          'COALESCE((SELECT summary_tokens FROM conversation_memory WHERE conversation_id = c.id), 0) AS summary_tokens, ' +
          'COALESCE((SELECT gap_count FROM conversation_memory WHERE conversation_id = c.id), 0) AS summary_gaps, ' +
          'COALESCE((SELECT unsummarised_messages FROM conversation_memory WHERE conversation_id = c.id), 0) ' +
          'AS unsummarised_messages ' +
          `FROM conversations c LEFT JOIN usage_ledger u ON u.conversation_id = c.id WHERE ${OWNED} GROUP BY c.id`,
        args: ownerArgs(scope),
      });
      const row = result.rows[0];
      if (row === undefined) throw notFound();
      return {
        calls: readNumber(row, 'calls'),
        inputTokens: readNumber(row, 'input_tokens'),
        outputTokens: readNumber(row, 'output_tokens'),
        cacheReadInputTokens: readNumber(row, 'cache_read'),
        cacheWriteInputTokens: readNumber(row, 'cache_write'),
        naiveInputTokens: readNumber(row, 'naive_input'),
        estimatedInputTokens: readNumber(row, 'estimated_input'),
        costUSD: readNumber(row, 'cost'),
        naiveCostUSD: readNumber(row, 'naive_cost'),
        summaryTokens: readNumber(row, 'summary_tokens'),
        summaryGaps: readNumber(row, 'summary_gaps'),
        unsummarisedMessages: readNumber(row, 'unsummarised_messages'),
      };
    },
  };
}
