// The weighted search terms of a request: the latest message's words, earlier user turns' words at lower weights,
// and each word's synonyms and near spellings at lower weights again.
import { findNearSpellings } from './create-spelling-lookup.ts';
import type { SpellingLookup } from './create-spelling-lookup.ts';
import { findSynonyms } from './search-synonyms.ts';
import { tokenizeForSearch } from './tokenize-for-search.ts';

/** A synonym, or a word one typo or a prefix away, counts for less than the word the user wrote. */
const SYNONYM_WEIGHT = 0.3;
const NEAR_SPELLING_WEIGHT = 0.5;

export type WeighQueryTermsInput = {
  readonly query: string;
  /** Earlier user turns, oldest first. */
  readonly recentUserTurns?: readonly string[];
  /** One weighting per result: `weights[back]` for the turn `back + 1` places before the query (the query counts 1). */
  readonly histories: readonly (readonly number[])[];
  readonly vocabulary: ReadonlyMap<string, number>;
  readonly spelling: SpellingLookup;
};

function expandTerm(input: WeighQueryTermsInput, term: string): [string, number][] {
  const variants: [string, number][] = [[term, 1]];
  for (const synonym of findSynonyms(term)) variants.push([synonym, SYNONYM_WEIGHT]);
  if (!input.vocabulary.has(term)) {
    for (const known of findNearSpellings(input.spelling, term)) variants.push([known, NEAR_SPELLING_WEIGHT]);
  }
  return variants;
}

/**
 * One term → weight map per entry of `histories`; a term keeps the highest weight any of its sources gives it.
 * Pure; only the last `max(histories[i].length)` earlier turns are read.
 */
export function weighQueryTerms(input: WeighQueryTermsInput): Map<string, number>[] {
  const maps = input.histories.map(() => new Map<string, number>());
  const expanded = new Map<string, [string, number][]>();
  const depth = Math.max(0, ...input.histories.map((history) => history.length));
  const recent = depth === 0 ? [] : (input.recentUserTurns ?? []).slice(-depth).reverse();
  const sources: [string, number][] = [
    [input.query, -1],
    ...recent.map((turn, back): [string, number] => [turn, back]),
  ];
  for (const [text, back] of sources) {
    for (const term of tokenizeForSearch(text)) {
      let variants = expanded.get(term);
      if (variants === undefined) {
        variants = expandTerm(input, term);
        expanded.set(term, variants);
      }
      input.histories.forEach((history, which) => {
        const weight = back < 0 ? 1 : (history[back] ?? 0);
        const map = maps[which];
        if (map === undefined || weight <= 0) return;
        for (const [variant, share] of variants) {
          if (weight * share > (map.get(variant) ?? 0)) map.set(variant, weight * share);
        }
      });
    }
  }
  return maps;
}
