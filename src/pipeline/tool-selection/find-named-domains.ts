// The domains a message names outright ("add a note", "my reading list"): strong evidence the conversation moved there.
import { splitWords } from '../tool-search/index.ts';

/** Tag words this short ("api", "app") name no domain a user would say. */
const MIN_WORD_LENGTH = 4;

/** A word and its possible singulars: "notes" → note, "buses" → bus (and buse), "boxes" → box. */
function forms(word: string): readonly string[] {
  if (word.length <= MIN_WORD_LENGTH || !word.endsWith('s') || word.endsWith('ss')) return [word];
  return word.endsWith('es') ? [word, word.slice(0, -1), word.slice(0, -2)] : [word, word.slice(0, -1)];
}

/**
 * The domain tags (of `domains`) that have a word of at least MIN_WORD_LENGTH letters which the message uses AND the
 * tool name `toolName` holds: "add a note" names `notes` for `create_note`, while "my travel insurance" does not name
 * `TravelAPI` for `purchase_insurance` (a word that merely occurs in a message is weak evidence). A plural matches its
 * singular; tags and names split like identifiers ("GorillaFileSystem" → gorilla, file, system). Pure; case-insensitive.
 */
export function findNamedDomains(text: string, domains: readonly string[], toolName: string): Set<string> {
  return readNamedDomains(text)(domains, toolName);
}

/** findNamedDomains with the message read once, for asking about many tools (a long message is split once). Pure. */
export function readNamedDomains(text: string): (domains: readonly string[], toolName: string) => Set<string> {
  const said = new Set(splitWords(text).flatMap(forms));
  return (domains, toolName) => {
    const named = new Set(splitWords(toolName).flatMap(forms));
    const found = new Set<string>();
    for (const domain of domains) {
      const words = splitWords(domain).filter((word) => word.length >= MIN_WORD_LENGTH).flatMap(forms);
      if (words.some((word) => said.has(word) && named.has(word))) found.add(domain);
    }
    return found;
  };
}

/**
 * The domain tags (of `domains`) that have a word of at least MIN_WORD_LENGTH letters the text uses, a plural matching
 * its singular: the services a deployment's instructions list ("restaurants, hotels and flights"). Pure.
 */
export function findDomainsNamedIn(text: string, domains: readonly string[]): Set<string> {
  const said = new Set(splitWords(text).flatMap(forms));
  return new Set(
    domains.filter((domain) =>
      splitWords(domain).filter((word) => word.length >= MIN_WORD_LENGTH).flatMap(forms).some((word) => said.has(word))
    ),
  );
}
