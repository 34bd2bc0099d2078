// Issue 13's targets for the tool selection, checked on one fixture half's figures; each check says what it measured.
import type { SelectionFigures } from './measure-selection.ts';

export const SELECTION_TARGETS = {
  /** Shares of the recorded tool calls. */
  offeredFirstTry: 0.95,
  withRecovery: 0.99,
  /** On conversations that need no tool. */
  maxChangesPer100Turns: 2,
  /** Main calls after each session's first that read the cache, %. */
  minCacheReadPercent: 95,
  /** Our billed input as % of the 12-message cached window with every tool. */
  maxBillPercentOfWindow: 50,
  minHeldOutRecallAt15: 0.9,
  maxRecallGap: 0.03,
} as const;

export type TargetCheck = { readonly name: string; readonly value: string; readonly ok: boolean };

/**
 * Which bill the bill target checks: `input`, our billed input (every call's, at the price each token paid); `all-in`,
 * that plus our selector's and summariser's replies, output the baselines never pay (see sumCheapOutputUsd).
 */
export type BillMeasure = 'input' | 'all-in';
export const BILL_MEASURES: readonly BillMeasure[] = ['input', 'all-in'];

/** A `--bill` option's value: `input` when absent; anything else but the two measures is refused with a message. */
export function readBillMeasure(value: string | undefined): BillMeasure {
  const bill = value ?? 'input';
  if (!BILL_MEASURES.includes(bill as BillMeasure)) {
    throw new Error(`--bill must be one of ${BILL_MEASURES.join(', ')} (got "${bill}")`);
  }
  return bill as BillMeasure;
}

const share = (value: number): string => value.toFixed(3);

/**
 * The checks of one replayed half. `noTool`: the fixture's conversations need no tool (then the tool-list change target
 * applies, and there is no offered rate to check); `bill`: which bill the bill target checks (default `input`). Pure.
 */
export function checkReplayTargets(
  label: string,
  figures: SelectionFigures,
  options: { readonly noTool: boolean; readonly bill?: BillMeasure },
): readonly TargetCheck[] {
  const targets = SELECTION_TARGETS;
  const allIn = options.bill === 'all-in';
  const bill = allIn ? figures.allInPercentOfWindow : figures.billPercentOfWindow;
  const checks: TargetCheck[] = [];
  if (!options.noTool) {
    checks.push(
      {
        name: `${label}: offered on the first try ≥ ${targets.offeredFirstTry}`,
        value: figures.offeredFirstTry === null ? 'no recorded calls' : share(figures.offeredFirstTry),
        ok: figures.offeredFirstTry !== null && figures.offeredFirstTry >= targets.offeredFirstTry,
      },
      {
        name: `${label}: offered with recovery ≥ ${targets.withRecovery}`,
        value: figures.withRecovery === null ? 'no recorded calls' : share(figures.withRecovery),
        ok: figures.withRecovery !== null && figures.withRecovery >= targets.withRecovery,
      },
    );
  } else {
    checks.push({
      name: `${label}: tool-list changes < ${targets.maxChangesPer100Turns} per 100 user turns`,
      value: `${figures.changesPer100Turns.toFixed(2)} (${figures.toolListChanges} in ${figures.userTurns} turns)`,
      ok: figures.changesPer100Turns < targets.maxChangesPer100Turns,
    });
  }
  checks.push(
    {
      name: `${label}: cache reads on ≥ ${targets.minCacheReadPercent}% of main calls after each session's first`,
      value: `${figures.cacheReadPercent.toFixed(1)}% of ${figures.cacheEligible}`,
      ok: figures.cacheReadPercent >= targets.minCacheReadPercent,
    },
    {
      name: `${label}: bill${
        allIn ? ' all-in' : ''
      } ≤ ${targets.maxBillPercentOfWindow}% of the 12-message cached window with every tool`,
      value: `${bill.toFixed(1)}%`,
      ok: bill <= targets.maxBillPercentOfWindow,
    },
    { name: `${label}: no request over the cap`, value: String(figures.overCap), ok: figures.overCap === 0 },
    { name: `${label}: no rejected request`, value: String(figures.rejected), ok: figures.rejected === 0 },
  );
  return checks;
}

/** Recall at 15 of the local ranking: the held-out half ≥ 0.90 and within 0.03 of the tuning half. Pure. */
export function checkRecallTargets(label: string, tuning: number, heldOut: number): readonly TargetCheck[] {
  const targets = SELECTION_TARGETS;
  return [
    {
      name: `${label}: held-out recall@15 ≥ ${targets.minHeldOutRecallAt15}`,
      value: share(heldOut),
      ok: heldOut >= targets.minHeldOutRecallAt15,
    },
    {
      name: `${label}: held-out recall@15 within ${targets.maxRecallGap} of the tuning half`,
      value: `${share(heldOut)} vs ${share(tuning)}`,
      ok: Math.abs(heldOut - tuning) <= targets.maxRecallGap + 1e-9,
    },
  ];
}
