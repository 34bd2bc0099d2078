// What the service persisted for one conversation: turns by status, messages, and the usage ledger summed by call kind.
import type { Database } from '../../src/store/database.ts';
import type { CallKind } from './create-recording-model-caller.ts';

export type LedgerTotals = {
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly costUSD: number;
};

export type PersistedFigures = {
  readonly turns: { readonly complete: number; readonly failed: number; readonly running: number };
  readonly messages: number;
  readonly ledger: Readonly<Record<CallKind, LedgerTotals>>;
};

const EMPTY: LedgerTotals = {
  calls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadInputTokens: 0,
  cacheWriteInputTokens: 0,
  costUSD: 0,
};

/** Reads the store's tables directly (read-only): the replay checks what landed, not what the service said it wrote. */
export async function readPersistedFigures(database: Database, conversationId: string): Promise<PersistedFigures> {
  const turnRows = await database.read({
    sql: 'SELECT status, COUNT(*) AS n FROM turns WHERE conversation_id = ? GROUP BY status',
    args: [conversationId],
  });
  const turns = { complete: 0, failed: 0, running: 0 };
  for (const row of turnRows.rows) {
    const status = String(row['status']);
    if (status === 'complete' || status === 'failed' || status === 'running') turns[status] = Number(row['n']);
  }
  const messageRows = await database.read({
    sql: 'SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?',
    args: [conversationId],
  });
  const ledgerRows = await database.read({
    sql:
      `SELECT kind, COUNT(*) AS calls, SUM(input_tokens) AS input, SUM(output_tokens) AS output, SUM(cache_read_tokens) AS reads,
                 SUM(cache_write_tokens) AS writes, SUM(cost_usd) AS cost
          FROM usage_ledger WHERE conversation_id = ? GROUP BY kind`,
    args: [conversationId],
  });
  const ledger: Record<CallKind, LedgerTotals> = { main: EMPTY, selector: EMPTY, summariser: EMPTY };
  for (const row of ledgerRows.rows) {
    const kind = String(row['kind']);
    if (kind !== 'main' && kind !== 'selector' && kind !== 'summariser') continue;
    ledger[kind] = {
      calls: Number(row['calls']),
      inputTokens: Number(row['input']),
      outputTokens: Number(row['output']),
      cacheReadInputTokens: Number(row['reads']),
      cacheWriteInputTokens: Number(row['writes']),
      costUSD: Number(row['cost']),
    };
  }
  return { turns, messages: Number(messageRows.rows[0]?.['n'] ?? 0), ledger };
}
