// The tool selection's figures of one replay run, beside its cost: offered and recovered shares, misses by domain,
// tool-list changes per 100 user turns, cache reads, the bill against the 12-message cached window, cap and rejections.
import { sumToolCalls } from './compute-replay-figures.ts';
import type { ReplayRun } from './run-replay.ts';
import { cacheReadPercent, percentOf } from './summarise-comparison.ts';

export type SelectionFigures = {
  readonly userTurns: number;
  readonly recordedCalls: number;
  /** Shares (0-1) of the recorded tool calls; null when the run recorded none. */
  readonly offeredFirstTry: number | null;
  /** Offered on the first try or recovered through find_tools. */
  readonly withRecovery: number | null;
  readonly missedByDomain: Readonly<Record<string, number>>;
  readonly missedByReason: Readonly<Record<string, number>>;
  readonly toolListChanges: number;
  readonly changesPer100Turns: number;
  readonly changeCostUsd: number;
  readonly selectorCalls: number;
  /** % of our main calls after each session's first (within the TTL of the previous one) that read the cache. */
  readonly cacheReadPercent: number;
  readonly cacheEligible: number;
  /**
   * Cache reads as % of our input tokens (every call). A call after a tool-list change still reads the standard tools'
   * checkpoint and counts as a cache read above: this share shows how much of the prompt the cache actually served.
   */
  readonly cacheReadTokenPercent: number;
  /** Our billed input as % of the 12-message window with caching and every tool (baseline c). */
  readonly billPercentOfWindow: number;
  readonly billedInputUsd: number;
  readonly windowBilledInputUsd: number;
  readonly overCap: number;
  /** Our model calls that failed (Bedrock or the simulator refused them, validation errors included). */
  readonly rejected: number;
  readonly failedTurns: number;
};

/** Pure: every figure comes from the run's own counts. */
export function measureSelection(run: ReplayRun): SelectionFigures {
  const calls = sumToolCalls(run.conversations.map((one) => one.toolCalls));
  const userTurns = run.conversations.reduce((sum, one) => sum + one.userTurns, 0);
  const changes = run.conversations.reduce((sum, one) => sum + one.toolListChanges.changes, 0);
  const ours = run.totals.ours;
  const window = run.totals['window-cached'];
  return {
    userTurns,
    recordedCalls: calls.recorded,
    offeredFirstTry: calls.recorded === 0 ? null : calls.offered / calls.recorded,
    withRecovery: calls.recorded === 0 ? null : (calls.offered + calls.recovered) / calls.recorded,
    missedByDomain: calls.missedByDomain,
    missedByReason: calls.missedByReason,
    toolListChanges: changes,
    changesPer100Turns: userTurns === 0 ? 0 : (100 * changes) / userTurns,
    changeCostUsd: run.conversations.reduce((sum, one) => sum + one.toolListChanges.costUsd, 0),
    selectorCalls: run.conversations.reduce((sum, one) => sum + one.ourKinds.selector.calls, 0),
    cacheReadPercent: cacheReadPercent(ours),
    cacheEligible: ours.cacheEligible,
    cacheReadTokenPercent: percentOf(ours.cacheReadInputTokens, ours.promptTokens),
    billPercentOfWindow: percentOf(ours.billedInputUsd, window.billedInputUsd),
    billedInputUsd: ours.billedInputUsd,
    windowBilledInputUsd: window.billedInputUsd,
    overCap: ours.overCap,
    rejected: ours.failedCalls,
    failedTurns: run.conversations.reduce((sum, one) => sum + one.failedTurns, 0),
  };
}
