// What a tool's name says beside its words: the service namespace it opens with (`hotels_4_…`) and the action it
// names first (`…_search_hotel` → search).
import { isNumberTerm, tokenizeForSearch } from '../tool-search/index.ts';

/**
 * Where a name's version stands when it has one: after a namespace of a word or two, with an action and its object
 * after it (`hotels_4_search_hotel` → 1); -1 otherwise (`get_top_10_songs` names no namespace: one word follows).
 */
function versionAt(words: readonly string[]): number {
  const at = words.findIndex(isNumberTerm);
  return at >= 1 && at <= 2 && words.length - at > 2 ? at : -1;
}

/**
 * The service namespace a name opens with, the words before its version (`hotels_4_search_hotel` → "hotels",
 * `rental_cars_2_get_cars` → "rental cars"), whatever the tool's tags; undefined for a name without one.
 */
export function readNameNamespace(name: string): string | undefined {
  const words = name.toLowerCase().split(/[^a-z0-9]+/u).filter((word) => word.length > 0);
  const at = versionAt(words);
  return at < 0 ? undefined : words.slice(0, at).join(' ');
}

/**
 * What a tool's name says it does: its first word once the service's namespace is set aside, that is its domain's
 * words, numbers, every word before a version (`hotels_4_search_hotel` → search, whatever its tag) and a word the name
 * says again later (`hotels_search_hotel` → search): a name says its object after its action, not twice before it.
 */
export function readNameAction(name: string, domains: readonly string[]): string | undefined {
  const terms = tokenizeForSearch(name, { expandAbbreviations: false });
  const domainWords = new Set(domains.flatMap((tag) => tokenizeForSearch(tag)));
  const version = versionAt(terms);
  return terms.find((term, at) =>
    at > version && !domainWords.has(term) && !isNumberTerm(term) && !terms.includes(term, at + 1)
  );
}
