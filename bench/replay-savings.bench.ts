// Replays long tau-airline sessions (≥ 300 user turns each, realistic gaps) with 150+ domain tools and the standard tools
// through the real chat service and the simulator, and checks the cost targets against the three baselines.
// Standalone: `tsx bench/replay-savings.bench.ts [sessions] [--bill input|all-in]`; exits 1 when a target is missed
// (each miss is printed). `--bill all-in` checks the cached-baseline target with our cheap model's replies counted.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createChatService } from '../src/turn/create-chat-service.ts';
import { classifyCacheWrites, describeCacheWrites } from '../testbench/replay/classify-cache-writes.ts';
import { concatenateSessions } from '../testbench/replay/concatenate-sessions.ts';
import { createProgressBar } from '../testbench/replay/create-progress-bar.ts';
import { loadConversationsFile } from '../testbench/replay/load-conversations-file.ts';
import { renderReplayTable } from '../testbench/replay/render-replay-table.ts';
import { createReplaySettings } from '../testbench/replay/run-replay-cli.ts';
import { runReplay } from '../testbench/replay/run-replay.ts';
import { readBillMeasure } from '../testbench/replay/check-selection-targets.ts';
import { sumCheapOutputUsd } from '../testbench/replay/sum-cheap-output.ts';
import { summariseComparison } from '../testbench/replay/summarise-comparison.ts';

/** The targets. */
const MAX_PERCENT_OF_NAIVE = 10;
const MAX_PERCENT_OF_BEST_CACHED = 50;
const MIN_CACHE_READ_PERCENT = 95;
/** Sessions of at least this many user turns, and how many (2 keeps the run near 2-3 minutes on 2 cores). */
const SESSION_USER_TURNS = 300;
const DEFAULT_SESSIONS = 2;

const fixture = (path: string): string => new URL(`../testbench/fixtures/${path}`, import.meta.url).pathname;
const { values, positionals } = parseArgs({ options: { bill: { type: 'string' } }, allowPositionals: true });
const bill = readBillMeasure(values.bill);
const sessionCount = Number(positionals[0] ?? DEFAULT_SESSIONS);
if (!Number.isInteger(sessionCount) || sessionCount < 1) {
  throw new Error(`sessions must be a whole number of at least 1 (got "${positionals[0]}")`);
}
const loaded = await loadConversationsFile(fixture('tau-airline/conversations.jsonl'));
if (loaded.errors.length > 0) throw new Error(`fixture errors: ${JSON.stringify(loaded.errors.slice(0, 3))}`);
const chained = concatenateSessions(loaded.conversations, {
  targetUserTurns: SESSION_USER_TURNS,
  maxSessions: sessionCount,
  gaps: { kind: 'realistic', seed: 'bench' },
});
if (!chained.ok) throw new Error(chained.reason);
const manifests = ['tau-airline/tools.json', 'bfcl/tools.json'].map((path) => ({
  label: path,
  json: JSON.parse(readFileSync(fixture(path), 'utf8')) as unknown,
}));
const settings = createReplaySettings({}, false);
const bar = process.stderr.isTTY === true
  ? createProgressBar((text) => process.stderr.write(text), 'bench')
  : undefined;
const started = performance.now();
const result = await runReplay({
  conversations: chained.sessions,
  manifests,
  settings,
  createService: createChatService,
  baselinesInWorkers: true,
  ...(bar === undefined ? {} : { onProgress: (done: number, total: number) => bar.update(done, total) }),
});
bar?.finish();
if (!result.ok) throw new Error(result.reason);
const run = result.run;
const seconds = (performance.now() - started) / 1000;
const domainTools = manifests.reduce((sum, manifest) => sum + (manifest.json as unknown[]).length, 0);
console.log(
  `${chained.sessions.length} sessions, ${
    run.conversations.map((one) => one.userTurns).join(' + ')
  } user turns, ${domainTools} domain tools + 4 standard, ${seconds.toFixed(0)} s\n`,
);
console.log(renderReplayTable(run));

const ours = run.totals.ours;
const comparison = summariseComparison(run.totals, sumCheapOutputUsd(run.conversations));
// With --bill all-in, the target also counts our selector's and summariser's replies (see sumCheapOutputUsd).
const bestCachedPercent = bill === 'all-in' ? comparison.allInPercentOfBestCached : comparison.percentOfBestCached;
const kinds = run.conversations.reduce(
  (sum, one) => {
    for (const kind of ['main', 'selector', 'summariser'] as const) sum[kind] += one.ourKinds[kind].billedInputUsd;
    return sum;
  },
  { main: 0, selector: 0, summariser: 0 },
);
const share = (part: number, whole: number): string => `${whole > 0 ? ((100 * part) / whole).toFixed(1) : '0.0'}%`;
console.log(
  `\nWhere our billed input goes: main ${share(kinds.main, ours.billedInputUsd)}, selector ${
    share(kinds.selector, ours.billedInputUsd)
  }, summariser ${share(kinds.summariser, ours.billedInputUsd)}.`,
);
console.log(
  `Our prompt tokens: ${share(ours.cacheReadInputTokens, ours.promptTokens)} cache reads, ${
    share(ours.cacheWriteInputTokens, ours.promptTokens)
  } cache writes, ${share(ours.inputTokens, ours.promptTokens)} uncached.`,
);
console.log(
  describeCacheWrites(classifyCacheWrites(run.replays.map((replay) => replay.turns.flatMap((turn) => turn.calls)))),
);
console.log(
  `Failed turns ${run.conversations.reduce((sum, one) => sum + one.failedTurns, 0)}, persisted turns ${
    run.conversations.reduce((sum, one) => sum + one.persistedTurns, 0)
  }, exchanges with a different call count than recorded ${
    run.conversations.reduce((sum, one) => sum + one.misalignedExchanges, 0)
  }.`,
);

const checks: { readonly name: string; readonly value: string; readonly ok: boolean }[] = [
  {
    name: `billed input cost ≤ ${MAX_PERCENT_OF_NAIVE}% of (a) naive`,
    value: `${comparison.percentOfNaive.toFixed(1)}%`,
    ok: comparison.percentOfNaive <= MAX_PERCENT_OF_NAIVE,
  },
  {
    name: `${
      bill === 'all-in' ? 'all-in cost' : 'billed input cost'
    } ≤ ${MAX_PERCENT_OF_BEST_CACHED}% of the better of (b), (c)`,
    value: `${bestCachedPercent.toFixed(1)}% of ${comparison.bestCached}`,
    ok: bestCachedPercent <= MAX_PERCENT_OF_BEST_CACHED,
  },
  {
    name: `cache reads on ≥ ${MIN_CACHE_READ_PERCENT}% of main calls after the first (within the TTL)`,
    value: `${comparison.ourCacheReadPercent.toFixed(1)}% of ${ours.cacheEligible}`,
    ok: comparison.ourCacheReadPercent >= MIN_CACHE_READ_PERCENT,
  },
  { name: 'zero requests over the cap', value: String(ours.overCap), ok: ours.overCap === 0 },
  { name: 'zero validation errors', value: String(ours.validationErrors), ok: ours.validationErrors === 0 },
];
console.log(
  `\nSeed metric (input tokens vs naive): ${comparison.inputTokensPercentOfNaive.toFixed(1)}% of naive, ${
    (100 - comparison.inputTokensPercentOfNaive).toFixed(1)
  }% fewer (PRD floor: 40% fewer).`,
);
for (const check of checks) console.log(`${check.ok ? 'PASS' : 'MISS'}  ${check.name}: ${check.value}`);
const missed = checks.filter((check) => !check.ok);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed: ${missed.map((check) => check.name).join('; ')}`);
  process.exitCode = 1;
}
