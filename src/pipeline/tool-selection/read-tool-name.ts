// The action a tool's name says (`hotels_4_search_hotel` → search, `song_lookup` → lookup), its namespace set aside.
import { findNameVersion, NAME_VERB_WORDS } from '../tool-catalogue/index.ts';
import { isNumberTerm, tokenizeForSearch } from '../tool-search/index.ts';

/**
 * Verbs API names are made of, as the index keeps them (stemmed): how a name that puts its object first
 * (`song_lookup_music1`, `balance_check`) still gives its action. English, not any catalogue's words.
 */
const NAME_VERBS = new Set(tokenizeForSearch(NAME_VERB_WORDS.join(' '), { expandAbbreviations: false }));
/** Whether a stemmed word is one of the verbs API names are made of (see NAME_VERB_WORDS). */
export function isNameVerb(term: string): boolean {
  return NAME_VERBS.has(term);
}

/** An object-first name says its verb within its first this many words (`oneway_flight_search`). */
const VERB_REACH = 3;

/**
 * What a tool's name says it does. Its words once the service's namespace is set aside, that is its domain's words,
 * numbers, every word before a version (`hotels_4_search_hotel`, whatever its tag) and a word the name says again
 * later (`hotels_search_hotel`: a name says its object after its action, not twice before it): the first of them,
 * unless it is no verb and one of the next says one (`song_lookup_music1` → lookup; `exchange_delivered_order_items`
 * stays exchange).
 */
export function readNameAction(name: string, domains: readonly string[]): string | undefined {
  const terms = tokenizeForSearch(name, { expandAbbreviations: false });
  const domainWords = new Set(domains.flatMap((tag) => tokenizeForSearch(tag)));
  const version = findNameVersion(terms);
  const words = terms.filter((term, at) =>
    at > version && !domainWords.has(term) && !isNumberTerm(term) && !terms.includes(term, at + 1)
  );
  const [first] = words;
  if (first === undefined || NAME_VERBS.has(first)) return first;
  return words.slice(1, VERB_REACH).find((word) => NAME_VERBS.has(word)) ?? first;
}
