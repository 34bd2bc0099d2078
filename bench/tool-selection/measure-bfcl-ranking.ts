// BFCL's labelled multi-turn queries, ranking only: recall at 15 on each half, and the recall targets.
import { readFileSync } from 'node:fs';
import { createToolIndex, parseLabelledQueries } from '../../src/pipeline/tool-search/index.ts';
import { createToolRegistry } from '../../src/pipeline/tool-catalogue/index.ts';
import { checkRecallTargets } from '../../testbench/replay/check-selection-targets.ts';
import type { Half } from '../../testbench/replay/split-halves.ts';
import { readFixtureManifest, resolveFixturePath } from './read-fixture-manifest.ts';
import type { SelectionRowsAndChecks } from './print-selection-report.ts';
import { recallAt15 } from './recall-at-15.ts';
import { alternateByConversation } from './alternate-by-conversation.ts';

/**
 * A table row per wanted half (only recall@15 filled in) and the targets, checked on both halves whichever are shown.
 * BFCL's labelled turns have no conversation ids: conversations alternate between the halves (the ranker was tuned on
 * the first), as in bench/selector-recall.bench.ts.
 */
export function measureBfclRanking(halves: readonly Half[]): SelectionRowsAndChecks {
  const registry = createToolRegistry();
  registry.loadManifest(readFixtureManifest('bfcl/tools.json').json);
  const parsed = parseLabelledQueries(readFileSync(resolveFixturePath('bfcl/queries.jsonl'), 'utf8'));
  if (!parsed.ok) throw new Error('bfcl/queries.jsonl does not parse');
  const [tuning, heldOut] = alternateByConversation(parsed.queries);
  const index = createToolIndex(registry.domainTools());
  const recall = { 'tuning': recallAt15(index, tuning), 'held-out': recallAt15(index, heldOut) };
  const rows = halves.map((half) => [
    'BFCL multi-turn (ranking only)',
    half,
    ...Array<string>(11).fill('-'),
    recall[half].toFixed(3),
    '-',
  ]);
  return { rows, checks: checkRecallTargets('BFCL ranking', recall.tuning, recall['held-out']) };
}
