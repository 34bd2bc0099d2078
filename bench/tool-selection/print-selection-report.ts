// The tool-selection bench's closing report: the table, what its columns mean, every target check and the tally.
import type { TargetCheck } from '../../testbench/replay/check-selection-targets.ts';
import { formatSelectionTable } from './format-selection-table.ts';

/** What one part of the bench adds to the report: its table rows and its target checks, in order. */
export type SelectionRowsAndChecks = {
  readonly rows: readonly (readonly string[])[];
  readonly checks: readonly TargetCheck[];
};

/** Prints the report; returns how many targets were missed. */
export function printSelectionReport(table: readonly (readonly string[])[], checks: readonly TargetCheck[]): number {
  console.log(`\n${formatSelectionTable(table)}\n`);
  console.log(
    "offered 1st / w/ recovery: shares of the recording's tool calls; [user-words]: find_tools asked with the user's latest\n" +
      "message (a lower bound; targets checked on it); [intent]: with the missing tool's action words (figures only);\n" +
      "changes/100: tool-list changes per 100 user turns; recall@15: the ranking of the user's words (and 3 turns before);\n" +
      "w/ context: also given the tools the conversation called before and the instructions' domain lean (targets checked\n" +
      "on it: the service's selection weighs both; BFCL's labelled turns carry neither);",
  );
  console.log(
    "cache reads: main calls after each session's first that read any cached prefix (the standard tools' checkpoint counts);",
  );
  console.log(
    'read tokens: cache reads as a share of our input tokens; bill % (c): our billed input vs the 12-message cached window\n' +
      '(the bill target checks it; with --bill all-in, the next column); all-in %: the same with our selector and\n' +
      'summariser replies added (output the baselines never pay; the main model answers alike on both sides).\n',
  );
  for (const check of checks) console.log(`${check.ok ? 'PASS' : 'MISS'}  ${check.name}: ${check.value}`);
  const missed = checks.filter((check) => !check.ok);
  console.log(`\n${checks.length - missed.length} of ${checks.length} targets met`);
  return missed.length;
}
