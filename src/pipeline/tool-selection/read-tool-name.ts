// The action a tool's name says first (`hotels_4_search_hotel` → search), its service namespace set aside.
import { findNameVersion } from '../tool-catalogue/index.ts';
import { isNumberTerm, tokenizeForSearch } from '../tool-search/index.ts';

/**
 * What a tool's name says it does: its first word once the service's namespace is set aside, that is its domain's
 * words, numbers, every word before a version (`hotels_4_search_hotel` → search, whatever its tag) and a word the name
 * says again later (`hotels_search_hotel` → search): a name says its object after its action, not twice before it.
 */
export function readNameAction(name: string, domains: readonly string[]): string | undefined {
  const terms = tokenizeForSearch(name, { expandAbbreviations: false });
  const domainWords = new Set(domains.flatMap((tag) => tokenizeForSearch(tag)));
  const version = findNameVersion(terms);
  return terms.find((term, at) =>
    at > version && !domainWords.has(term) && !isNumberTerm(term) && !terms.includes(term, at + 1)
  );
}
