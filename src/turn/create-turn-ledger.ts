// The bill of one turn: every finished model call becomes a usage row (and a model_call log line) exactly once, and
// main calls teach the turn's learning its token correction, cache watch and fingerprint.
import type { NewUsageRow } from '../store/store-records.ts';
import { accountModelCall, type ModelCallRecord } from './account-model-call.ts';
import { learnFromMainCall, type Learning } from './learned-state.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type TurnLedger = {
  /** Every model call of the turn so far, in order (the budget guard counts them). */
  readonly calls: readonly ModelCallRecord[];
  /** Usage rows of the calls accounted so far. */
  readonly rows: readonly NewUsageRow[];
  /** Adds a finished call (not yet accounted). */
  record(call: ModelCallRecord): void;
  /** Accounts every recorded call not accounted yet, with the summary size the turn's prompt carried. */
  settle(summaryTokens: number): void;
};

export function createTurnLedger(
  deps: TurnDependencies,
  learning: Learning,
  turn: { readonly turnId: string; readonly conversationId: string },
): TurnLedger {
  const calls: ModelCallRecord[] = [];
  const rows: NewUsageRow[] = [];
  const account = (record: ModelCallRecord, summaryTokens: number) => {
    const previousFingerprint = learning.fingerprint;
    const { row } = accountModelCall({
      record,
      turnId: turn.turnId,
      conversationId: turn.conversationId,
      summaryTokens,
      previousFingerprint,
      finishedAt: deps.clock(),
      logger: deps.logger,
    });
    rows.push(row);
    if (record.kind === 'main' && record.fingerprint !== undefined) {
      learnFromMainCall(deps, learning, turn, { ...record, fingerprint: record.fingerprint }, row.estimatedInputTokens);
    }
  };
  return {
    calls,
    rows,
    record: (call) => calls.push(call),
    settle(summaryTokens) {
      for (const call of calls.slice(rows.length)) account(call, summaryTokens);
    },
  };
}
