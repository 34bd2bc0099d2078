// Plain BM25 over one bag of words per tool (name, description, tags, parameters): the baseline the ranker must beat.
import { compareText, listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
import type { RankedTool } from './rank-tools.ts';

/** Classic BM25 constants (Robertson & Zaragoza). */
const SATURATION = 1.2;
const LENGTH_NORMALISATION = 0.75;

export type Bm25Index = {
  readonly tools: readonly {
    readonly name: string;
    readonly frequencies: ReadonlyMap<string, number>;
    readonly length: number;
  }[];
  readonly inverseDocumentFrequency: ReadonlyMap<string, number>;
  readonly averageLength: number;
};

/** Lower-case alphanumeric words, nothing else: no stemming, no stop words, no splitting of camelCase. */
function tokenizePlain(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((word) => word.length > 0);
}

function documentText(tool: ToolSpec): string {
  const parameterText = listParameters(tool).map((parameter) => `${parameter.name} ${parameter.description}`);
  return [tool.name, tool.description, ...tool.tags, ...parameterText].join(' ');
}

/** Indexes `tools` for {@link rankToolsBm25}. Pure. */
export function createBm25Index(tools: readonly ToolSpec[]): Bm25Index {
  const indexed = tools.map((tool) => {
    const terms = tokenizePlain(documentText(tool));
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    return { name: tool.name, frequencies, length: terms.length };
  });
  const documentFrequency = new Map<string, number>();
  for (const tool of indexed) {
    for (const term of tool.frequencies.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = indexed.length;
  const inverseDocumentFrequency = new Map(
    [...documentFrequency].map((
      [term, frequency],
    ) => [term, Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5))]),
  );
  const averageLength = count === 0 ? 0 : indexed.reduce((sum, tool) => sum + tool.length, 0) / count;
  return { tools: indexed, inverseDocumentFrequency, averageLength };
}

/** Plain BM25 of the query alone; tools with a positive score, best first, ties by name. */
export function rankToolsBm25(index: Bm25Index, input: { readonly query: string }): readonly RankedTool[] {
  const queryTerms = new Set(tokenizePlain(input.query));
  const ranked: RankedTool[] = [];
  for (const tool of index.tools) {
    let score = 0;
    for (const term of queryTerms) {
      const frequency = tool.frequencies.get(term);
      if (frequency === undefined) continue;
      const normalisation = 1 - LENGTH_NORMALISATION +
        (LENGTH_NORMALISATION * tool.length) / (index.averageLength || 1);
      score += (index.inverseDocumentFrequency.get(term) ?? 0) *
        ((frequency * (SATURATION + 1)) / (frequency + SATURATION * normalisation));
    }
    if (score > 0) ranked.push({ name: tool.name, score });
  }
  return ranked.sort((a, b) => b.score - a.score || compareText(a.name, b.name));
}
