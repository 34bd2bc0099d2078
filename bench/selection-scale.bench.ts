// The tool selection's CPU time against catalogue size: every committed catalogue together (≈ 440 tools), then that
// catalogue offered by 3 and by 10 providers (each copy's names after a provider prefix, `p2_find_movies`, its tags
// the copy's own), and the 10 providers under one tag (the worst case for a domain's lists: one domain of ≈ 4,400
// tools), read with the committed conversations' real user messages; then 20 messages as long as the API accepts
// (32,000 characters of Topical-Chat's small talk each). Prints the index build (once per catalogue, at
// start) and per message the ranking and the whole keep-or-change decision (`planToolList`), median and p99. Targets
// (with room for a shared 2-core machine): the decision's median < 5 ms at ≈ 1,300 tools and < 10 ms at ≈ 4,400, its
// p99 < 500 ms at ≈ 4,400, the index < 2 s at ≈ 4,400; for the longest messages the decision's median < 200 ms at
// ≈ 1,300 tools and < 500 ms at ≈ 4,400. Standalone: `tsx bench/selection-scale.bench.ts`; exits 1 when a
// figure misses its target.
import { readFileSync } from 'node:fs';
import { createToolRegistry, STANDARD_TAG, type ToolInput } from '../src/pipeline/tool-catalogue/index.ts';
import { createToolIndex, rankTools } from '../src/pipeline/tool-search/index.ts';
import { measureDomainPrior, planToolList } from '../src/pipeline/tool-selection/index.ts';
import { DEFAULT_MAX_TEXT_CHARS } from '../src/http/request-schemas.ts';

const FIXTURES = new URL('../testbench/fixtures/', import.meta.url);
const CATALOGUES = ['bfcl', 'bfcl-pool', 'sgd', 'tau-airline', 'tooltalk'];
const CONVERSATIONS = ['sgd', 'tau-airline', 'tooltalk'];
/** Copies of the catalogue, each a provider of its own (or all under one tag), and their targets. */
const SIZES: readonly {
  readonly copies: number;
  readonly oneTag?: boolean;
  /** The decision's median, ms. */
  readonly decisionMs?: number;
  /** The decision's p99, ms. */
  readonly p99Ms?: number;
  readonly indexSeconds?: number;
  /** Read with the longest messages the API accepts instead of the conversations' own. */
  readonly long?: boolean;
}[] = [
  { copies: 1 },
  { copies: 3, decisionMs: 5 },
  { copies: 10, decisionMs: 10, p99Ms: 500, indexSeconds: 2 },
  { copies: 10, oneTag: true, decisionMs: 10, p99Ms: 500, indexSeconds: 2 },
  { copies: 1, long: true },
  { copies: 3, long: true, decisionMs: 200 },
  { copies: 10, long: true, decisionMs: 500 },
];
const MESSAGES = 600;
/** The longest messages: DEFAULT_MAX_TEXT_CHARS of real small talk each (Topical-Chat's turns, one after another). */
const LONG_MESSAGES = 20;
const MODEL = 'anthropic.claude-haiku-4-5';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8'));

const seen = new Set<string>();
const base = CATALOGUES.flatMap((name) => read(`${name}/tools.json`) as ToolInput[]).filter((tool) => {
  if ((tool.tags ?? []).includes(STANDARD_TAG) || seen.has(tool.name)) return false;
  seen.add(tool.name);
  return true;
});

// Real user messages, interleaved across the sets so each stretch of the run reads all three.
const perSet = CONVERSATIONS.map((name) =>
  readFileSync(new URL(`${name}/conversations.jsonl`, FIXTURES), 'utf8').split('\n').filter((line) => line !== '')
    .flatMap((line) => (JSON.parse(line) as { turns: { role: string; text?: string }[] }).turns)
    .flatMap((turn) => turn.role === 'user' && typeof turn.text === 'string' ? [turn.text] : [])
);
const messages: string[] = [];
for (let at = 0; messages.length < MESSAGES && perSet.some((set) => at < set.length); at += 1) {
  for (const set of perSet) if (at < set.length && messages.length < MESSAGES) messages.push(set[at] as string);
}

const chatter = readFileSync(new URL('topical-chat/everyday.jsonl', FIXTURES), 'utf8').split('\n')
  .filter((line) => line !== '')
  .flatMap((line) => (JSON.parse(line) as { turns: { role: string; text?: string }[] }).turns)
  .flatMap((turn) => typeof turn.text === 'string' ? [turn.text] : []);
const longMessages: string[] = [];
for (let next = 0; longMessages.length < LONG_MESSAGES;) {
  let text = '';
  while (text.length < DEFAULT_MAX_TEXT_CHARS) text += `${chatter[next++ % chatter.length]} `;
  longMessages.push(text.slice(0, DEFAULT_MAX_TEXT_CHARS));
}

function catalogue(copies: number, oneTag: boolean): ToolInput[] {
  const names = new Set<string>();
  return Array.from({ length: copies }, (_, copy) =>
    base.flatMap((tool) => {
      const name = copy === 0 ? tool.name : `p${copy + 1}_${tool.name}`.slice(0, 64);
      if (names.has(name)) return [];
      names.add(name);
      const tags = oneTag ? ['catalogue'] : (tool.tags ?? []).map((tag) => copy === 0 ? tag : `${tag}_p${copy + 1}`);
      return [{ ...tool, name, tags }];
    })).flat();
}

const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};
const ms = (value: number): string => `${value.toFixed(2)} ms`;

console.log(
  `${messages.length} user messages of the SGD, τ-bench and ToolTalk fixtures; ${longMessages.length} of ${DEFAULT_MAX_TEXT_CHARS} characters (the API's limit) of Topical-Chat's small talk`,
);
let failed = 0;
for (const { copies, oneTag = false, decisionMs, p99Ms, indexSeconds, long = false } of SIZES) {
  const inputs = long ? longMessages : messages;
  const registry = createToolRegistry();
  const loaded = registry.loadManifest(catalogue(copies, oneTag));
  if (!loaded.ok) throw new Error(`catalogue does not load: ${loaded.errors.slice(0, 3).join('; ')}`);
  let started = performance.now();
  const index = createToolIndex(registry.domainTools());
  const domainPrior = measureDomainPrior({
    index,
    instructions: 'You are a concierge: restaurants, hotels, flights, events, messages and reminders.',
    domainsOf: registry.domainsOf,
  });
  const buildMs = performance.now() - started;
  // The catalogue as the turn hands it to the selection (src/turn/choose-tools.ts).
  const catalogueView = {
    index,
    domainPrior,
    lookup: (name: string) => registry.get(name),
    domainsOf: registry.domainsOf,
    domains: registry.domains(),
    domainTools: (domain: string) => registry.domainTools(domain).map((spec) => spec.name),
  };
  const ranking: number[] = [];
  const decision: number[] = [];
  let previous: readonly string[] = [];
  let changes = 0;
  for (const [position, text] of inputs.entries()) {
    started = performance.now();
    const ranked = rankTools(index, {
      query: text,
      recentUserTurns: inputs.slice(Math.max(0, position - 3), position),
    });
    ranking.push(performance.now() - started);
    started = performance.now();
    const plan = planToolList({
      text,
      recentUserTurns: inputs.slice(Math.max(0, position - 3), position),
      previous,
      calledTools: [],
      ...catalogueView,
      minTools: 3,
      maxTools: 5,
      modelId: MODEL,
    });
    decision.push(performance.now() - started);
    if (plan.kind === 'change') {
      changes += 1;
      previous = [plan.trigger.name, ...ranked.map((entry) => entry.name).filter((name) => name !== plan.trigger.name)]
        .slice(0, 5);
    }
  }
  const median = percentile(decision, 0.5);
  const verdicts: string[] = [];
  if (decisionMs !== undefined) {
    verdicts.push(median < decisionMs ? `decision < ${decisionMs} ms` : `FAIL decision ≥ ${decisionMs} ms`);
  }
  const p99 = percentile(decision, 0.99);
  if (p99Ms !== undefined) verdicts.push(p99 < p99Ms ? `p99 < ${p99Ms} ms` : `FAIL p99 ≥ ${p99Ms} ms`);
  if (indexSeconds !== undefined) {
    verdicts.push(buildMs < indexSeconds * 1000 ? `index < ${indexSeconds} s` : `FAIL index ≥ ${indexSeconds} s`);
  }
  failed += verdicts.filter((verdict) => verdict.startsWith('FAIL')).length;
  const verdict = verdicts.length === 0 ? '' : `  [${verdicts.join(', ')}]`;
  console.log(
    `${String(registry.domainTools().length).padStart(5)} tools (${registry.domains().length} domains${
      long ? `; ${inputs.length} longest messages` : ''
    }): index ${(buildMs / 1000).toFixed(2)} s; ranking median ${ms(percentile(ranking, 0.5))}, p99 ${
      ms(percentile(ranking, 0.99))
    }; decision median ${ms(median)}, p99 ${ms(p99)} (${changes} changes)${verdict}`,
  );
}
console.log(failed === 0 ? 'every target met' : `${failed} target(s) missed`);
process.exit(failed === 0 ? 0 : 1);
