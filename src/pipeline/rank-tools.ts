// Local tool ranking: BM25F over a tool's name, description, tags and parameters, with stemming, synonyms,
// abbreviations, near-miss spellings, the last few user turns, the strongest domain, and the tools a hit depends on.
import { findSynonyms } from './search-synonyms.ts';
import { compareText } from './tool-spec.ts';
import type { ToolSpec } from './tool-spec.ts';
import { indexToolFields, FIELDS } from './index-tool-fields.ts';
import type { IndexedTool, Posting } from './index-tool-fields.ts';
import { createSpellingLookup, findNearSpellings } from './create-spelling-lookup.ts';
import type { SpellingLookup } from './create-spelling-lookup.ts';
import { tokenizeForSearch } from './tokenize-for-search.ts';

export type RankedTool = { readonly name: string; readonly score: number };
export type RankToolsInput = { readonly query: string; readonly recentUserTurns?: readonly string[] };

/** BM25's k1: how fast repeated matches stop adding. */
const SATURATION = 1.2;
/** A synonym, or a word one typo or a prefix away, counts for less than the word the user wrote. */
const SYNONYM_WEIGHT = 0.3;
const NEAR_SPELLING_WEIGHT = 0.7;
/** Earlier user turns (most recent first) weigh little in a tool's own score: they name what was done, not what is asked… */
const RECENT_TURN_TERM_WEIGHTS = [0.2, 0.1, 0.05] as const;
/** …but they say a lot about which domain the conversation is in. */
const RECENT_TURN_DOMAIN_WEIGHTS = [0.7, 0.5, 0.35] as const;
/** Bonus for every tool of the best-matching domain, relative to the best tool's score. */
const DOMAIN_WEIGHT = 0.5;
/** A domain the latest message alone points to gets this share of the full domain bonus, however quiet earlier turns were. */
const QUERY_DOMAIN_WEIGHT = 0;
/** Share of a tool's score passed to the tools that produce its inputs (the `get_zipcode` before `estimate_distance`). */
const PRODUCER_WEIGHT = 0.2;
/** Share of a tool's score passed to the tools its description names ("for the authenticated user" → `authenticate`). */
const PREREQUISITE_WEIGHT = 0;

/** Precomputed statistics of a catalogue; build once per catalogue, reuse for every query. */
export type ToolIndex = {
  readonly tools: readonly IndexedTool[];
  readonly inverseDocumentFrequency: ReadonlyMap<string, number>;
  readonly averageLengths: Readonly<Record<(typeof FIELDS)[number], number>>;
  readonly postings: ReadonlyMap<string, readonly Posting[]>;
  readonly spelling: SpellingLookup;
};

/** Indexes `tools` (any order; rankings do not depend on it). Pure; the specs are read, never kept. */
export function createToolIndex(tools: readonly ToolSpec[]): ToolIndex {
  const fields = indexToolFields(tools);
  return { ...fields, spelling: createSpellingLookup(fields.inverseDocumentFrequency.keys()) };
}

/** Each query term with its variants: itself (1), its synonyms and near spellings (less), best variant weight kept. */
function expandTerm(index: ToolIndex, term: string): [string, number][] {
  const variants: [string, number][] = [[term, 1]];
  for (const synonym of findSynonyms(term)) variants.push([synonym, SYNONYM_WEIGHT]);
  if (!index.inverseDocumentFrequency.has(term)) for (const known of findNearSpellings(index.spelling, term)) variants.push([known, NEAR_SPELLING_WEIGHT]);
  return variants;
}

/** Weight of every query term for each weighting of earlier turns: the query's own words 1, `history[back]` for earlier turns. */
function weighQueryTerms(index: ToolIndex, input: RankToolsInput, histories: readonly (readonly number[])[]): Map<string, number>[] {
  const maps = histories.map(() => new Map<string, number>());
  const expanded = new Map<string, [string, number][]>();
  const recent = (input.recentUserTurns ?? []).slice(-Math.max(...histories.map((history) => history.length))).reverse();
  const sources: [string, number][] = [[input.query, -1], ...recent.map((turn, back): [string, number] => [turn, back])];
  for (const [text, back] of sources) {
    for (const term of tokenizeForSearch(text)) {
      let variants = expanded.get(term);
      if (variants === undefined) {
        variants = expandTerm(index, term);
        expanded.set(term, variants);
      }
      histories.forEach((history, which) => {
        const weight = back < 0 ? 1 : (history[back] ?? 0);
        const map = maps[which]!;
        for (const [variant, share] of variants) if (weight * share > (map.get(variant) ?? 0)) map.set(variant, weight * share);
      });
    }
  }
  return maps;
}

function scoreTools(index: ToolIndex, queryTerms: ReadonlyMap<string, number>): number[] {
  const scores = new Array<number>(index.tools.length).fill(0);
  for (const [term, queryWeight] of queryTerms) {
    const postings = index.postings.get(term);
    if (postings === undefined || queryWeight <= 0) continue;
    const weight = queryWeight * (index.inverseDocumentFrequency.get(term) ?? 0);
    for (const posting of postings) scores[posting.tool] = (scores[posting.tool] ?? 0) + (weight * posting.weight) / (SATURATION + posting.weight);
  }
  return scores;
}

/** A tool's score, raised to (own + share × score of the tool that needs it) when that is higher. */
function lendScores(index: ToolIndex, ownScores: readonly number[]): number[] {
  const scores = [...ownScores];
  const lend = (target: number, share: number, from: number): void => {
    scores[target] = Math.max(scores[target] ?? 0, (ownScores[target] ?? 0) + share * (ownScores[from] ?? 0));
  };
  index.tools.forEach((tool, position) => {
    for (const producer of tool.producers) lend(producer, PRODUCER_WEIGHT, position);
    for (const prerequisite of tool.prerequisites) lend(prerequisite, PREREQUISITE_WEIGHT, position);
  });
  return scores;
}

/** Strength of every tag in 0..1: per score list its best tool relative to the best tag, times that list's weight; max over lists. */
function measureDomains(index: ToolIndex, scoreLists: readonly (readonly number[])[], weights: readonly number[]): Map<string, number> {
  const strength = new Map<string, number>();
  scoreLists.forEach((scores, which) => {
    const best = new Map<string, number>();
    index.tools.forEach((tool, position) => {
      for (const tag of tool.tags) best.set(tag, Math.max(best.get(tag) ?? 0, scores[position] ?? 0));
    });
    const top = Math.max(0, ...best.values());
    if (top <= 0) return;
    for (const [tag, value] of best) strength.set(tag, Math.max(strength.get(tag) ?? 0, ((weights[which] ?? 0) * value) / top));
  });
  return strength;
}

/**
 * Ranks the indexed tools for a query and optionally the earlier user turns (oldest first; the last 3 count).
 * Returns only tools with a positive score, best first; equal scores are ordered by name, so the same input always
 * gives the same list. Scores are relative (the best own match is about 1), not comparable across queries.
 */
export function rankTools(index: ToolIndex, input: RankToolsInput): readonly RankedTool[] {
  const [termWeights, contextWeights] = weighQueryTerms(index, input, [RECENT_TURN_TERM_WEIGHTS, RECENT_TURN_DOMAIN_WEIGHTS]);
  const scores = lendScores(index, scoreTools(index, termWeights!));
  const domainStrength = measureDomains(index, [scoreTools(index, contextWeights!), scores], [1, QUERY_DOMAIN_WEIGHT]);
  const topTool = Math.max(0, ...scores);
  const ranked: RankedTool[] = [];
  index.tools.forEach((tool, position) => {
    const own = topTool > 0 ? (scores[position] ?? 0) / topTool : 0;
    const domain = Math.max(0, ...tool.tags.map((tag) => domainStrength.get(tag) ?? 0));
    const score = own + DOMAIN_WEIGHT * domain;
    if (score > 0) ranked.push({ name: tool.name, score });
  });
  return ranked.sort((a, b) => b.score - a.score || compareText(a.name, b.name));
}
