// The replay's asset lines (`--assets`): what get_asset results, the pairs prompts carry and pin changes cost.
import type { ReplayRun } from './run-replay.ts';

function usd(value: number): string {
  return `$${value.toFixed(4)}`;
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a';
}

/** Plain text; every figure comes from the run. Empty when the run had no assets. */
export function renderAssetCost(run: ReplayRun): string {
  const assets = run.assets;
  if (assets === undefined) return '';
  const billed = run.totals.ours.billedInputUsd;
  const carried = assets.windowUsd + assets.pinnedUsd;
  return [
    `assets: ${assets.fetches} get_asset results, ${assets.resultTokens} tokens`,
    `  carried by main prompts: ${assets.windowTokens} tokens in the window (${usd(assets.windowUsd)}), ` +
    `${assets.pinnedTokens} pinned (${usd(assets.pinnedUsd)}); ${usd(carried)} = ${
      share(carried, billed)
    } of billed input`,
    `  pin changes: ${assets.pinChanges} calls, ${assets.pinChangeWriteTokens} cache-write tokens ` +
    `(${usd(assets.pinChangeWriteUsd)} = ${share(assets.pinChangeWriteUsd, billed)} of billed input)`,
  ].join('\n');
}
