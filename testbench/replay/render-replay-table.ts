// The closing terminal table: one line per conversation, then every side's totals and the headline ratios.
import { BASELINE_LABELS } from './build-baseline-request.ts';
import { type Side, SIDES } from './compute-replay-figures.ts';
import { sumToolCalls } from './count-tool-calls.ts';
import type { ReplayRun } from './run-replay.ts';
import { formatSelectionMisses } from './measure-selection.ts';
import { sumCheapOutputUsd } from './sum-cheap-output.ts';
import { cacheReadPercent, summariseComparison } from './summarise-comparison.ts';

const SIDE_LABELS: Readonly<Record<Side, string>> = { ours: 'ours', ...BASELINE_LABELS };
/** More conversations than this are summarised by the totals only (a 200-line table helps nobody). */
const MAX_CONVERSATION_ROWS = 40;

function usd(value: number): string {
  return `$${value.toFixed(value >= 100 ? 2 : 4)}`;
}

function percent(value: number): string {
  return `${value.toFixed(1)}%`;
}

function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
  ).join('\n');
}

/** Plain text (no colours), stable column order; every figure comes from the run, nothing is recomputed here but ratios. */
export function renderReplayTable(run: ReplayRun): string {
  const lines: string[] = [];
  const shown = run.conversations.slice(0, MAX_CONVERSATION_ROWS);
  const header = [
    'conversation',
    'turns',
    'ours in$',
    '(a) in$',
    '(b) in$',
    '(c) in$',
    '%(a)',
    '%best(b,c)',
    'tok vs (a)',
    'cache reads',
    'over cap',
    'invalid',
    'failed turns',
  ];
  const rows = shown.map((figures) => {
    const comparison = summariseComparison(figures.sides);
    return [
      figures.id,
      String(figures.userTurns),
      usd(figures.sides.ours.billedInputUsd),
      usd(figures.sides.naive.billedInputUsd),
      usd(figures.sides['naive-cached'].billedInputUsd),
      usd(figures.sides['window-cached'].billedInputUsd),
      percent(comparison.percentOfNaive),
      percent(comparison.percentOfBestCached),
      percent(comparison.inputTokensPercentOfNaive),
      figures.sides.ours.cacheEligible === 0 ? 'n/a' : percent(comparison.ourCacheReadPercent),
      String(figures.sides.ours.overCap),
      String(figures.sides.ours.validationErrors),
      String(figures.failedTurns),
    ];
  });
  lines.push(formatTable([header, ...rows]));
  if (run.conversations.length > shown.length) {
    lines.push(`… and ${run.conversations.length - shown.length} more conversations (see --json or --report)`);
  }
  lines.push(
    '',
    `Totals (${run.conversations.length} conversations, ${
      run.conversations.reduce((sum, one) => sum + one.userTurns, 0)
    } user turns, ${run.mode}, main ${run.mainModelId}, cheap ${run.cheapModelId}, cap ${run.maxInputTokens} tokens${
      run.domainToolPolicy === 'all' ? ', every domain tool on every request' : ''
    })`,
  );
  const totalsHeader = [
    'side',
    'billed input',
    'total cost',
    'input tokens',
    'vs (a)',
    'cache reads',
    'max prompt',
    'over cap',
    'over window',
    'invalid',
    'calls',
  ];
  const totals = SIDES.map((side) => {
    const figures = run.totals[side];
    return [
      SIDE_LABELS[side],
      usd(figures.billedInputUsd),
      usd(figures.totalUsd),
      String(figures.promptTokens),
      percent(
        figures.promptTokens === 0 ? 0 : (100 * figures.promptTokens) / Math.max(1, run.totals.naive.promptTokens),
      ),
      figures.cacheEligible === 0 ? 'n/a' : `${percent(cacheReadPercent(figures))} of ${figures.cacheEligible}`,
      String(figures.maxPromptTokens),
      String(figures.overCap),
      String(figures.overWindow),
      String(figures.validationErrors),
      String(figures.calls),
    ];
  });
  lines.push(formatTable([totalsHeader, ...totals]));
  const cheapOutput = sumCheapOutputUsd(run.conversations);
  const comparison = summariseComparison(run.totals, cheapOutput);
  lines.push(
    '',
    `Billed input cost: ${percent(comparison.percentOfNaive)} of (a) naive; ${
      percent(comparison.percentOfBestCached)
    } of the better cached baseline ${SIDE_LABELS[comparison.bestCached]}.`,
    `With our selector and summariser replies (${usd(cheapOutput)}, output the baselines never pay): ${
      percent(comparison.allInPercentOfBestCached)
    } of that baseline.`,
    `Seed metric: input tokens ${percent(comparison.inputTokensPercentOfNaive)} of naive (${
      percent(100 - comparison.inputTokensPercentOfNaive)
    } fewer).`,
    `Cache reads on ${
      percent(comparison.ourCacheReadPercent)
    } of our main calls after a conversation's first (within the TTL); reads are ${
      percent(comparison.ourCacheReadTokenPercent)
    } of our input tokens.`,
  );
  lines.push(...describeToolSelection(run));
  if (run.standIns.length > 0) {
    lines.push(`Recorded tools without a manifest entry (given an open schema): ${run.standIns.join(', ')}`);
  }
  return lines.join('\n');
}

/** The selection's quality and stability lines: offered, recovered and missed calls, tool-list changes and their cost. */
export function describeToolSelection(run: ReplayRun): string[] {
  const lines: string[] = [];
  const calls = sumToolCalls(run.conversations.map((one) => one.toolCalls));
  const turns = run.conversations.reduce((sum, one) => sum + one.userTurns, 0);
  const share = (part: number, whole: number): string => percent(whole > 0 ? (100 * part) / whole : 0);
  if (calls.recorded > 0) {
    const domains = Object.entries(calls.missedByDomain).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const selectionMisses = formatSelectionMisses(calls.notOfferedBySelection);
    lines.push(
      `Recorded tool calls: ${calls.recorded}; offered on the first try ${calls.offered} (${
        share(calls.offered, calls.recorded)
      }), recovered through find_tools ${calls.recovered} (${
        share(calls.recovered, calls.recorded)
      }), missed ${calls.missed} (${share(calls.missed, calls.recorded)}: never run)${
        domains.length === 0
          ? ''
          : `; misses by domain: ${domains.map(([name, count]) => `${name} ${count}`).join(', ')}; by reason: ${
            Object.entries(calls.missedByReason).map(([reason, count]) => `${reason} ${count}`).join(', ')
          }`
      }${selectionMisses === '' ? '' : `; ${selectionMisses}`}.`,
    );
  }
  const changes = run.conversations.reduce(
    (sum, one) => ({
      changes: sum.changes + one.toolListChanges.changes,
      withinTurn: sum.withinTurn + one.toolListChanges.withinTurn,
      costUsd: sum.costUsd + one.toolListChanges.costUsd,
    }),
    { changes: 0, withinTurn: 0, costUsd: 0 },
  );
  const selectorCalls = run.conversations.reduce((sum, one) => sum + one.ourKinds.selector.calls, 0);
  const per100 = (count: number): string => (turns > 0 ? (100 * count) / turns : 0).toFixed(2);
  lines.push(
    `Tool-list changes: ${changes.changes} (${
      per100(changes.changes)
    } per 100 user turns; ${changes.withinTurn} within a turn), their cache writes ${
      usd(changes.costUsd)
    } above the read price (${
      share(changes.costUsd, run.totals.ours.billedInputUsd)
    } of our billed input); selector calls ${selectorCalls} (${per100(selectorCalls)} per 100 user turns).`,
  );
  return lines;
}
