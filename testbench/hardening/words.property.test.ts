// Property tests that speak words: sentences of English words, Object.prototype names, identifiers in several cases and
// scripts, emoji and right-to-left text, through tokenising, estimating, ranking, the selector and the summary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DEFAULT_CHEAP_MODEL_ID, lookupModelFacts } from '../../src/config/models.ts';
import { checkPromptRequest } from '../../src/pipeline/assembly/index.ts';
import {
  applySummary,
  extractFacts,
  FACT_LIST_CAP_SHARE,
  foldFactKey,
  parseFactList,
  planFactList,
  planSummary,
} from '../../src/pipeline/summary/index.ts';
import { createToolRegistry, type ToolSpec } from '../../src/pipeline/tool-catalogue/index.ts';
import { createToolIndex, rankTools, splitWords } from '../../src/pipeline/tool-search/index.ts';
import {
  applyToolSelection,
  findNamedDomains,
  finishToolList,
  focusToolRanking,
  planToolList,
  planToolSelection,
  shortlistTools,
  TOOLS_IN_USE_MAX,
} from '../../src/pipeline/tool-selection/index.ts';
import { cutToTokens, estimateTextTokens } from '../../src/pipeline/tokens/index.ts';
import type { Message, ModelReply, PromptRequest } from '../../src/pipeline/types/index.ts';
import { DOMAIN_TOOL_PACK } from '../../src/tools/create-demo-tool-pack.ts';
import { PROTOTYPE_NAMES, sentenceArbitrary, SPECIAL_WORDS, toolNameArbitrary } from './word-vocabulary.ts';

/** Seeded, so a failure replays; enough runs to meet every vocabulary many times. */
const RUNS = { seed: 20261125, numRuns: 200 } as const;
const DEMO_REGISTRY = createToolRegistry();
const CATALOGUE: readonly ToolSpec[] = DOMAIN_TOOL_PACK.map((entry) => DEMO_REGISTRY.register(entry.spec));
const INDEX = createToolIndex(CATALOGUE);
const DOMAINS = [...new Set(CATALOGUE.flatMap((spec) => spec.tags))].filter((tag) => tag !== 'standard');
const domainsOf = (name: string): readonly string[] =>
  CATALOGUE.find((spec) => spec.name === name)?.tags.filter((tag) => tag !== 'standard') ?? [];
const CHEAP_FACTS = lookupModelFacts(DEFAULT_CHEAP_MODEL_ID);
const USAGE = { inputTokens: 10, outputTokens: 10, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 };

function userMessage(text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function assertAccepted(request: PromptRequest): void {
  const check = checkPromptRequest(request, CHEAP_FACTS);
  assert.ok(check.ok, JSON.stringify(check));
}

function assertRanking(ranking: readonly { name: string; score: number }[], names: ReadonlySet<string>): void {
  for (const [at, entry] of ranking.entries()) {
    assert.ok(names.has(entry.name), entry.name);
    assert.ok(Number.isFinite(entry.score) && entry.score >= 0, `${entry.name}: ${entry.score}`);
    if (at > 0) assert.ok((ranking[at - 1]?.score ?? 0) >= entry.score, 'ranking is best first');
  }
  assert.equal(new Set(ranking.map((entry) => entry.name)).size, ranking.length, 'each tool once');
}

describe('words through tokenising and estimating', () => {
  it('splits every special word into strings, and estimates whole, finite, positive token counts', () => {
    for (const word of SPECIAL_WORDS) {
      assert.ok(splitWords(word).every((part) => typeof part === 'string' && part.length > 0), word);
      const tokens = estimateTextTokens(word);
      assert.ok(Number.isInteger(tokens) && tokens > 0, `${word}: ${tokens}`);
    }
  });

  it('estimates sentences at no fewer tokens than their parts less one per joint, and cuts them within a cap', () => {
    fc.assert(
      fc.property(sentenceArbitrary(), sentenceArbitrary(), fc.integer({ min: 1, max: 40 }), (a, b, cap) => {
        const whole = estimateTextTokens(`${a} ${b}`);
        assert.ok(Number.isInteger(whole) && whole > 0);
        assert.ok(whole <= estimateTextTokens(a) + estimateTextTokens(b) + 2, `${a} | ${b}`);
        const cut = cutToTokens(a, cap);
        assert.ok(a.startsWith(cut), 'a cut keeps a prefix');
        assert.ok(estimateTextTokens(cut) <= Math.max(cap, 0), `${cut}: over ${cap}`);
      }),
      RUNS,
    );
  });
});

describe('words through the ranking and the selector', () => {
  const names = new Set(CATALOGUE.map((spec) => spec.name));

  it('ranks any sentence (with earlier turns) best first, each tool once, scores finite, the same twice', () => {
    fc.assert(
      fc.property(sentenceArbitrary(), fc.array(sentenceArbitrary(), { maxLength: 3 }), (query, recentUserTurns) => {
        const ranking = rankTools(INDEX, { query, recentUserTurns });
        assertRanking(ranking, names);
        assert.deepEqual(rankTools(INDEX, { query, recentUserTurns }), ranking);
      }),
      RUNS,
    );
  });

  it('focuses, shortlists and selects 3-5 offered tools for any sentence; a reply naming other words is dropped', () => {
    fc.assert(
      fc.property(
        sentenceArbitrary(),
        fc.subarray([...names], { maxLength: 5 }),
        fc.array(fc.constantFrom(...PROTOTYPE_NAMES, ...names), { maxLength: 6 }),
        (query, previousSelection, replyNames) => {
          const ranked = rankTools(INDEX, { query });
          const namedDomains = findNamedDomains(query, DOMAINS, ranked[0]?.name ?? '');
          assert.ok([...namedDomains].every((domain) => DOMAINS.includes(domain)));
          const focused = focusToolRanking({ ranking: ranked, previousSelection, namedDomains, domainsOf });
          assert.equal(focused.ranking.length, ranked.length);
          assert.ok(focused.domain === null || DOMAINS.includes(focused.domain), String(focused.domain));
          const shortlist = shortlistTools(focused.ranking);
          assert.ok(shortlist.every((name) => names.has(name)));
          const plan = planToolSelection({
            ranking: focused.ranking,
            query,
            modelId: DEFAULT_CHEAP_MODEL_ID,
            catalogue: CATALOGUE,
          });
          if (plan.kind === 'ask') assertAccepted(plan.request);
          const reply: ModelReply = {
            content: [{ type: 'tool_use', id: 'select-1', name: 'select_tools', input: { tools: replyNames } }],
            stopReason: 'tool_use',
            usage: USAGE,
          };
          const selection = applyToolSelection({ plan, reply });
          assert.ok(selection.selected.length <= 5, JSON.stringify(selection));
          assert.ok(selection.selected.every((name) => names.has(name)), JSON.stringify(selection));
          const listPlan = planToolList({
            text: query,
            recentUserTurns: [],
            previous: previousSelection,
            calledTools: [],
            index: INDEX,
            lookup: (name) => CATALOGUE.find((spec) => spec.name === name),
            domainsOf,
            domains: DOMAINS,
            domainTools: (domain) => CATALOGUE.filter((spec) => spec.tags.includes(domain)).map((spec) => spec.name),
            minTools: 3,
            maxTools: 5,
            modelId: DEFAULT_CHEAP_MODEL_ID,
          });
          const listSelection = listPlan.kind === 'keep'
            ? { selected: listPlan.selected, source: 'keep' as const, dropped: [] }
            : applyToolSelection({ plan: listPlan.selection, reply });
          const list = finishToolList(listPlan, listSelection, { minTools: 3, maxTools: 5 });
          if (listPlan.kind === 'keep') assert.deepEqual(list, previousSelection);
          else {
            // 3-5 selected, plus up to TOOLS_IN_USE_MAX earlier tools the conversation was using.
            const fresh = list.filter((name) => !previousSelection.includes(name));
            assert.ok(fresh.length <= 5 && list.length >= 3, String(list));
            assert.ok(list.length <= 5 + TOOLS_IN_USE_MAX && list.every((name) => names.has(name)), String(list));
          }
        },
      ),
      RUNS,
    );
  });
});

describe('words through the summary', () => {
  it('extracts facts whose keys are folded and whose exact kinds occur in the text', () => {
    fc.assert(
      fc.property(sentenceArbitrary(30), (text) => {
        for (const fact of extractFacts(text, 'User')) {
          assert.equal(fact.key, foldFactKey(fact.key));
          if (fact.kind !== 'commitment' && fact.kind !== 'preference') assert.ok(text.includes(fact.text), fact.text);
        }
      }),
      RUNS,
    );
  });

  it('plans a fact list within its share of the cap and a summariser request Bedrock accepts; any answer is a summary, a retry or a gap', () => {
    fc.assert(
      fc.property(
        fc.array(sentenceArbitrary(20), { minLength: 1, maxLength: 6 }),
        sentenceArbitrary(40),
        (texts, answer) => {
          const evicted = texts.map((text, at) => ({
            seq: at + 1,
            message: userMessage(`${text} ref ${at}A-77${at}`),
          }));
          const facts = planFactList({ previousSummary: null, fresh: evicted, capTokens: 400 });
          assert.ok(facts.tokens <= Math.floor(400 * FACT_LIST_CAP_SHARE), String(facts.tokens));
          assert.ok(parseFactList(`Prose.\n\n${facts.text}`, texts.length).entries.length >= (facts.text ? 1 : 0));
          const plan = planSummary({ previousSummary: null, evicted, modelId: DEFAULT_CHEAP_MODEL_ID });
          assert.equal(plan.kind, 'summarise');
          if (plan.kind !== 'summarise') return;
          assertAccepted(plan.request);
          const result = applySummary({
            plan,
            attempt: 1,
            reply: { content: [{ type: 'text', text: answer }], stopReason: 'end_turn', usage: USAGE },
          });
          if (result.ok) assert.ok(result.summary.tokens <= plan.capTokens, String(result.summary.tokens));
          else assert.ok('retry' in result || 'gap' in result);
        },
      ),
      { ...RUNS, numRuns: 100 },
    );
  });
});

describe('catalogues named with words', () => {
  it('loads manifests whose tool names and descriptions are Object.prototype names and words, and ranks them', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(toolNameArbitrary(), { minLength: 1, maxLength: 8 }),
        fc.array(sentenceArbitrary(), { minLength: 8, maxLength: 8 }),
        fc.constantFrom(...PROTOTYPE_NAMES),
        (toolNames, descriptions, query) => {
          const registry = createToolRegistry();
          const manifest = toolNames.map((name, at) => ({
            name,
            description: descriptions[at] ?? name,
            tags: [PROTOTYPE_NAMES[at % PROTOTYPE_NAMES.length] ?? 'tag'],
            inputSchema: { type: 'object', properties: { [query]: { type: 'string', description: query } } },
          }));
          const loaded = registry.loadManifest(manifest);
          assert.ok(loaded.ok, JSON.stringify(loaded));
          assert.deepEqual([...registry.all().map((spec) => spec.name)].sort(), [...toolNames].sort());
          const index = createToolIndex(registry.all());
          assertRanking(rankTools(index, { query }), new Set(toolNames));
          assertRanking(rankTools(index, { query: descriptions.join(' ') }), new Set(toolNames));
        },
      ),
      { ...RUNS, numRuns: 100 },
    );
  });
});
