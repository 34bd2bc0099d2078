// The per-tool statistics the ranker reads: search terms per field, field lengths, document frequencies, a postings
// list per term, which tools produce another tool's inputs, and which act on parts of one system.
import { addToList, listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
import { isNumberTerm, pairTerms, tokenizeForSearch } from './tokenize-for-search.ts';
import { findToolParts } from './find-tool-parts.ts';

export const FIELDS = ['name', 'description', 'tags', 'parameterNames', 'parameterDescriptions'] as const;
export type Field = (typeof FIELDS)[number];

export type IndexedTool = {
  readonly name: string;
  readonly tags: readonly string[];
  readonly termFrequencies: Readonly<Record<Field, ReadonlyMap<string, number>>>;
  readonly lengths: Readonly<Record<Field, number>>;
  /** Positions (in the index) of tools sharing a tag whose name reads "get/find/list… <something this tool takes>". */
  readonly producers: readonly number[];
  /** Positions of same-tag tools whose objects one parameter lists beside this tool's (see findToolParts). */
  readonly parts: readonly number[];
  /** Name and description terms, rarest in the catalogue first (ties by code-unit order): the tool's own vocabulary. */
  readonly distinctiveTerms: readonly string[];
  /** Consecutive term pairs of its description's first sentence ("find hotel"): how its catalogue says what it does. */
  readonly phrases: ReadonlySet<string>;
  /** The second term of its description's first sentence: what the first verb acts on ("Book a cab…" → cab). */
  readonly object?: string;
  /** The values its inputs accept (string enums: "Theater", "Air France"), each as its terms; not ranked on. */
  readonly values: readonly (readonly string[])[];
};

/** One tool holding a term: its position and the term's field-weighted, length-normalised frequency there. */
export type Posting = { readonly tool: number; readonly weight: number };

/** How much a match in each field counts: a word of the name says most about what the tool does. */
const FIELD_WEIGHTS: Readonly<Record<Field, number>> = {
  name: 3,
  description: 1,
  tags: 0.5,
  parameterNames: 1,
  parameterDescriptions: 0.5,
};
/** Length normalisation per field (BM25's b): names and tags are short enough that length says little. */
const FIELD_LENGTH_NORMALISATION: Readonly<Record<Field, number>> = {
  name: 0.3,
  description: 0.75,
  tags: 0.3,
  parameterNames: 0.5,
  parameterDescriptions: 0.75,
};
/** First name words that mark a tool which reads or looks something up (stemmed). */
const PRODUCER_VERBS = new Set([
  'get',
  'find',
  'search',
  'list',
  'lookup',
  'fetch',
  'retriev',
  'view',
  'display',
  'check',
  'show',
  'read',
]);
/** A shared word must occur in at most this share of the tools to link two of them: "name" or "id" would link everything. */
const LINK_MAX_SHARE = 0.22;

function fieldTexts(tool: ToolSpec): Record<Field, string> {
  const parameters = listParameters(tool);
  return {
    name: tool.name,
    description: tool.description,
    tags: tool.tags.join(' '),
    parameterNames: parameters.map((parameter) => parameter.name).join(' '),
    parameterDescriptions: parameters.map((parameter) => parameter.description).join(' '),
  };
}

/** A tool's string enum values ("Music", "Air France") as their terms, once each, values that are numbers aside. */
function valueTerms(tool: ToolSpec): string[][] {
  const terms = listParameters(tool).flatMap((parameter) => parameter.values)
    .map((value) => tokenizeForSearch(value, { expandAbbreviations: false }))
    .filter((value) => value.length > 0 && !value.every(isNumberTerm));
  return [...new Map(terms.map((value) => [value.join(' '), value])).values()];
}

function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

type PartialTool = Omit<IndexedTool, 'producers' | 'parts' | 'distinctiveTerms'>;

/**
 * For each tool, the same-tag tools named "get/find/list… X" where X is a rare word of its inputs (positions in
 * ascending order). The producers are indexed by their rare object words first, so a large catalogue is read in time
 * of its tools' inputs, not of every pair of tools.
 */
function findProducers(partial: readonly PartialTool[], isRare: (term: string) => boolean): number[][] {
  const sharesTag = (a: PartialTool, b: PartialTool): boolean => a !== b && a.tags.some((tag) => b.tags.includes(tag));
  const byObject = new Map<string, number[]>();
  partial.forEach((other, position) => {
    const [verb, ...object] = [...other.termFrequencies.name.keys()];
    if (verb === undefined || !PRODUCER_VERBS.has(verb)) return;
    for (const term of object) if (isRare(term)) addToList(byObject, term, position);
  });
  return partial.map((tool) => {
    const found = new Set<number>();
    for (
      const term of [
        ...tool.termFrequencies.parameterNames.keys(),
        ...tool.termFrequencies.parameterDescriptions.keys(),
      ]
    ) {
      for (const position of byObject.get(term) ?? []) found.add(position);
    }
    return [...found].filter((position) => sharesTag(tool, partial[position] as PartialTool)).sort((a, b) => a - b);
  });
}

/** Which tools hold each term, by where (a tool once per term, in index order): how the selection reads a message. */
export type TermHolders = {
  /** Term → the tools whose name holds it. */
  readonly name: ReadonlyMap<string, readonly IndexedTool[]>;
  /** Term → the tools whose name or description holds it. */
  readonly text: ReadonlyMap<string, readonly IndexedTool[]>;
  /** Term → the tools whose parameter names or descriptions hold it. */
  readonly inputs: ReadonlyMap<string, readonly IndexedTool[]>;
};

function findTermHolders(tools: readonly IndexedTool[]): TermHolders {
  const name = new Map<string, IndexedTool[]>();
  const text = new Map<string, IndexedTool[]>();
  const inputs = new Map<string, IndexedTool[]>();
  for (const tool of tools) {
    const frequencies = tool.termFrequencies;
    for (const term of frequencies.name.keys()) addToList(name, term, tool);
    for (const term of new Set([...frequencies.name.keys(), ...frequencies.description.keys()])) {
      addToList(text, term, tool);
    }
    for (const term of new Set([...frequencies.parameterNames.keys(), ...frequencies.parameterDescriptions.keys()])) {
      addToList(inputs, term, tool);
    }
  }
  return { name, text, inputs };
}

/** Pure: the same tools (in any order) give the same statistics, listed in the input order. */
export function indexToolFields(tools: readonly ToolSpec[]) {
  const partial: PartialTool[] = tools.map((tool) => {
    const texts = fieldTexts(tool);
    const termFrequencies = {} as Record<Field, ReadonlyMap<string, number>>;
    const lengths = {} as Record<Field, number>;
    for (const field of FIELDS) {
      const terms = tokenizeForSearch(texts[field]);
      termFrequencies[field] = countTerms(terms);
      lengths[field] = terms.length;
    }
    const firstSentence = tool.description.split(/(?<=[.!?])\s/)[0] ?? '';
    const sentenceTerms = tokenizeForSearch(firstSentence, { expandAbbreviations: false });
    const phrases = pairTerms(sentenceTerms);
    const object = sentenceTerms[1];
    return {
      name: tool.name,
      tags: tool.tags,
      termFrequencies,
      lengths,
      phrases,
      ...(object === undefined ? {} : { object }),
      values: valueTerms(tool),
    };
  });
  const documentFrequency = new Map<string, number>();
  for (const tool of partial) {
    for (const term of new Set(FIELDS.flatMap((field) => [...tool.termFrequencies[field].keys()]))) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const count = partial.length;
  const inverseDocumentFrequency = new Map(
    [...documentFrequency].map((
      [term, frequency],
    ) => [term, Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5))]),
  );
  const averageLengths = {} as Record<Field, number>;
  for (const field of FIELDS) {
    averageLengths[field] = count === 0 ? 0 : partial.reduce((sum, tool) => sum + tool.lengths[field], 0) / count;
  }
  const postings = new Map<string, Posting[]>();
  partial.forEach((tool, position) => {
    const weights = new Map<string, number>();
    for (const field of FIELDS) {
      const normalisation = 1 - FIELD_LENGTH_NORMALISATION[field] +
        (FIELD_LENGTH_NORMALISATION[field] * tool.lengths[field]) / (averageLengths[field] || 1);
      for (const [term, frequency] of tool.termFrequencies[field]) {
        weights.set(term, (weights.get(term) ?? 0) + (FIELD_WEIGHTS[field] * frequency) / normalisation);
      }
    }
    for (const [term, weight] of weights) {
      addToList(postings, term, { tool: position, weight });
    }
  });
  const isRare = (term: string): boolean => (documentFrequency.get(term) ?? count) <= count * LINK_MAX_SHARE;
  const producers = findProducers(partial, isRare);
  const parts = findToolParts(tools, isRare);
  const rarity = (term: string): number => inverseDocumentFrequency.get(term) ?? 0;
  const indexedTools: IndexedTool[] = partial.map((tool, position) => {
    const distinctiveTerms = [
      ...new Set([...tool.termFrequencies.name.keys(), ...tool.termFrequencies.description.keys()]),
    ];
    distinctiveTerms.sort((a, b) => rarity(b) - rarity(a) || (a < b ? -1 : a > b ? 1 : 0));
    return { ...tool, producers: producers[position] ?? [], parts: parts[position] ?? [], distinctiveTerms };
  });
  return {
    tools: indexedTools,
    holders: findTermHolders(indexedTools),
    inverseDocumentFrequency,
    averageLengths,
    postings: postings as ReadonlyMap<string, readonly Posting[]>,
  };
}
