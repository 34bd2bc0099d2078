// One fixture's halves replayed through the real chat service for each find_tools query mode: table rows and targets.
import { createToolIndex } from '../../src/pipeline/tool-search/index.ts';
import { createToolRegistry, STANDARD_TAG } from '../../src/pipeline/tool-catalogue/index.ts';
import { measureDomainPrior } from '../../src/pipeline/tool-selection/index.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import type { TurnSettings } from '../../src/turn/turn-dependencies.ts';
import {
  checkRecallTargets,
  checkReplayTargets,
  type TargetCheck,
} from '../../testbench/replay/check-selection-targets.ts';
import { concatenateSessions } from '../../testbench/replay/concatenate-sessions.ts';
import type { Conversation } from '../../testbench/replay/conversation-format.ts';
import { labelToolQueries } from '../../testbench/replay/label-tool-queries.ts';
import { loadConversationsFile } from '../../testbench/replay/load-conversations-file.ts';
import { measureSelection } from '../../testbench/replay/measure-selection.ts';
import { runReplay } from '../../testbench/replay/run-replay.ts';
import { type Half, splitHalves } from '../../testbench/replay/split-halves.ts';
import { formatSelectionRow } from './format-selection-table.ts';
import type { ReplayedFixture } from './list-replayed-fixtures.ts';
import type { ToolSelectionOptions } from './parse-tool-selection-options.ts';
import { printMissedCalls, printMissSummary } from './print-selection-misses.ts';
import type { SelectionRowsAndChecks } from './print-selection-report.ts';
import { readFixtureManifest, resolveFixturePath } from './read-fixture-manifest.ts';
import { type Recall, recallAt15, recallWithContextAt15 } from './recall-at-15.ts';

export type ReplayFixtureHalvesOptions = {
  readonly entry: ReplayedFixture;
  readonly options: ToolSelectionOptions;
  readonly settings: TurnSettings;
};

/**
 * Replays each wanted half once per query mode (once for a fixture that needs no tool), printing its miss lines as it
 * goes; replay targets are checked on `user-words` only, the ranking's recall targets when both halves ran.
 */
export async function replayFixtureHalves(
  { entry, options, settings }: ReplayFixtureHalvesOptions,
): Promise<SelectionRowsAndChecks> {
  const rows: string[][] = [];
  const checks: TargetCheck[] = [];
  const loaded = await loadConversationsFile(resolveFixturePath(entry.file));
  if (loaded.errors.length > 0) throw new Error(`${entry.file}: ${JSON.stringify(loaded.errors.slice(0, 3))}`);
  const split = splitHalves(loaded.conversations, entry.splitKey);
  const manifests = entry.manifests.map((path) => readFixtureManifest(path, entry.keepTag));
  const registry = createToolRegistry();
  for (const one of manifests) registry.loadManifest(one.json);
  const index = createToolIndex(registry.domainTools());
  const domainsOf = (name: string) => (registry.get(name)?.tags ?? []).filter((tag) => tag !== STANDARD_TAG);
  const priors = new Map<string, ReadonlyMap<string, number>>();
  const priorOf = (instructions: string) => {
    const prior = priors.get(instructions) ?? measureDomainPrior({ index, instructions, domainsOf });
    priors.set(instructions, prior);
    return prior;
  };
  const recall: Partial<Record<Half, Recall>> = {};
  // Conversations that need no tool never search: one run says everything.
  for (const query of entry.noTool ? options.queryModes.slice(0, 1) : options.queryModes) {
    for (const half of options.halves) {
      const conversations = entry.chainUserTurns === undefined ? split[half] : chain(split[half], entry.chainUserTurns);
      const result = await runReplay({
        conversations,
        manifests,
        settings,
        createService: createChatService,
        baselinesInWorkers: true,
        findToolsQuery: query,
        ...(options.seed === undefined ? {} : { simulatorSeed: options.seed }),
      });
      if (!result.ok) throw new Error(`${entry.title} ${half}: ${result.reason}`);
      const figures = measureSelection(result.run);
      const queries = conversations.flatMap((conversation) =>
        labelToolQueries(conversation).map((query) => ({ ...query, domainPrior: priorOf(conversation.system ?? '') }))
      );
      if (queries.length > 0) {
        recall[half] = { bare: recallAt15(index, queries), context: recallWithContextAt15(index, queries) };
      }
      const named = result.run.domainToolPolicy === 'all' ? `${entry.title}, every tool` : entry.title;
      const title = entry.noTool ? named : `${named} [${query}]`;
      rows.push(formatSelectionRow(title, half, figures, recall[half]));
      if (query === 'user-words') {
        checks.push(...checkReplayTargets(`${title} ${half}`, figures, { noTool: entry.noTool, bill: options.bill }));
      }
      printMissSummary(`${title} ${half}`, figures);
      if (options.misses) printMissedCalls(result.run, conversations);
    }
  }
  if (recall.tuning !== undefined && recall['held-out'] !== undefined) {
    checks.push(
      ...checkRecallTargets(`${entry.title} ranking w/ context`, recall.tuning.context, recall['held-out'].context),
    );
  }
  return { rows, checks };
}

/** A half's conversations chained into one session of at least `userTurns` user turns (seeded realistic gaps). */
function chain(conversations: readonly Conversation[], userTurns: number): readonly Conversation[] {
  const chained = concatenateSessions(conversations, {
    targetUserTurns: userTurns,
    maxSessions: 1,
    gaps: { kind: 'realistic', seed: 'bench' },
  });
  if (!chained.ok) throw new Error(chained.reason);
  return chained.sessions;
}
