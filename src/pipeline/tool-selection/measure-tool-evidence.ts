// How plainly a message asks for each tool: the message's own words found in a tool's name and description (and the
// words only a few tools' inputs hold).
import { addToList } from '../tool-catalogue/index.ts';
import { isNumberTerm, pairTerms, tokenizeForSearch, type ToolIndex } from '../tool-search/index.ts';
import { findSaidValues } from './find-said-values.ts';

/** A word found in the name or description of more than this share of the catalogue says nothing about one tool… */
const GENERIC_SHARE = 0.5;
/** …unless it is found in this few tools (a catalogue of one or two tools has no generic words). */
const NEVER_GENERIC_TOOLS = 3;
/** Words of the message count together only within this many consecutive (non-stop) words. */
const PROXIMITY = 4;
/** Strong evidence: at least this many distinct words of the message, within PROXIMITY consecutive words, in the tool's
 * name and description… (tuned on half the τ-bench conversations and the LoCoMo ones: 2 changed the list on chatty messages) */
const STRONG_WORDS = 3;
/** …of which at least this many in its name (what the tool does). */
const STRONG_NAME_WORDS = 1;
/** Or this many words of its name together: the message says the tool's action and object ("create a new note"). */
const NAMED_WORDS = 2;

export type ToolEvidence = {
  readonly name: string;
  /**
   * Distinct words of the message (stemmed, stop words and generic words out) in the tool's name or description, or in
   * its inputs when asked (`inputWords`), no name or description and at most NEVER_GENERIC_TOOLS tools' inputs hold
   * them ("salon").
   */
  readonly words: number;
  /** Of those, the most that are in the tool's name and said in the name's order ("book a flight", not "flight… book"). */
  readonly nameWords: number;
  /** Of those words, how many only a few tools hold (NEVER_GENERIC_TOOLS or fewer: "dentist", "burger"). */
  readonly rareWords: number;
  /**
   * Whether the message says two words one after the other (stop words aside) as the first sentence of the tool's
   * description does, one of them in its name or held by only a few tools: "find a hotel" for `search_hotel` ("Find a
   * hotel at a given location"), even where "find" is in most of the catalogue; "book me a cab" for `get_ride` ("Book a
   * cab to any destination").
   */
  readonly phrase: boolean;
  /**
   * Of those words, how many are values only this and a few other tools' inputs accept (an enum's "Theater", "Sports"),
   * said whole in an answer to the assistant's question (`answerValues`): the user picked one of the tool's own
   * options. Not a word a tool's name holds ("checking" is "check") or more than a few descriptions do.
   */
  readonly valueWords: number;
  /** Of those words, the ones in the tool's name that only a few tools hold (see rareWords): "weather" (stemmed). */
  readonly rareNameTerms: readonly string[];
};

type IndexedTool = ToolIndex['tools'][number];

/** The tools that accept `term` as (part of) a value the message said whole (see findSaidValues). */
function valueHoldersOf(saidValues: ReadonlyMap<IndexedTool, ReadonlySet<string>>, term: string): IndexedTool[] {
  return [...saidValues].flatMap(([tool, values]) => values.has(term) ? [tool] : []);
}

/** How many tools each term has (terms no tool holds are absent). */
function countEach(terms: Iterable<string>, holdersOf: (term: string) => readonly IndexedTool[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) {
    const count = holdersOf(term).length;
    if (count > 0) counts.set(term, count);
  }
  return counts;
}

/** The longest increasing run (not necessarily adjacent) of positions: name words said in the name's own order. */
function longestInOrder(positions: readonly number[]): number {
  const best = positions.map(() => 1);
  positions.forEach((position, at) => {
    for (let before = 0; before < at; before += 1) {
      if ((positions[before] ?? 0) < position) best[at] = Math.max(best[at] ?? 1, (best[before] ?? 1) + 1);
    }
  });
  return Math.max(0, ...best);
}

/**
 * The evidence the message alone (not the conversation before it) gives for each tool with any, most words first
 * (then most name words, then by name), counted in the message's best run of PROXIMITY consecutive words. Counting distinct words the user wrote, not scores, keeps the measure the same
 * for any catalogue size: "book a flight" names two words of `book_flight`, "how are you today?" at most one of any
 * tool. With `inputWords` (while nothing is offered yet: the first list costs no cached prefix), a word only a few
 * tools' inputs hold counts too ("a unisex salon"). Pure; once a catalogue's term lists are built (at its first message),
 * in time of the message's words and of the places where the tools that hold them have their words, not of the
 * catalogue's size.
 */
export function measureToolEvidence(
  index: ToolIndex,
  text: string,
  options: { readonly inputWords?: boolean; readonly answerValues?: boolean } = {},
): readonly ToolEvidence[] {
  // Numbers say how many or when ("1 ticket"), never which tool: a version in a name (`movies_1_…`) is no match.
  const sequence = tokenizeForSearch(text, { expandAbbreviations: false }).filter((term) => !isNumberTerm(term));
  const terms = new Set(sequence);
  const pairs = pairTerms(sequence);
  if (terms.size === 0) return [];
  const catalogue = index.holders;
  const textHoldersOf = (term: string) => catalogue.text.get(term) ?? [];
  const holders = countEach(terms, textHoldersOf);
  const saidValues = options.inputWords === true || options.answerValues === true
    ? findSaidValues(index, sequence)
    : new Map<IndexedTool, Set<string>>();
  const inValues = (tool: IndexedTool, term: string) => saidValues.get(tool)?.has(term) === true;
  // The tools whose inputs hold the term or accept it in a value said whole.
  const inputHoldersOf = (term: string) => [
    ...new Set([...(catalogue.inputs.get(term) ?? []), ...valueHoldersOf(saidValues, term)]),
  ];
  // A word no name or description holds but the inputs of only a few tools do ("salon" in "City where the salon is
  // located") names those tools' object as plainly as a rare description word.
  const inputHolders = options.inputWords === true
    ? countEach([...terms].filter((term) => !holders.has(term)), inputHoldersOf)
    : new Map<string, number>();
  const held = (term: string) => holders.get(term) ?? 0;
  // An answer to the assistant's question that says a value only a few tools accept ("Theater" of an event type)
  // picks one of those tools' own options, unless the word names a tool ("checking" of an account type is "check").
  const valueHolders = options.answerValues === true
    ? countEach(
      [...terms].filter((term) => held(term) <= NEVER_GENERIC_TOOLS && !catalogue.name.has(term)),
      (term) => valueHoldersOf(saidValues, term),
    )
    : new Map<string, number>();
  const fewHold = (counts: ReadonlyMap<string, number>, term: string) => {
    const count = counts.get(term) ?? 0;
    return count > 0 && count <= NEVER_GENERIC_TOOLS;
  };
  const isValueWord = (term: string) => fewHold(valueHolders, term);
  const isInputWord = (term: string) => fewHold(inputHolders, term) || isValueWord(term);
  const limit = Math.max(NEVER_GENERIC_TOOLS, index.tools.length * GENERIC_SHARE);
  const isRare = (term: string) => (held(term) > 0 && held(term) <= NEVER_GENERIC_TOOLS) || isInputWord(term);
  const isSpecific = (term: string) => (held(term) > 0 && held(term) <= limit) || isInputWord(term);
  if (![...terms].some(isSpecific)) return [];
  // Only a tool that holds one of the message's specific words can have evidence: each candidate with the words it
  // matches (a specific word in its name or description, or an input word in its inputs or values).
  const matched = new Map<IndexedTool, Set<string>>();
  const match = (tool: IndexedTool, term: string) => {
    const words = matched.get(tool);
    if (words === undefined) matched.set(tool, new Set([term]));
    else words.add(term);
  };
  for (const term of terms) {
    if (!isSpecific(term)) continue;
    for (const tool of textHoldersOf(term)) match(tool, term);
    if (isInputWord(term)) { for (const tool of inputHoldersOf(term)) match(tool, term); }
  }
  // Where each word stands in the message: a tool's windows are read only where its words are, so a long message
  // costs the places its tools' words stand, not its length times the tools.
  const places = new Map<string, number[]>();
  sequence.forEach((term, at) => addToList(places, term, at));
  const found: ToolEvidence[] = [];
  for (const [tool, words] of matched) {
    const inName = (term: string) => tool.termFrequencies.name.has(term);
    const nameOrder = new Map([...tool.termFrequencies.name.keys()].map((term, at) => [term, at]));
    const matches = (term: string) => words.has(term);
    const phrase = [...tool.phrases].some((pair) =>
      pairs.has(pair) && pair.split(' ').some((term) => inName(term) || isRare(term))
    );
    // The windows that hold one of its words at least: those that start up to PROXIMITY - 1 places before one.
    const starts = new Set<number>();
    for (const term of words) {
      for (const at of places.get(term) ?? []) {
        for (let start = Math.max(0, at - PROXIMITY + 1); start <= at; start += 1) starts.add(start);
      }
    }
    let best: ToolEvidence | undefined;
    // The best run of PROXIMITY consecutive message words: a request names its action and object together (the first
    // such run wins a tie, as the message reads).
    for (const start of [...starts].sort((x, y) => x - y)) {
      const window = new Set(sequence.slice(start, start + PROXIMITY).filter(matches));
      if (window.size === 0) continue;
      const nameWords = longestInOrder([...window].flatMap((term) => nameOrder.get(term) ?? []));
      if (
        best === undefined || window.size > best.words || (window.size === best.words && nameWords > best.nameWords)
      ) {
        const rareWords = [...window].filter(isRare).length;
        const valueWords = [...window].filter((term) => isValueWord(term) && inValues(tool, term)).length;
        const rareNameTerms = [...window].filter((term) => isRare(term) && inName(term));
        best = { name: tool.name, words: window.size, nameWords, rareWords, phrase, valueWords, rareNameTerms };
      }
    }
    if (best !== undefined) found.push(best);
  }
  return found.sort((a, b) =>
    b.words - a.words || b.nameWords - a.nameWords || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/**
 * Whether the evidence is strong enough to change the tool list for: STRONG_WORDS words, STRONG_NAME_WORDS of them in
 * the name, NAMED_WORDS words of the name, or a phrase of its description ("find a hotel", "book me a cab"). While nothing is offered yet (`firstRequest`) one word of the tool's name,
 * or one word only a few tools hold, is enough ("what is the weather in Oslo?", "I want to find a dentist"): the first
 * list costs no cached prefix, and "hello, how are you?" still names no tool.
 */
export function isStrongEvidence(evidence: ToolEvidence | undefined, firstRequest = false): boolean {
  if (evidence === undefined) return false;
  if (firstRequest) return evidence.nameWords >= STRONG_NAME_WORDS || evidence.rareWords >= 1;
  return evidence.valueWords >= 1 || (evidence.words >= STRONG_WORDS && evidence.nameWords >= STRONG_NAME_WORDS) ||
    evidence.nameWords >= NAMED_WORDS || evidence.phrase;
}
