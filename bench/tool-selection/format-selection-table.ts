// The tool-selection bench's table: its header, one row per fixture half, and the aligned plain-text layout.
import type { SelectionFigures } from '../../testbench/replay/measure-selection.ts';
import type { Half } from '../../testbench/replay/split-halves.ts';
import type { Recall } from './recall-at-15.ts';

export const SELECTION_TABLE_HEADER: readonly string[] = [
  'fixture',
  'half',
  'turns',
  'calls',
  'offered 1st',
  'w/ recovery',
  'changes/100',
  'change cost',
  'cache reads',
  'read tokens',
  'bill % (c)',
  'all-in %',
  'over cap',
  'rejected',
  'recall@15',
  'w/ context',
];

/** One fixture half's figures in the header's order; `-` where a figure does not apply. */
export function formatSelectionRow(
  title: string,
  half: Half,
  figures: SelectionFigures,
  recall: Recall | undefined,
): string[] {
  const shareOf = (value: number | null): string => (value === null ? '-' : value.toFixed(3));
  return [
    title,
    half,
    String(figures.userTurns),
    String(figures.recordedCalls),
    shareOf(figures.offeredFirstTry),
    shareOf(figures.withRecovery),
    figures.changesPer100Turns.toFixed(2),
    `$${figures.changeCostUsd.toFixed(4)}`,
    `${figures.cacheReadPercent.toFixed(1)}%`,
    `${figures.cacheReadTokenPercent.toFixed(1)}%`,
    `${figures.billPercentOfWindow.toFixed(1)}%`,
    `${figures.allInPercentOfWindow.toFixed(1)}%`,
    String(figures.overCap),
    String(figures.rejected),
    recall === undefined ? '-' : recall.bare.toFixed(3),
    recall === undefined ? '-' : recall.context.toFixed(3),
  ];
}

/** Columns as wide as their widest cell: the first two (fixture, half) left-aligned, the figures right-aligned. */
export function formatSelectionTable(table: readonly (readonly string[])[]): string {
  const widths = table[0]?.map((_, column) => Math.max(...table.map((line) => line[column]?.length ?? 0))) ?? [];
  return table.map((line) =>
    line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
  ).join('\n');
}
