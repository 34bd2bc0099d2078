// Domains for the tools that have neither a tag nor a service namespace, read from the catalogue's own names: tools
// whose names share an object word (`find_movies`, `buy_movie_tickets`, `play_movie` → "movie") are one domain's tools.
import { NAME_VERB_WORDS } from './name-verbs.ts';
import { splitWords } from './split-words.ts';
import type { ToolSpec } from './tool-spec.ts';

const VERBS = new Set(NAME_VERB_WORDS);
/** Words that join a name's parts and name nothing (`get_times_for_movie`). */
const LINKING_WORDS = new Set('a an the for of to by in on at with from and or'.split(' '));
/**
 * A word shared by more than this share of the untagged tools says how names are made, not what they are about
 * (`info`, `details`): no domain…
 */
const MAX_DOMAIN_SHARE = 0.25;
/** …unless this few share it: a small catalogue's find, book and cancel of one thing are a domain. */
const SMALL_DOMAIN_TOOLS = 3;

/** The object words of a name, lower-case and singular (`buy_movie_tickets` → movie, ticket; `getUserInfo` → user, info). */
export function readNameObjects(name: string): readonly string[] {
  return splitWords(name)
    .filter((word) => word.length > 1 && !/^\d+$/u.test(word) && !VERBS.has(word) && !LINKING_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/**
 * The domain of each untagged tool (no tag, no namespace: see parseToolSpec) whose name shares an object word with
 * another untagged tool's: the first such word of its name, which names the thing it acts on (`buy_movie_tickets` joins
 * the movie tools, `buy_bus_ticket` the bus tools, not every ticket). A word in more than MAX_DOMAIN_SHARE of those
 * tools is no domain; a tool that shares no word keeps none. Pure; the result depends on the set of names, not their
 * order.
 */
export function inferNameDomains(specs: readonly ToolSpec[]): ReadonlyMap<string, string> {
  const untagged = specs.filter((spec) => spec.tags.length === 0);
  const objects = new Map(untagged.map((spec) => [spec.name, [...new Set(readNameObjects(spec.name))]]));
  const holders = new Map<string, number>();
  for (const words of objects.values()) for (const word of words) holders.set(word, (holders.get(word) ?? 0) + 1);
  const most = Math.max(SMALL_DOMAIN_TOOLS, Math.floor(untagged.length * MAX_DOMAIN_SHARE));
  const count = (word: string) => holders.get(word) ?? 0;
  const domains = new Map<string, string>();
  for (const [name, words] of objects) {
    const domain = words.find((word) => count(word) >= 2 && count(word) <= most);
    if (domain !== undefined) domains.set(name, domain);
  }
  return domains;
}
