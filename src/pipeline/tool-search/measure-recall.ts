// Recall of a tool ranking against labelled queries: the measure behind `npm run eval:selector` and the bench.
import type { RankedTool } from './rank-tools.ts';

/**
 * One labelled user turn: the tools a correct answer calls, and optionally the earlier user turns (oldest first) and
 * the tools the answers to them called (most recent first).
 */
export type LabelledQuery = {
  readonly query: string;
  readonly gold: readonly string[];
  readonly previous?: readonly string[];
  readonly called?: readonly string[];
};

export type RecallReport = {
  readonly recallAt5: number;
  readonly recallAt10: number;
  readonly recallAt15: number;
  /** Mean length of the adaptive shortlist; 0 when no shortlist function was given. */
  readonly meanShortlist: number;
  /** Queries measured (those with at least one gold tool). */
  readonly queries: number;
};

/** `Query` may carry more than a LabelledQuery (say the deployment's instructions) for `rank` to use. */
export type MeasureRecallOptions<Query extends LabelledQuery = LabelledQuery> = {
  readonly queries: readonly Query[];
  readonly rank: (query: Query) => readonly RankedTool[];
  readonly shortlist?: (ranking: readonly RankedTool[]) => readonly string[];
};

/** |gold ∩ top k| / |gold| (gold de-duplicated); 1 for an empty gold set. */
export function recallAt(ranking: readonly RankedTool[], gold: readonly string[], k: number): number {
  const wanted = new Set(gold);
  if (wanted.size === 0) return 1;
  let found = 0;
  for (const entry of ranking.slice(0, k)) if (wanted.has(entry.name)) found += 1;
  return found / wanted.size;
}

/** Recall at 5, 10 and 15 averaged over the queries that have gold tools; all zeros when there are none. */
export function measureRecall<Query extends LabelledQuery>(options: MeasureRecallOptions<Query>): RecallReport {
  const measured = options.queries.filter((query) => query.gold.length > 0);
  if (measured.length === 0) return { recallAt5: 0, recallAt10: 0, recallAt15: 0, meanShortlist: 0, queries: 0 };
  let at5 = 0;
  let at10 = 0;
  let at15 = 0;
  let shortlisted = 0;
  for (const query of measured) {
    const ranking = options.rank(query);
    at5 += recallAt(ranking, query.gold, 5);
    at10 += recallAt(ranking, query.gold, 10);
    at15 += recallAt(ranking, query.gold, 15);
    if (options.shortlist !== undefined) shortlisted += options.shortlist(ranking).length;
  }
  const count = measured.length;
  return {
    recallAt5: at5 / count,
    recallAt10: at10 / count,
    recallAt15: at15 / count,
    meanShortlist: shortlisted / count,
    queries: count,
  };
}

export type ParseLabelledQueriesResult = { readonly ok: true; readonly queries: readonly LabelledQuery[] } | {
  readonly ok: false;
  readonly errors: readonly string[];
};

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Parses JSON Lines of `{ query, gold, previous?, called? }` (blank lines skipped). Every bad line is reported by number. */
export function parseLabelledQueries(text: string): ParseLabelledQueriesResult {
  const queries: LabelledQuery[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/u).forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `line ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      errors.push(`${where}: not valid JSON`);
      return;
    }
    const row = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<
      string,
      unknown
    >;
    if (typeof row['query'] !== 'string' || row['query'].trim() === '') {
      errors.push(`${where}: "query" must be a non-empty string`);
    } else if (!isStringArray(row['gold'])) errors.push(`${where}: "gold" must be an array of tool names`);
    else if (row['previous'] !== undefined && !isStringArray(row['previous'])) {
      errors.push(`${where}: "previous" must be an array of strings`);
    } else if (row['called'] !== undefined && !isStringArray(row['called'])) {
      errors.push(`${where}: "called" must be an array of tool names`);
    } else {
      queries.push({
        query: row['query'],
        gold: row['gold'],
        ...(isStringArray(row['previous']) ? { previous: row['previous'] } : {}),
        ...(isStringArray(row['called']) ? { called: row['called'] } : {}),
      });
    }
  });
  if (errors.length === 0 && queries.length === 0) errors.push('no queries found');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, queries };
}
