// `npm run replay:ttl`: the cache TTL policies (fixed 5 min, fixed 1 h, adaptive) replayed on τ-bench sessions retimed
// with gap profiles from the fixtures' timestamps; prints the cost of each and the adaptive policy's saving, per half.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createChatService } from '../src/turn/create-chat-service.ts';
import {
  compareTtlPolicies,
  renderTtlTable,
  sumTtlComparisons,
  TTL_POLICIES,
  type TtlComparison,
} from '../testbench/replay/compare-ttl-policies.ts';
import { concatenateSessions } from '../testbench/replay/concatenate-sessions.ts';
import { createGapProfiles } from '../testbench/replay/gap-profiles.ts';
import { loadConversationsFile } from '../testbench/replay/load-conversations-file.ts';
import { createReplaySettings } from '../testbench/replay/run-replay-cli.ts';

const USAGE =
  `Usage: npm run replay:ttl -- [--sessions <per half, default 2>] [--turns <user turns per session, default 30>]
       [--profiles tau,locomo,mixed,desk] [--json]`;

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '2' },
    turns: { type: 'string', default: '30' },
    profiles: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const sessionCount = Number(values.sessions);
const userTurns = Number(values.turns);
if (!(Number.isInteger(sessionCount) && sessionCount >= 1 && Number.isInteger(userTurns) && userTurns >= 1)) {
  console.error(`replay:ttl: --sessions and --turns take whole numbers ≥ 1\n${USAGE}`);
  process.exit(2);
}
const fixture = (path: string): string => new URL(`../testbench/fixtures/${path}`, import.meta.url).pathname;
const tau = await loadConversationsFile(fixture('tau-airline/conversations.jsonl'));
if (tau.errors.length > 0) throw new Error(`fixture errors: ${JSON.stringify(tau.errors.slice(0, 3))}`);
const locomo = readFileSync(fixture('locomo/conversations.jsonl'), 'utf8').split('\n').filter((line) => line.trim())
  .map((line) => ({ turns: (JSON.parse(line) as { messages: { role: string; at: string }[] }).messages }));
const allProfiles = createGapProfiles({ tau: tau.conversations, locomo });
const wanted = values.profiles?.split(',').map((name) => name.trim());
const profiles = wanted === undefined ? allProfiles : allProfiles.filter((profile) => wanted.includes(profile.name));
if (profiles.length === 0) {
  console.error(`replay:ttl: no such profile; choose from ${allProfiles.map((profile) => profile.name).join(', ')}`);
  process.exit(2);
}
const manifests = [{
  label: 'tau-airline/tools.json',
  json: JSON.parse(readFileSync(fixture('tau-airline/tools.json'), 'utf8')) as unknown,
}];
const settings = createReplaySettings({}, false);
const middle = Math.floor(tau.conversations.length / 2);
const halves = [
  { half: 'A', conversations: tau.conversations.slice(0, middle) },
  { half: 'B', conversations: tau.conversations.slice(middle) },
];
const rows: (TtlComparison & { half: string })[] = [];
const started = performance.now();
for (const { half, conversations } of halves) {
  const chained = concatenateSessions(conversations, {
    targetUserTurns: userTurns,
    maxSessions: sessionCount,
    gaps: { kind: 'realistic', seed: `ttl-${half}` },
    idPrefix: `ttl-${half}`,
  });
  if (!chained.ok) throw new Error(chained.reason);
  for (const profile of profiles) {
    process.stderr.write(`${profile.name} / half ${half}: `);
    const comparison = await compareTtlPolicies({
      sessions: chained.sessions,
      profile,
      manifests,
      settings,
      createService: createChatService,
      baselinesInWorkers: true,
      onProgress: (policy, done, total) => {
        if (done === total) process.stderr.write(`${policy} `);
      },
    });
    process.stderr.write(`(${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    rows.push({ ...comparison, half });
  }
  // Every profile together: a population in which a fixed policy must serve all kinds of people.
  rows.push({ ...sumTtlComparisons(rows.filter((row) => row.half === half), 'all profiles'), half });
}
if (values.json) console.log(JSON.stringify(rows, null, 2));
else {
  for (const profile of profiles) console.log(`- ${profile.name}: ${profile.description}`);
  console.log(`\n${renderTtlTable(rows)}\n`);
  const failed = rows.filter((row) => row.profile !== 'all profiles')
    .reduce((sum, row) => sum + TTL_POLICIES.reduce((n, policy) => n + row.policies[policy].failedTurns, 0), 0);
  console.log(`Failed turns: ${failed}. Billed input of every call (main, selector, summariser), simulator prices.`);
}
