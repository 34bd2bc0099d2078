// Budget reads on libSQL: spend per rolling window from user_usage, time buckets for Retry-After, per-user overrides.
import type { Row } from '@libsql/client';
import { AppError } from '../../errors.ts';
import { BUDGET_KEYS, type BudgetSpend, parseBudgetOverride, PERIOD_MS } from '../../pipeline/budget/index.ts';
import type { BudgetOverride } from '../../pipeline/budget/index.ts';
import type { BudgetStore } from '../budget-store.ts';
import { readNumber, readTextOrNull } from './read-row.ts';
import type { StoreContext } from './store-context.ts';

const TOKENS = 'input_tokens + output_tokens + cache_read_tokens + cache_write_tokens';
const MAX_OWNER_LENGTH = 200;

/** Column name per budget key: `user.day.usd` → user_day_usd. */
const column = (key: string) => key.replaceAll('.', '_');

function sumColumns(): string {
  return BUDGET_KEYS.map((key) => {
    const [subject, period, measure] = key.split('.');
    const conditions = [
      period === 'day' ? 'created_at > ?' : '1',
      subject === 'conversation' ? 'conversation_id = ?' : '1',
    ];
    const amount = measure === 'tokens' ? 'tok' : 'cost_usd';
    return `COALESCE(SUM(CASE WHEN ${conditions.join(' AND ')} THEN ${amount} END), 0) AS ${column(key)}`;
  }).join(', ');
}
const SPEND_SQL = `SELECT (SELECT limits FROM user_budgets WHERE owner_id = ?) AS override, ` +
  '(SELECT COUNT(*) FROM conversations WHERE owner_id = ? AND turn_lock_until > ?) AS running, ' +
  `${sumColumns()} FROM (SELECT ${TOKENS} AS tok, cost_usd, created_at, conversation_id FROM user_usage ` +
  'WHERE owner_id = ? AND created_at > ?)';

function parseStoredOverride(text: string | null): BudgetOverride | null {
  if (text === null) return null;
  try {
    return parseBudgetOverride(JSON.parse(text));
  } catch (error) {
    throw new AppError('store_error', 'stored budget override is malformed', { cause: error });
  }
}

function checkOwner(ownerId: string): void {
  if (typeof ownerId !== 'string' || ownerId.length === 0 || ownerId.length > MAX_OWNER_LENGTH) {
    throw new AppError('internal', `ownerId must be 1-${MAX_OWNER_LENGTH} characters`);
  }
}

export function createBudgetOperations(context: StoreContext): BudgetStore {
  return {
    async readBudgetState(input) {
      checkOwner(input.ownerId);
      const now = input.now.getTime();
      const dayStart = new Date(now - PERIOD_MS.day).toISOString();
      const monthStart = new Date(now - PERIOD_MS.month).toISOString();
      const conversation = input.conversationId ?? '';
      const keyArgs = BUDGET_KEYS.flatMap((key) => {
        const [subject, period] = key.split('.');
        return [...(period === 'day' ? [dayStart] : []), ...(subject === 'conversation' ? [conversation] : [])];
      });
      const result = await context.database.read({
        sql: SPEND_SQL,
        args: [input.ownerId, input.ownerId, now, ...keyArgs, input.ownerId, monthStart],
      });
      const row: Row | undefined = result.rows[0];
      if (row === undefined) throw new AppError('store_error', 'budget query returned no row');
      const spent = Object.fromEntries(BUDGET_KEYS.map((key) => [key, readNumber(row, column(key))])) as BudgetSpend;
      return {
        spent,
        override: parseStoredOverride(readTextOrNull(row, 'override')),
        runningTurns: readNumber(row, 'running'),
      };
    },

    async readSpendBuckets(input) {
      checkOwner(input.ownerId);
      const now = input.now.getTime();
      const start = new Date(now - PERIOD_MS[input.period]).toISOString();
      // ISO text: the first 16 characters name the minute, the first 13 the hour.
      const width = input.period === 'day' ? 16 : 13;
      const stepMs = input.period === 'day' ? 60_000 : 3_600_000;
      const amount = input.measure === 'tokens' ? TOKENS : 'cost_usd';
      const result = await context.database.read({
        sql: `SELECT substr(created_at, 1, ${width}) AS bucket, SUM(${amount}) AS amount FROM user_usage ` +
          `WHERE owner_id = ? AND created_at > ?${input.conversationId === null ? '' : ' AND conversation_id = ?'} ` +
          'GROUP BY bucket ORDER BY bucket',
        args: [input.ownerId, start, ...(input.conversationId === null ? [] : [input.conversationId])],
      });
      return result.rows.map((row) => {
        const bucket = String(row['bucket']);
        const startsAt = Date.parse(input.period === 'day' ? `${bucket}:00.000Z` : `${bucket}:00:00.000Z`);
        return { endsAt: startsAt + stepMs, amount: readNumber(row, 'amount') };
      });
    },

    async userUsageTotals(input) {
      checkOwner(input.ownerId);
      const result = await context.database.read({
        // The rows still kept plus what the retention clean-up folded into user_usage_rollup.
        sql: 'SELECT SUM(calls) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, ' +
          'SUM(cache_read) AS cache_read, SUM(cache_write) AS cache_write, SUM(cost) AS cost, ' +
          'SUM(naive_cost) AS naive_cost FROM (SELECT COUNT(*) AS calls, COALESCE(SUM(input_tokens), 0) AS input_tokens, ' +
          'COALESCE(SUM(output_tokens), 0) AS output_tokens, COALESCE(SUM(cache_read_tokens), 0) AS cache_read, ' +
          'COALESCE(SUM(cache_write_tokens), 0) AS cache_write, COALESCE(SUM(cost_usd), 0.0) AS cost, ' +
          'COALESCE(SUM(naive_cost_usd), 0.0) AS naive_cost FROM user_usage WHERE owner_id = ? UNION ALL ' +
          'SELECT calls, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, naive_cost_usd ' +
          'FROM user_usage_rollup WHERE owner_id = ?)',
        args: [input.ownerId, input.ownerId],
      });
      const row = result.rows[0];
      if (row === undefined) throw new AppError('store_error', 'usage query returned no row');
      return {
        calls: readNumber(row, 'calls'),
        inputTokens: readNumber(row, 'input_tokens'),
        outputTokens: readNumber(row, 'output_tokens'),
        cacheReadInputTokens: readNumber(row, 'cache_read'),
        cacheWriteInputTokens: readNumber(row, 'cache_write'),
        costUSD: readNumber(row, 'cost'),
        naiveCostUSD: readNumber(row, 'naive_cost'),
      };
    },

    async getBudgetOverride(input) {
      checkOwner(input.ownerId);
      const result = await context.database.read({
        sql: 'SELECT limits FROM user_budgets WHERE owner_id = ?',
        args: [input.ownerId],
      });
      const row = result.rows[0];
      return row === undefined ? null : parseStoredOverride(readTextOrNull(row, 'limits'));
    },

    async setBudgetOverride(input) {
      checkOwner(input.ownerId);
      if (input.override === null) {
        await context.database.write({ sql: 'DELETE FROM user_budgets WHERE owner_id = ?', args: [input.ownerId] });
        return;
      }
      let override: BudgetOverride;
      try {
        override = parseBudgetOverride(input.override);
      } catch (error) {
        throw new AppError('bad_request', error instanceof Error ? error.message : 'invalid budget override');
      }
      await context.database.write({
        sql: 'INSERT INTO user_budgets (owner_id, limits, updated_at) VALUES (?, ?, ?) ' +
          'ON CONFLICT (owner_id) DO UPDATE SET limits = excluded.limits, updated_at = excluded.updated_at',
        args: [input.ownerId, JSON.stringify(override), context.clock().toISOString()],
      });
    },
  };
}
