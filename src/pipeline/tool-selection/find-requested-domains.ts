// A request for a service in the user's own words ("could you find me a cab?", "I'd like a place to eat"): the message
// reads as a request and says a word that only one or two domains' tools hold.
import { findSynonyms, isNumberTerm, tokenizeForSearch, type ToolIndex } from '../tool-search/index.ts';
import { findDeploymentDomain } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';
import { isNameVerb, readNameAction } from './read-tool-name.ts';
import { splitSentences } from './split-sentences.ts';
import { straightenApostrophes } from './straighten-apostrophes.ts';

/** Words that may stand between a cue's parts ("I also need", "can you please also book"). */
const ADVERB = '(?: (?:really|also|just|still|now|then|too|please|maybe|probably|actually))*';
/**
 * How people ask for something in English: a wish ("I'd like", "I want", "I need", "I'm looking for"), a question that
 * asks for an act ("can you", "could you", "is there"), or a sentence that starts with an order ("find me", "book a").
 * Offers and invitations ("would you like", "do you want") are not requests for a service.
 */
/**
 * A question about the world ("how's the weather there?", "what are some good restaurants around?"), which asks for a
 * service unless the rest of its sentence is about the one asked (ABOUT_YOU: "how is the trip going for you?").
 */
const WORLD_QUESTION = /\b(?:how|what)(?:'s| is| are| will| would)(?: be)? (?:the|a|an|any|some)\b/u;
const ABOUT_YOU = /\byou/u;
/** "Is there …?" / "Are there any …?": a request for what the world has, unless it asks about the listener's own. */
const THERE_IS = /\b(?:is|are) there (?:any|a|an|some)\b/u;
/**
 * The listener as owner or beneficiary ("your early writings", "trips coming up for you"): a question about their life,
 * not a search they are asked to make ("are there any attractions you found?" still asks for one).
 */
const ABOUT_LISTENER = /\b(?:your|yours|for you|to you)\b/u;
const REQUEST_CUES: readonly RegExp[] = [
  new RegExp(`\\bi(?: would|'d| d)${ADVERB} (?:like|love|prefer)\\b`, 'u'),
  new RegExp(`\\bi(?:'ll| will)?${ADVERB} (?:want|need|wanna)\\b`, 'u'),
  /\b(?:i'm|i am|we're|we are) (?:looking|searching|trying to find|interested in)\b/u,
  /\b(?:looking|searching) for\b/u,
  new RegExp(
    `\\b(?:can|could|will|would) you(?!${ADVERB} like\\b)${ADVERB} (?:help|find|get|book|reserve|search|look|check|show|` +
      'tell|give|make|set|call|order|buy|rent|schedule|add|play|send|transfer|arrange)\\b',
    'u',
  ),
  new RegExp(`\\b(?:can|could|may) i${ADVERB} (?:get|have|book|reserve|rent|order|buy)\\b`, 'u'),
  THERE_IS,
  /\b(?:help|find|get|book|show) me\b/u,
  /\b(?:how|what) about (?:a|an|some|any)\b/u,
  WORLD_QUESTION,
  /\bdo you know (?:of )?(?:any|a|an|some)\b/u,
  /(?:^|[.!?]\s+)(?:please |now |also )?(?:find|search|look|book|reserve|rent|order|buy|schedule|call|get|show|play|check)\b/u,
];

/** A word held by more domains than this ("find", "ticket") names none of them. */
const MAX_DOMAINS = 2;
/** A request's object follows its cue closely ("could you find me [a cab]"): words further on say something else. */
const OBJECT_WORDS = 8;

/**
 * What each request of the message asks for: the words after its cue (see REQUEST_CUES), up to the end of the sentence
 * and at most OBJECT_WORDS; empty when nothing reads as a request. Case-insensitive, curly apostrophes read as straight.
 */
export function findRequestObjects(text: string): readonly string[] {
  const plain = straightenApostrophes(text.toLowerCase());
  const objects: string[] = [];
  for (const sentence of splitSentences(plain)) {
    let end = -1;
    for (const cue of REQUEST_CUES) {
      const match = cue.exec(sentence);
      if (match === null) continue;
      const after = match.index + match[0].length;
      // Checked once after the match, not as a lookahead at every candidate (linear in the sentence's length).
      if (cue === WORLD_QUESTION && ABOUT_YOU.test(sentence.slice(after))) continue;
      if (cue === THERE_IS && ABOUT_LISTENER.test(sentence.slice(after))) continue;
      if (end < 0 || after < end) end = after;
    }
    if (end >= 0) {
      objects.push(
        sentence.slice(end).split(/\s+/u).filter((word) => word.length > 0).slice(0, OBJECT_WORDS).join(' '),
      );
    }
  }
  return objects;
}

/** Whether the message asks for something (see findRequestObjects). */
export function readsAsRequest(text: string): boolean {
  return findRequestObjects(text).length > 0;
}

export type FindRequestedDomainsInput = {
  readonly index: ToolIndex;
  readonly text: string;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /**
   * What the deployment's instructions lean to (see measureDomainPrior): under a deployment domain (see
   * isDeploymentDomain) a request names that domain or none, as its conversations stay there unless the user names
   * another domain outright. Default none.
   */
  readonly domainPrior?: DomainPrior;
  /** The text is a request as a whole (a `find_tools` query): no cue needed, every word may be its object. */
  readonly isRequest?: boolean;
};

/**
 * The domains a request names, with the words that name them: a word of the request's object (see findRequestObjects)
 * that the tools of at most MAX_DOMAINS domains hold in a tag, a name or as the object of their description's first verb
 * ("Book a cab…" → cab), request verbs, numbers and the catalogue's action words aside; a word the catalogue lacks
 * counts through its synonyms (see findSynonyms: "a place to eat" names restaurants). "movie" in a catalogue with movie
 * tickets and streaming names both; "find" names none. Empty when the message does not read as a request (see
 * readsAsRequest): "we had a great dinner" asks for nothing. Pure; linear in catalogue size × message words.
 */
export function findRequestedDomains(input: FindRequestedDomainsInput): ReadonlyMap<string, readonly string[]> {
  return findRequest(input).domains;
}

/** What a request names: its domains with their words (see findRequestedDomains) and the tools that hold those words. */
export type FoundRequest = {
  readonly domains: ReadonlyMap<string, readonly string[]>;
  /**
   * The tools of those domains that hold a word the request names them by, in a name, a tag or as their description's
   * object: "I need a hotel around there" → the hotel tools, not the flight tools of a "travel" tag. Where a
   * catalogue's tags are broad, these tell which of a domain's tools the request is for.
   */
  readonly tools: ReadonlySet<string>;
};

/** The request's domains and the tools that hold its words, from one reading of the message. Pure. */
export function findRequest(input: FindRequestedDomainsInput): FoundRequest {
  const domains = new Map<string, string[]>();
  const tools = new Set<string>();
  const { toolsByWord } = readCatalogue(input.index, input.domainsOf);
  for (const { term, words, domains: named } of readRequestedTerms(input)) {
    for (const domain of named) domains.set(domain, [...(domains.get(domain) ?? []), term]);
    for (const word of words) {
      for (const name of toolsByWord.get(word) ?? []) {
        if (input.domainsOf(name).some((domain) => named.includes(domain))) tools.add(name);
      }
    }
  }
  return { domains, tools };
}

type RequestedTerm = {
  /** The user's word. */
  readonly term: string;
  /** The catalogue's words it counts as: itself, or the synonyms the catalogue holds. */
  readonly words: readonly string[];
  /** The domains those words name (at most MAX_DOMAINS). */
  readonly domains: readonly string[];
};

/** Each word of the request's objects that names at most MAX_DOMAINS domains (see findRequestedDomains). */
function readRequestedTerms(input: FindRequestedDomainsInput): readonly RequestedTerm[] {
  const objects = input.isRequest === true ? [input.text] : findRequestObjects(input.text);
  if (objects.length === 0) return [];
  const { actions, domainsByWord } = readCatalogue(input.index, input.domainsOf);
  const home = findDeploymentDomain(input.domainPrior);
  const holders = (term: string): ReadonlySet<string> => domainsByWord.get(term) ?? new Set();
  const terms: RequestedTerm[] = [];
  for (const term of new Set(tokenizeForSearch(objects.join(' '), { expandAbbreviations: false }))) {
    // Actions, and numbers: a version in a name (`hotels_3_search_hotel`) is no word a request says.
    if (actions.has(term) || isNumberTerm(term)) continue;
    // The user's own word when the catalogue has it; a synonym only for a word it lacks ("cab" for "taxi").
    const words = holders(term).size > 0
      ? [term]
      : findSynonyms(term).filter((synonym) => !actions.has(synonym) && holders(synonym).size > 0);
    const domains = new Set(words.flatMap((word) => [...holders(word)]));
    if (domains.size === 0 || domains.size > MAX_DOMAINS) continue;
    const named = [...domains].filter((domain) => home === undefined || domain === home);
    if (named.length > 0) terms.push({ term, words, domains: named });
  }
  return terms;
}

/**
 * The verbs of REQUEST_CUES and words of quantity, stemmed: how a request is made and how much, not what it is for
 * ("one", "number" name a calculator's tools, not the service a user asks for).
 */
const CUE_VERBS = new Set(
  tokenizeForSearch(
    'help find get book reserve search look check show tell give make set call order buy rent schedule add play send ' +
      'transfer arrange have want need like love prefer one two three four five six seven eight nine ten number ' +
      'first second third last next other another',
    { expandAbbreviations: false },
  ),
);

/**
 * Whether a stemmed word is one of the catalogue's actions (see CatalogueWords.actions): a sentence that starts with
 * one is an order ("Cancel the booking I made", "Add a note").
 */
export function isCatalogueAction(
  index: ToolIndex,
  domainsOf: (name: string) => readonly string[],
  term: string,
): boolean {
  return readCatalogue(index, domainsOf).actions.has(term);
}

/** What findRequestedDomains reads of a catalogue, once per index. */
type CatalogueWords = {
  /**
   * What the catalogue's tools do rather than what they act on: each name's first word once its domain's words and
   * numbers are set aside (`restaurants_1_find_restaurants` → find, `book_reservation` → book), unless it is no verb
   * and other names act on it (`cars_available_by_location` beside `search_rental_cars`), with their synonyms and the
   * request verbs.
   */
  readonly actions: ReadonlySet<string>;
  /** The domains whose tools hold a word in a name, a tag or as their description's object ("cab"). */
  readonly domainsByWord: ReadonlyMap<string, ReadonlySet<string>>;
  /** The tools that hold each of those words. */
  readonly toolsByWord: ReadonlyMap<string, ReadonlySet<string>>;
};

const CATALOGUES = new WeakMap<ToolIndex, CatalogueWords>();

/** The catalogue's action words and which domains hold each of its words (see CatalogueWords). Memoised per index. */
function readCatalogue(index: ToolIndex, domainsOf: (name: string) => readonly string[]): CatalogueWords {
  const known = CATALOGUES.get(index);
  if (known !== undefined) return known;
  const actions = new Set(CUE_VERBS);
  const domainsByWord = new Map<string, Set<string>>();
  const toolsByWord = new Map<string, Set<string>>();
  const firsts = index.tools.map((tool) => readNameAction(tool.name, domainsOf(tool.name)));
  // The words names say after their action: what tools act on (`rentalcars_1_search_rental_cars` → rental, car).
  const objects = new Set(index.tools.flatMap((tool, at) => {
    const terms = tokenizeForSearch(tool.name, { expandAbbreviations: false });
    const first = firsts[at];
    return first === undefined ? [] : terms.slice(terms.indexOf(first) + 1);
  }));
  // A name that starts with no verb may start with its object (`cars_available_by_location`): a word other names act
  // on is no action, or a request for "a spacious car" would name nothing.
  for (const first of firsts) {
    if (first !== undefined && (isNameVerb(first) || !objects.has(first))) actions.add(first);
  }
  for (const tool of index.tools) {
    const { name, tags } = tool.termFrequencies;
    for (const word of new Set([...name.keys(), ...tags.keys(), ...(tool.object === undefined ? [] : [tool.object])])) {
      const domains = domainsByWord.get(word) ?? new Set<string>();
      for (const domain of domainsOf(tool.name)) domains.add(domain);
      domainsByWord.set(word, domains);
      toolsByWord.set(word, (toolsByWord.get(word) ?? new Set<string>()).add(tool.name));
    }
  }
  for (const action of [...actions]) for (const synonym of findSynonyms(action)) actions.add(synonym);
  const words = { actions, domainsByWord, toolsByWord };
  CATALOGUES.set(index, words);
  return words;
}
