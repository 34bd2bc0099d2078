// Tool selection on both halves of every fixture (issue 13): each half replayed through the real chat service and the
// simulator with the honest scripted model (a tool the request did not offer is a miss; find_tools may recover it), and
// the local ranking's recall at 15, bare and with the conversation's context. Exits 1 below a target. No timing target:
// a busy machine changes no figure here.
// `tsx bench/tool-selection.bench.ts [--only tau|sgd|everyday|topical|pool|topical-pool|bfcl|tooltalk|bfcl-dialogues] [--half tuning|held-out] [--query user-words|intent]
// [--misses] [--seed <text>] [--sgd-dir <folder>] [--everyday-file <file.jsonl>] [--everyday-tools <tools.json>]`
// (tooltalk and bfcl-dialogues run only when --only names them; --seed: the simulator's seed, default `replay`: its stand-in for the cheap model draws the selector's picks from the
// shortlist, so a figure that moves with the seed owes that much to the draws; --sgd-dir: another
// set of SGD dialogues with its tools.json and system-prompt.md, as testbench/replay/build-sgd-fixture.ts --output
// writes it, replayed in its own two halves instead of the fixture; --everyday-file: other conversations that need no
// tool, in the replay's format, each with a `meta.sampleId` or an id to split by, instead of the LoCoMo fixture;
// --everyday-tools: another catalogue (a tool manifest) for them instead of the fixtures' ~200 tools)
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureRecall, parseLabelledQueries } from '../src/pipeline/tool-search/index.ts';
import type { LabelledQuery } from '../src/pipeline/tool-search/index.ts';
import { createToolIndex, rankTools } from '../src/pipeline/tool-search/index.ts';
import { createToolRegistry, STANDARD_TAG } from '../src/pipeline/tool-catalogue/index.ts';
import { measureDomainPrior } from '../src/pipeline/tool-selection/index.ts';
import { createChatService } from '../src/turn/create-chat-service.ts';
import {
  checkRecallTargets,
  checkReplayTargets,
  type TargetCheck,
} from '../testbench/replay/check-selection-targets.ts';
import { concatenateSessions } from '../testbench/replay/concatenate-sessions.ts';
import type { Conversation } from '../testbench/replay/conversation-format.ts';
import { groupExchanges } from '../testbench/replay/group-exchanges.ts';
import { labelToolQueries } from '../testbench/replay/label-tool-queries.ts';
import { loadConversationsFile } from '../testbench/replay/load-conversations-file.ts';
import {
  formatSelectionMisses,
  measureSelection,
  type SelectionFigures,
} from '../testbench/replay/measure-selection.ts';
import { createReplaySettings } from '../testbench/replay/run-replay-cli.ts';
import { type ReplayRun, runReplay } from '../testbench/replay/run-replay.ts';
import { type Half, HALVES, splitHalves } from '../testbench/replay/split-halves.ts';
import type { FindToolsQuery } from '../testbench/replay/create-scripted-model.ts';

const fixture = (path: string): string =>
  isAbsolute(path) ? path : new URL(`../testbench/fixtures/${path}`, import.meta.url).pathname;
const manifest = (path: string) => ({ label: path, json: JSON.parse(readFileSync(fixture(path), 'utf8')) as unknown });

type ReplayedFixture = {
  readonly key: string;
  readonly title: string;
  readonly file: string;
  readonly manifests: readonly string[];
  /** The stable key a conversation is split by. */
  readonly splitKey: (conversation: Conversation) => string;
  /** Replayed only when `--only` names it (a blind check whose figures the README reports; see ToolTalk below). */
  readonly optIn?: boolean;
  /** Chain each half into one session of at least this many user turns (conversations too short to matter alone). */
  readonly chainUserTurns?: number;
  readonly noTool: boolean;
};

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    half: { type: 'string' },
    misses: { type: 'boolean' },
    seed: { type: 'string' },
    query: { type: 'string' },
    'sgd-dir': { type: 'string' },
    'everyday-file': { type: 'string' },
    'everyday-tools': { type: 'string' },
  },
});
const sgdDir = values['sgd-dir'] === undefined ? undefined : resolve(values['sgd-dir']);
const everydayFile = values['everyday-file'] === undefined ? undefined : resolve(values['everyday-file']);
const everydayTools = values['everyday-tools'] === undefined ? undefined : resolve(values['everyday-tools']);

/** Everyday conversations are split by their source sample: a sample's sessions stay in one half. */
const bySample = (conversation: Conversation): string => String(conversation.meta?.['sampleId'] ?? conversation.id);

const FIXTURES: readonly ReplayedFixture[] = [
  {
    key: 'tau',
    title: 'τ-bench airline',
    file: 'tau-airline/conversations.jsonl',
    manifests: ['tau-airline/tools.json', 'bfcl/tools.json'],
    // Trials of one task share its instruction: a task's trials stay in one half.
    splitKey: (conversation) => `task-${String(conversation.meta?.['taskId'] ?? conversation.id)}`,
    chainUserTurns: 300,
    noTool: false,
  },
  {
    key: 'sgd',
    title: 'Schema-Guided Dialogue',
    file: sgdDir === undefined ? 'sgd/conversations.jsonl' : join(sgdDir, 'conversations.jsonl'),
    manifests: [sgdDir === undefined ? 'sgd/tools.json' : join(sgdDir, 'tools.json')],
    splitKey: (conversation) => conversation.id,
    noTool: false,
  },
  // Never tuned on, and not in the default run: ToolTalk's conversations and its terse catalogue of 28 camel-case tools
  // (`AddAlarm`, `QueryCalendar`), a kind the rules were not written for. Its first try and bill miss the targets.
  {
    key: 'tooltalk',
    title: 'ToolTalk (never tuned on)',
    file: 'tooltalk/conversations.jsonl',
    manifests: ['tooltalk/tools.json'],
    splitKey: (conversation) => conversation.id,
    noTool: false,
    optIn: true,
  },
  // Tuned on from the sixteenth session, not in the default run: BFCL's 200 multi-turn task dialogues over its
  // 128-tool catalogue of eight large domains (a car's 22 controls, a file system's 18 commands), where one request
  // often takes two to four calls, some of them steps the user never names (`cd` before a file command, the brake
  // pedal before the engine). Its first try misses the targets (see the README's tool-selection section).
  {
    key: 'bfcl-dialogues',
    title: 'BFCL multi-turn dialogues',
    file: 'bfcl/conversations.jsonl',
    manifests: ['bfcl/tools.json'],
    splitKey: (conversation) => conversation.id,
    noTool: false,
    optIn: true,
  },
  {
    key: 'everyday',
    title: everydayFile === undefined
      ? 'everyday (LoCoMo), no tool needed'
      : 'everyday (--everyday-file), no tool needed',
    file: everydayFile ?? 'locomo/everyday.jsonl',
    manifests: everydayTools === undefined
      ? ['bfcl/tools.json', 'tau-airline/tools.json', 'sgd/tools.json']
      : [everydayTools],
    splitKey: bySample,
    noTool: true,
  },
  // Never tuned on: other everyday conversations (Topical-Chat's small talk about sports, music, films), and another
  // catalogue of ~200 unrelated tools (drawn from BFCL's single-turn pool, half of them untagged).
  {
    key: 'topical',
    title: 'everyday (Topical-Chat), no tool needed',
    file: 'topical-chat/everyday.jsonl',
    manifests: ['bfcl/tools.json', 'tau-airline/tools.json', 'sgd/tools.json'],
    splitKey: bySample,
    noTool: true,
  },
  {
    key: 'pool',
    title: 'everyday (LoCoMo), BFCL-pool tools',
    file: 'locomo/everyday.jsonl',
    manifests: ['bfcl-pool/tools.json'],
    splitKey: bySample,
    noTool: true,
  },
  {
    key: 'topical-pool',
    title: 'everyday (Topical-Chat), BFCL-pool tools',
    file: 'topical-chat/everyday.jsonl',
    manifests: ['bfcl-pool/tools.json'],
    splitKey: bySample,
    noTool: true,
  },
];

/**
 * The replayed model's find_tools queries: the user's words (a lower bound; the targets are checked on these) and the
 * missing tool's action words (near what a real model asks; figures only). Default both.
 */
const queryModes: readonly FindToolsQuery[] = values.query === 'user-words' || values.query === 'intent'
  ? [values.query]
  : ['user-words', 'intent'];
const wanted = (key: string, optIn = false): boolean =>
  values.only === undefined ? !optIn : values.only.split(',').includes(key);
const halves = HALVES.filter((half) => values.half === undefined || values.half === half);
const checks: TargetCheck[] = [];
const rows: string[][] = [[
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
  'over cap',
  'rejected',
  'recall@15',
  'w/ context',
]];
const settings = createReplaySettings({}, false);

for (const entry of FIXTURES.filter((one) => wanted(one.key, one.optIn))) {
  const loaded = await loadConversationsFile(fixture(entry.file));
  if (loaded.errors.length > 0) throw new Error(`${entry.file}: ${JSON.stringify(loaded.errors.slice(0, 3))}`);
  const split = splitHalves(loaded.conversations, entry.splitKey);
  const manifests = entry.manifests.map(manifest);
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
  for (const query of entry.noTool ? queryModes.slice(0, 1) : queryModes) {
    for (const half of halves) {
      const conversations = entry.chainUserTurns === undefined ? split[half] : chain(split[half], entry.chainUserTurns);
      const result = await runReplay({
        conversations,
        manifests,
        settings,
        createService: createChatService,
        baselinesInWorkers: true,
        findToolsQuery: query,
        ...(values.seed === undefined ? {} : { simulatorSeed: values.seed }),
      });
      if (!result.ok) throw new Error(`${entry.title} ${half}: ${result.reason}`);
      const figures = measureSelection(result.run);
      const queries = conversations.flatMap((conversation) =>
        labelToolQueries(conversation).map((query) => ({ ...query, domainPrior: priorOf(conversation.system ?? '') }))
      );
      if (queries.length > 0) {
        recall[half] = { bare: recallAt15(index, queries), context: recallWithContextAt15(index, queries) };
      }
      const title = entry.noTool ? entry.title : `${entry.title} [${query}]`;
      rows.push(row(title, half, figures, recall[half]));
      if (query === 'user-words') {
        checks.push(...checkReplayTargets(`${title} ${half}`, figures, { noTool: entry.noTool }));
      }
      const domains = Object.entries(figures.missedByDomain).sort((a, b) => b[1] - a[1]);
      if (domains.length > 0) {
        const reasons = Object.entries(figures.missedByReason).map(([reason, n]) => `${reason} ${n}`).join(', ');
        console.log(
          `${title} ${half}: misses by domain: ${
            domains.map(([name, n]) => `${name} ${n}`).join(', ')
          }; by reason: ${reasons}`,
        );
      }
      const selectionMisses = formatSelectionMisses(figures.notOfferedBySelection);
      if (selectionMisses !== '') console.log(`${title} ${half}: ${selectionMisses}`);
      if (values.misses === true) printMisses(result.run, conversations);
    }
  }
  if (recall.tuning !== undefined && recall['held-out'] !== undefined) {
    checks.push(
      ...checkRecallTargets(`${entry.title} ranking w/ context`, recall.tuning.context, recall['held-out'].context),
    );
  }
}

if (wanted('bfcl')) {
  // BFCL's labelled turns have no conversation ids: conversations alternate between the halves (the ranker was tuned on
  // the first), as in bench/selector-recall.bench.ts.
  const registry = createToolRegistry();
  registry.loadManifest(manifest('bfcl/tools.json').json);
  const parsed = parseLabelledQueries(readFileSync(fixture('bfcl/queries.jsonl'), 'utf8'));
  if (!parsed.ok) throw new Error('bfcl/queries.jsonl does not parse');
  const [tuning, heldOut] = alternateByConversation(parsed.queries);
  const index = createToolIndex(registry.domainTools());
  const recall = { 'tuning': recallAt15(index, tuning), 'held-out': recallAt15(index, heldOut) };
  for (const half of halves) {
    rows.push(['BFCL multi-turn (ranking only)', half, ...Array(11).fill('-'), recall[half].toFixed(3), '-']);
  }
  checks.push(...checkRecallTargets('BFCL ranking', recall.tuning, recall['held-out']));
}

console.log(`\n${formatTable(rows)}\n`);
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
  'read tokens: cache reads as a share of our input tokens; bill % (c): our billed input vs the 12-message cached window.\n',
);
for (const check of checks) console.log(`${check.ok ? 'PASS' : 'MISS'}  ${check.name}: ${check.value}`);
const missed = checks.filter((check) => !check.ok);
console.log(`\n${checks.length - missed.length} of ${checks.length} targets met`);
if (missed.length > 0) process.exitCode = 1;

function chain(conversations: readonly Conversation[], userTurns: number): readonly Conversation[] {
  const chained = concatenateSessions(conversations, {
    targetUserTurns: userTurns,
    maxSessions: 1,
    gaps: { kind: 'realistic', seed: 'bench' },
  });
  if (!chained.ok) throw new Error(chained.reason);
  return chained.sessions;
}

type Recall = { readonly bare: number; readonly context: number };

/** The ranking given what the service knows: the conversation's earlier calls and the instructions' lean. */
function recallWithContextAt15(
  index: ReturnType<typeof createToolIndex>,
  queries: readonly (LabelledQuery & { readonly domainPrior: ReadonlyMap<string, number> })[],
): number {
  return measureRecall({
    queries,
    rank: (query) =>
      rankTools(index, {
        query: query.query,
        recentUserTurns: query.previous ?? [],
        context: { calledTools: query.called ?? [], domainPrior: query.domainPrior },
      }),
  }).recallAt15;
}

function recallAt15(index: ReturnType<typeof createToolIndex>, queries: readonly LabelledQuery[]): number {
  return measureRecall({
    queries,
    rank: (query) => rankTools(index, { query: query.query, recentUserTurns: query.previous ?? [] }),
  }).recallAt15;
}

function alternateByConversation(queries: readonly LabelledQuery[]): [LabelledQuery[], LabelledQuery[]] {
  const split: [LabelledQuery[], LabelledQuery[]] = [[], []];
  let conversation = -1;
  for (const query of queries) {
    if (query.previous === undefined || query.previous.length === 0) conversation += 1;
    split[conversation % 2 === 0 ? 0 : 1].push(query);
  }
  return split;
}

function row(title: string, half: Half, figures: SelectionFigures, recall: Recall | undefined): string[] {
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
    String(figures.overCap),
    String(figures.rejected),
    recall === undefined ? '-' : recall.bare.toFixed(3),
    recall === undefined ? '-' : recall.context.toFixed(3),
  ];
}

/**
 * Every recorded call not offered on the first try (recovered or missed): conversation, tool, why, the user's words and
 * the domain tools the request offered.
 */
function printMisses(run: ReplayRun, conversations: readonly Conversation[]): void {
  for (const replay of run.replays) {
    const exchanges = groupExchanges(conversations.find((one) => one.id === replay.id) ?? { id: '', turns: [] });
    for (const turn of replay.turns) {
      for (const call of turn.toolCalls.filter((one) => one.verdict !== 'offered')) {
        const text = (exchanges[turn.exchange]?.user.text ?? '').replace(/\s+/g, ' ').slice(0, 90);
        console.log(
          `${call.verdict} ${replay.id}#${turn.exchange} ${call.name} (${
            [call.reason, call.selection].filter((part) => part !== undefined).join(', ')
          }) "${text}" offered: ${(call.offered ?? []).join(',')}`,
        );
      }
    }
  }
}

function formatTable(table: readonly (readonly string[])[]): string {
  const widths = table[0]?.map((_, column) => Math.max(...table.map((line) => line[column]?.length ?? 0))) ?? [];
  return table.map((line) =>
    line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
  ).join('\n');
}
