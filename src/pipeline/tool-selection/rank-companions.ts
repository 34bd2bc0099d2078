// The tools that carry on a task another tool starts (search a hotel, then reserve it): found in the catalogue itself.
import { addToList, listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
import { tokenizeForSearch } from '../tool-search/index.ts';
import { oncePerSpec } from './once-per-spec.ts';

/** A shared parameter says more than a shared name word (look-alike providers share words, a task's steps share ids). */
const PARAMETER_WEIGHT = 2;
/** A companion scores at least this: a name word and a parameter, or three name words, or two parameters. */
const MIN_SHARED = 3;

const nameTerms = oncePerSpec((spec: ToolSpec): ReadonlySet<string> =>
  new Set(tokenizeForSearch(spec.name, { expandAbbreviations: false }))
);

const parameterNames = oncePerSpec((spec: ToolSpec): ReadonlySet<string> =>
  new Set(listParameters(spec).map((parameter) => parameter.name.toLowerCase()))
);

/** The least score indexCompanionCandidates serves: a parameter, or two name words. */
const INDEXED_MIN_SHARED = 2;

/**
 * The candidates that could score INDEXED_MIN_SHARED or more with a tool in rankCompanions (a parameter name or two
 * name words in common), in the candidates' order. Built once over a list (a domain's tools) and asked for many tools,
 * so a large domain is read in time of what the tool shares, not of every candidate. Pure.
 */
export function indexCompanionCandidates(candidates: readonly ToolSpec[]): (tool: ToolSpec) => readonly ToolSpec[] {
  const byTerm = new Map<string, number[]>();
  const byParameter = new Map<string, number[]>();
  candidates.forEach((candidate, position) => {
    for (const term of nameTerms(candidate)) addToList(byTerm, term, position);
    for (const name of parameterNames(candidate)) addToList(byParameter, name, position);
  });
  return (tool) => {
    const nameWords = new Map<number, number>();
    for (const term of nameTerms(tool)) {
      for (const position of byTerm.get(term) ?? []) nameWords.set(position, (nameWords.get(position) ?? 0) + 1);
    }
    const positions = new Set([...nameWords].flatMap(([at, count]) => count >= INDEXED_MIN_SHARED ? [at] : []));
    for (const name of parameterNames(tool)) {
      for (const position of byParameter.get(name) ?? []) positions.add(position);
    }
    return [...positions].sort((a, b) => a - b).map((position) => candidates[position] as ToolSpec);
  };
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const item of a) if (b.has(item)) count += 1;
  return count;
}

/**
 * The candidates that share name words (its object, its service prefix) and parameter names with `tool`, scoring at
 * least MIN_SHARED, most shared first (ties keep the candidates' order): `hotels_1_reserve_hotel` for `hotels_1_search_hotel`,
 * `update_reservation_flights` (reservation_id) for `get_reservation_details`. Holds for any catalogue whose tools
 * name their objects or share their parameters; returns none for one that does neither. Pure.
 */
export function rankCompanions(
  tool: ToolSpec,
  candidates: readonly ToolSpec[],
  minShared = MIN_SHARED,
): readonly string[] {
  const terms = nameTerms(tool);
  const parameters = parameterNames(tool);
  return candidates
    .filter((candidate) => candidate.name !== tool.name)
    .map((candidate, at) => ({
      name: candidate.name,
      at,
      score: shared(terms, nameTerms(candidate)) + PARAMETER_WEIGHT * shared(parameters, parameterNames(candidate)),
    }))
    .filter((entry) => entry.score >= minShared)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .map((entry) => entry.name);
}
