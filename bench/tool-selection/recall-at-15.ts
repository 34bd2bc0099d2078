// The local ranking's recall at 15 on labelled user turns, bare and with what the service knows of the conversation.
import { createToolIndex, type LabelledQuery, measureRecall, rankTools } from '../../src/pipeline/tool-search/index.ts';

export type Recall = { readonly bare: number; readonly context: number };

/** A labelled turn with the domain lean of its conversation's instructions. */
export type QueryWithPrior = LabelledQuery & { readonly domainPrior: ReadonlyMap<string, number> };

/** The ranking of the user's words and the turns before them, nothing else. */
export function recallAt15(index: ReturnType<typeof createToolIndex>, queries: readonly LabelledQuery[]): number {
  return measureRecall({
    queries,
    rank: (query) => rankTools(index, { query: query.query, recentUserTurns: query.previous ?? [] }),
  }).recallAt15;
}

/** The ranking given what the service knows: the conversation's earlier calls and the instructions' lean. */
export function recallWithContextAt15(
  index: ReturnType<typeof createToolIndex>,
  queries: readonly QueryWithPrior[],
): number {
  return measureRecall({
    queries,
    rank: (query) =>
      rankTools(index, {
        query: query.query,
        recentUserTurns: query.previous ?? [],
        context: { calledTools: query.called ?? [], domainPrior: query.domainPrior },
      }),
  }).recallAt15;
}
