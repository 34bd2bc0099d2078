// Finds the catalogue terms one typo or a prefix away from a query word, without scanning the whole vocabulary.

/** Terms shorter than this are never matched by spelling: "cat" one typo away is too many other words. */
const MIN_KNOWN_LENGTH = 4;
/** Query words shorter than this are taken as written. */
const MIN_WORD_LENGTH = 5;

/** Prebuilt candidate tables over a vocabulary; build once per catalogue. */
export type SpellingLookup = {
  readonly vocabulary: ReadonlySet<string>;
  /** Every term and every one-letter deletion of it → the terms it came from. */
  readonly deletions: ReadonlyMap<string, readonly string[]>;
  /** Every prefix of MIN_WORD_LENGTH letters or more → the terms that start with it. */
  readonly prefixes: ReadonlyMap<string, readonly string[]>;
};

function push(table: Map<string, string[]>, key: string, term: string): void {
  const list = table.get(key);
  if (list === undefined) table.set(key, [term]);
  else if (list.at(-1) !== term) list.push(term);
}

function deletionsOf(word: string): string[] {
  const variants = [word];
  for (let at = 0; at < word.length; at += 1) variants.push(word.slice(0, at) + word.slice(at + 1));
  return variants;
}

/** True when `word` and `known` differ by one edit (insert, delete, substitute, swap) or one is a prefix of the other. */
export function isNearSpelling(word: string, known: string): boolean {
  if (known.length < MIN_KNOWN_LENGTH) return false;
  if (word.startsWith(known) || known.startsWith(word)) return true;
  if (Math.abs(word.length - known.length) > 1) return false;
  let head = 0;
  while (head < word.length && word[head] === known[head]) head += 1;
  let tail = 0;
  while (tail < word.length - head && word[word.length - 1 - tail] === known[known.length - 1 - tail]) tail += 1;
  const swapped = word.length === known.length && head + tail === word.length - 2 && word[head] === known[head + 1] &&
    word[head + 1] === known[head];
  return swapped || head + tail >= Math.max(word.length, known.length) - 1;
}

/** Builds the tables for `vocabulary`. Pure. */
export function createSpellingLookup(vocabulary: Iterable<string>): SpellingLookup {
  const known = new Set(vocabulary);
  const deletions = new Map<string, string[]>();
  const prefixes = new Map<string, string[]>();
  for (const term of known) {
    if (term.length < MIN_KNOWN_LENGTH) continue;
    for (const variant of deletionsOf(term)) push(deletions, variant, term);
    for (let length = MIN_WORD_LENGTH; length <= term.length; length += 1) push(prefixes, term.slice(0, length), term);
  }
  return { vocabulary: known, deletions, prefixes };
}

/**
 * Catalogue terms near `word` (see {@link isNearSpelling}), sorted; empty for known words and words under
 * MIN_WORD_LENGTH letters. Same answer as testing every vocabulary term, in time independent of its size.
 */
export function findNearSpellings(lookup: SpellingLookup, word: string): readonly string[] {
  if (word.length < MIN_WORD_LENGTH || lookup.vocabulary.has(word)) return [];
  const candidates = new Set<string>(lookup.prefixes.get(word) ?? []);
  for (let length = MIN_KNOWN_LENGTH; length < word.length; length += 1) {
    const prefix = word.slice(0, length);
    if (lookup.vocabulary.has(prefix)) candidates.add(prefix);
  }
  for (const variant of deletionsOf(word)) for (const term of lookup.deletions.get(variant) ?? []) candidates.add(term);
  return [...candidates].filter((term) => isNearSpelling(word, term)).sort();
}
