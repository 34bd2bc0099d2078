// The retention clean-up on libSQL: expired idempotency rows, old tool results, old usage rows (folded into totals).
import type { Row } from '@libsql/client';
import { AppError } from '../../errors.ts';
import type { ContentBlock } from '../../pipeline/types/index.ts';
import { MIN_USAGE_RETENTION_DAYS, type PurgeCounts, type RetentionStore } from '../retention-store.ts';
import { parseContent, readJson, readText } from './read-row.ts';
import type { StoreContext } from './store-context.ts';

/** Rows per statement: each batch is one short write transaction. */
const BATCH = 500;
/** Batches per table per clean-up: a run stays short (the edge's scheduled handlers have a CPU limit); the next run goes on. */
const MAX_BATCHES = 20;
const DAY_MS = 86_400_000;

/** What an expired tool result says instead of its text (the toolUse/toolResult pairing stays valid). */
export const EXPIRED_TOOL_RESULT_TEXT = '[tool result removed: older than the retention period]';

const TOOL_RESULT_CANDIDATES = 'SELECT id, content FROM messages WHERE tool_results_removed_at IS NULL ' +
  `AND role = 'user' AND instr(content, '"type":"tool_result"') > 0 AND created_at < ? ORDER BY created_at LIMIT ?`;

const USAGE_SUMS = 'COUNT(*), COALESCE(SUM(input_tokens), 0), COALESCE(SUM(output_tokens), 0), ' +
  'COALESCE(SUM(cache_read_tokens), 0), COALESCE(SUM(cache_write_tokens), 0), COALESCE(SUM(cost_usd), 0.0), ' +
  'COALESCE(SUM(naive_cost_usd), 0.0), MAX(created_at)';
const OLD_USER_USAGE = 'SELECT id FROM user_usage WHERE created_at < ? ORDER BY created_at, id LIMIT ?';
const FOLD_USER_USAGE = 'INSERT INTO user_usage_rollup (owner_id, calls, input_tokens, output_tokens, ' +
  'cache_read_tokens, cache_write_tokens, cost_usd, naive_cost_usd, through) ' +
  `SELECT owner_id, ${USAGE_SUMS} FROM user_usage WHERE id IN (${OLD_USER_USAGE}) GROUP BY owner_id ` +
  'ON CONFLICT (owner_id) DO UPDATE SET calls = calls + excluded.calls, ' +
  'input_tokens = input_tokens + excluded.input_tokens, output_tokens = output_tokens + excluded.output_tokens, ' +
  'cache_read_tokens = cache_read_tokens + excluded.cache_read_tokens, ' +
  'cache_write_tokens = cache_write_tokens + excluded.cache_write_tokens, ' +
  'cost_usd = cost_usd + excluded.cost_usd, naive_cost_usd = naive_cost_usd + excluded.naive_cost_usd, ' +
  'through = max(through, excluded.through)';

function checkDuration(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new AppError('internal', `retention ${name} must be a positive number of milliseconds`);
  }
  return value;
}

/** Runs `step` (one batch; it answers how many rows it handled) until a batch is short or MAX_BATCHES ran. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const handled = await step();
    total += handled;
    if (handled < BATCH) break;
  }
  return total;
}

function expireToolResults(row: Row): string {
  const id = readText(row, 'id');
  const content: ContentBlock[] = parseContent(readJson(row, 'content'), `message ${id} content`);
  return JSON.stringify(
    content.map((block) => block.type === 'tool_result' ? { ...block, text: EXPIRED_TOOL_RESULT_TEXT } : block),
  );
}

export function createRetentionOperations(context: StoreContext): RetentionStore {
  const { database } = context;
  return {
    async purgeExpired({ policy, now }) {
      const cutoff = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const idempotencyCutoff = cutoff(checkDuration(policy.idempotencyTtlMs, 'idempotencyTtlMs'));
      const toolResultCutoff = cutoff(checkDuration(policy.toolResultRetentionMs, 'toolResultRetentionMs'));
      const usageCutoff = cutoff(
        Math.max(checkDuration(policy.usageRetentionMs, 'usageRetentionMs'), MIN_USAGE_RETENTION_DAYS * DAY_MS),
      );
      const stamp = now.toISOString();

      const idempotencyKeys = await inBatches(async () =>
        (await database.write({
          sql: 'DELETE FROM idempotency_keys WHERE rowid IN ' +
            '(SELECT rowid FROM idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?)',
          args: [idempotencyCutoff, BATCH],
        })).rowsAffected
      );

      // A failed turn's journal (what a retry with its key would replay) lives as long as the key would.
      await inBatches(async () =>
        (await database.write({
          sql: 'DELETE FROM turn_journal WHERE rowid IN ' +
            '(SELECT rowid FROM turn_journal WHERE updated_at < ? ORDER BY updated_at LIMIT ?)',
          args: [idempotencyCutoff, BATCH],
        })).rowsAffected
      );

      const toolResultMessages = await inBatches(async () => {
        const candidates = await database.read({ sql: TOOL_RESULT_CANDIDATES, args: [toolResultCutoff, BATCH] });
        if (candidates.rows.length === 0) return 0;
        await database.batchWrite(candidates.rows.map((row) => ({
          sql: 'UPDATE messages SET content = ?, tool_results_removed_at = ? ' +
            'WHERE id = ? AND tool_results_removed_at IS NULL AND content = ?',
          args: [expireToolResults(row), stamp, readText(row, 'id'), readText(row, 'content')],
        })));
        return candidates.rows.length;
      });

      const usageLedgerRows = await inBatches(async () =>
        (await database.write({
          sql: 'DELETE FROM usage_ledger WHERE id IN ' +
            '(SELECT id FROM usage_ledger WHERE created_at < ? ORDER BY created_at LIMIT ?)',
          args: [usageCutoff, BATCH],
        })).rowsAffected
      );

      // One transaction per batch: the totals gain exactly the rows that go (same subquery, same snapshot).
      const userUsageRowsFolded = await inBatches(async () => {
        const [, deleted] = await database.batchWrite([
          { sql: FOLD_USER_USAGE, args: [usageCutoff, BATCH] },
          { sql: `DELETE FROM user_usage WHERE id IN (${OLD_USER_USAGE})`, args: [usageCutoff, BATCH] },
        ]);
        return deleted?.rowsAffected ?? 0;
      });

      const counts: PurgeCounts = { idempotencyKeys, toolResultMessages, usageLedgerRows, userUsageRowsFolded };
      return counts;
    },
  };
}
