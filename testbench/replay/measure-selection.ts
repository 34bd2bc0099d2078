// The tool selection's figures of one replay run, beside its cost: offered and recovered shares, misses by domain,
// tool-list changes per 100 user turns, cache reads, the bill against the 12-message cached window (billed input, and
// with our cheap model's replies too), cap and rejections.
import { sumToolCalls } from './count-tool-calls.ts';
import type { SelectionMiss } from './create-scripted-model.ts';
import type { ReplayRun } from './run-replay.ts';
import { sumCheapOutputUsd } from './sum-cheap-output.ts';
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
  /** Calls not offered on the first try by how that turn's list was chosen (see SelectionMiss). */
  readonly notOfferedBySelection: Readonly<Record<string, number>>;
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
  /** The selector's and summariser's replies (see sumCheapOutputUsd): the baselines make no such calls. */
  readonly cheapOutputUsd: number;
  /** Our billed input plus cheapOutputUsd, as % of the window baseline's billed input: every cost we add counted. */
  readonly allInPercentOfWindow: number;
  readonly windowBilledInputUsd: number;
  readonly overCap: number;
  /** Our model calls that failed (Bedrock or the simulator refused them, validation errors included). */
  readonly rejected: number;
  readonly failedTurns: number;
};

/** How each SelectionMiss reads in a report, in the order a report lists them. */
const SELECTION_MISS_WORDS: readonly (readonly [SelectionMiss, string])[] = [
  ['no-selector-call', 'list chosen without the cheap model'],
  ['not-shortlisted', 'not on its shortlist'],
  ['not-picked', 'shortlisted, not picked'],
];

/**
 * "not offered first: list chosen without the cheap model 39, not on its shortlist 3, …" (kinds with no call left out),
 * or '' when every call was offered first. Pure.
 */
export function formatSelectionMisses(counts: Readonly<Record<string, number>>): string {
  const parts = SELECTION_MISS_WORDS.flatMap(([kind, words]) => {
    const count = counts[kind] ?? 0;
    return count > 0 ? [`${words} ${count}`] : [];
  });
  return parts.length === 0 ? '' : `not offered first: ${parts.join(', ')}`;
}

/** Pure: every figure comes from the run's own counts. */
export function measureSelection(run: ReplayRun): SelectionFigures {
  const calls = sumToolCalls(run.conversations.map((one) => one.toolCalls));
  const userTurns = run.conversations.reduce((sum, one) => sum + one.userTurns, 0);
  const changes = run.conversations.reduce((sum, one) => sum + one.toolListChanges.changes, 0);
  const ours = run.totals.ours;
  const window = run.totals['window-cached'];
  const cheapOutputUsd = sumCheapOutputUsd(run.conversations);
  return {
    userTurns,
    recordedCalls: calls.recorded,
    offeredFirstTry: calls.recorded === 0 ? null : calls.offered / calls.recorded,
    withRecovery: calls.recorded === 0 ? null : (calls.offered + calls.recovered) / calls.recorded,
    missedByDomain: calls.missedByDomain,
    missedByReason: calls.missedByReason,
    notOfferedBySelection: calls.notOfferedBySelection,
    toolListChanges: changes,
    changesPer100Turns: userTurns === 0 ? 0 : (100 * changes) / userTurns,
    changeCostUsd: run.conversations.reduce((sum, one) => sum + one.toolListChanges.costUsd, 0),
    selectorCalls: run.conversations.reduce((sum, one) => sum + one.ourKinds.selector.calls, 0),
    cacheReadPercent: cacheReadPercent(ours),
    cacheEligible: ours.cacheEligible,
    cacheReadTokenPercent: percentOf(ours.cacheReadInputTokens, ours.promptTokens),
    billPercentOfWindow: percentOf(ours.billedInputUsd, window.billedInputUsd),
    billedInputUsd: ours.billedInputUsd,
    cheapOutputUsd,
    allInPercentOfWindow: percentOf(ours.billedInputUsd + cheapOutputUsd, window.billedInputUsd),
    windowBilledInputUsd: window.billedInputUsd,
    overCap: ours.overCap,
    rejected: ours.failedCalls,
    failedTurns: run.conversations.reduce((sum, one) => sum + one.failedTurns, 0),
  };
}
