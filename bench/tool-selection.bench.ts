// Tool selection on both halves of every fixture (issue 13): each half replayed through the real chat service and the
// simulator with the honest scripted model (a tool the request did not offer is a miss; find_tools may recover it), and
// the local ranking's recall at 15, bare and with the conversation's context. Exits 1 below a target. No timing target:
// a busy machine changes no figure here.
// `tsx bench/tool-selection.bench.ts [--only tau|sgd|everyday|topical|pool|topical-pool|bfcl|tau-each|tau-desk|tooltalk|telecom|bfcl-dialogues] [--half tuning|held-out] [--query user-words|intent]
// [--misses] [--seed <text>] [--sgd-dir <folder>] [--everyday-file <file.jsonl>] [--everyday-tools <tools.json>]
// [--bill input|all-in] [--domain-tools auto|select|all]`
// (tau-each, tau-desk, tooltalk, telecom and bfcl-dialogues run only when --only names them; --seed: the simulator's seed, default `replay`: its stand-in for the cheap model draws the selector's picks from the
// shortlist, so a figure that moves with the seed owes that much to the draws; --sgd-dir: another
// set of SGD dialogues with its tools.json and system-prompt.md, as testbench/replay/build-sgd-fixture.ts --output
// writes it, replayed in its own two halves instead of the fixture; --everyday-file: other conversations that need no
// tool, in the replay's format, each with a `meta.sampleId` or an id to split by, instead of the LoCoMo fixture;
// --everyday-tools: another catalogue (a tool manifest) for them instead of the fixtures' ~200 tools; --domain-tools: the
// service's DOMAIN_TOOLS, default auto (a catalogue of at most 6,000 tokens offered whole, a row then says `every tool`);
// all: every domain tool on every request, where the catalogue fits half the prompt cap; select: the selection always)
// The parts live in bench/tool-selection/: options, fixtures, one fixture's replay, recall, BFCL ranking, table, report.
import type { TargetCheck } from '../testbench/replay/check-selection-targets.ts';
import { createReplaySettings } from '../testbench/replay/run-replay-cli.ts';
import { SELECTION_TABLE_HEADER } from './tool-selection/format-selection-table.ts';
import { listReplayedFixtures } from './tool-selection/list-replayed-fixtures.ts';
import { measureBfclRanking } from './tool-selection/measure-bfcl-ranking.ts';
import { parseToolSelectionOptions } from './tool-selection/parse-tool-selection-options.ts';
import { printSelectionReport } from './tool-selection/print-selection-report.ts';
import { replayFixtureHalves } from './tool-selection/replay-fixture-halves.ts';

const options = parseToolSelectionOptions();
const checks: TargetCheck[] = [];
const rows: (readonly string[])[] = [SELECTION_TABLE_HEADER];
const settings = createReplaySettings({}, false, options.domainTools);

for (const entry of listReplayedFixtures(options).filter((one) => options.wanted(one.key, one.optIn))) {
  const replayed = await replayFixtureHalves({ entry, options, settings });
  rows.push(...replayed.rows);
  checks.push(...replayed.checks);
}

if (options.wanted('bfcl')) {
  const ranking = measureBfclRanking(options.halves);
  rows.push(...ranking.rows);
  checks.push(...ranking.checks);
}

if (printSelectionReport(rows, checks) > 0) process.exitCode = 1;
