// `npm run replay -- --domain-tools compare`: the same conversations under DOMAIN_TOOLS=select and =all, side by side,
// so a deployer reads which policy costs less on their own conversations and what the selection missed.
import { describeCatalogueSize } from '../../src/turn/offer-every-domain-tool.ts';
import { sumToolCalls } from './count-tool-calls.ts';
import type { ReplayRun } from './run-replay.ts';
import { sumCheapOutputUsd } from './sum-cheap-output.ts';
import { summariseComparison } from './summarise-comparison.ts';

/** The `all` run, or why the service refused it (a catalogue over half the prompt cap; other failures are the caller's). */
export type EveryToolRun = { readonly ok: true; readonly run: ReplayRun } | {
  readonly ok: false;
  readonly reason: string;
};

const percent = (value: number): string => `${value.toFixed(1)}%`;

/** One policy's line: its bill against the better cached baseline (billed input, then all-in) and its tool calls. */
function describePolicy(label: string, run: ReplayRun): { line: string; billedUsd: number } {
  const comparison = summariseComparison(run.totals, sumCheapOutputUsd(run.conversations));
  const calls = sumToolCalls(run.conversations.map((one) => one.toolCalls));
  const share = (part: number) => percent(calls.recorded > 0 ? (100 * part) / calls.recorded : 0);
  const offered = calls.recorded === 0
    ? 'no recorded tool call'
    : `tool calls offered on the first try ${share(calls.offered)}, recovered through find_tools ${
      share(calls.recovered)
    }, missed ${share(calls.missed)}`;
  return {
    line: `  ${label}: ${percent(comparison.percentOfBestCached)} of the better cached baseline (${
      percent(comparison.allInPercentOfBestCached)
    } all-in); ${offered}`,
    billedUsd: run.totals.ours.billedInputUsd,
  };
}

/**
 * The comparison block: both policies' lines and a closing sentence that says which billed less here (by how much of
 * the selection's bill) and what the selection left out. When `all` was refused, its line gives the reason. Pure.
 */
export function renderPolicyComparison(select: ReplayRun, all: EveryToolRun): string {
  const chosen = describePolicy('select (DOMAIN_TOOLS=select)', select);
  const auto = `DOMAIN_TOOLS=auto, the default, takes ${select.autoChoice.policy} here (${
    describeCatalogueSize(select.autoChoice)
  }).`;
  const heading =
    'Domain tools on these conversations, select against all (our billed input as a share of the better ' +
    'cached baseline):';
  if (!all.ok) {
    return [heading, chosen.line, `  all (DOMAIN_TOOLS=all): refused: ${all.reason}`, auto].join('\n');
  }
  const every = describePolicy('all (DOMAIN_TOOLS=all)', all.run);
  const calls = sumToolCalls(select.conversations.map((one) => one.toolCalls));
  const difference = chosen.billedUsd > 0 ? (100 * (chosen.billedUsd - every.billedUsd)) / chosen.billedUsd : 0;
  const verdict = difference > 0
    ? `DOMAIN_TOOLS=all billed ${percent(difference)} less than the selection here${
      calls.recorded - calls.offered > 0 ? ' and offered every call on the first try' : ''
    }.`
    : `The selection billed ${percent(-difference)} less than DOMAIN_TOOLS=all here${
      calls.missed > 0 ? `, and missed ${calls.missed} of ${calls.recorded} recorded tool calls` : ''
    }.`;
  return [heading, chosen.line, every.line, verdict, auto].join('\n');
}
