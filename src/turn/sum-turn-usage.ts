// Adds up the ledger rows of one turn into the usage the API returns with the reply.
import type { NewUsageRow } from '../store/store-records.ts';
import type { TurnUsage } from './chat-service.ts';

export function sumTurnUsage(rows: readonly NewUsageRow[]): TurnUsage {
  const total = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheWriteInputTokens: 0,
    costUSD: 0,
    naiveCostUSD: 0,
  };
  for (const row of rows) {
    total.inputTokens += row.inputTokens;
    total.outputTokens += row.outputTokens;
    total.cacheReadInputTokens += row.cacheReadInputTokens;
    total.cacheWriteInputTokens += row.cacheWriteInputTokens;
    total.costUSD += row.costUsd;
    total.naiveCostUSD += row.naiveCostUsd;
  }
  return total;
}
