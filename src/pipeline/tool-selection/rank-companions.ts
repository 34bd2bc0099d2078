// The tools that carry on a task another tool starts (search a hotel, then reserve it): found in the catalogue itself.
import { listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
import { tokenizeForSearch } from '../tool-search/index.ts';

/** A shared parameter says more than a shared name word (look-alike providers share words, a task's steps share ids). */
const PARAMETER_WEIGHT = 2;
/** A companion scores at least this: a name word and a parameter, or three name words, or two parameters. */
const MIN_SHARED = 3;

function nameTerms(spec: ToolSpec): Set<string> {
  return new Set(tokenizeForSearch(spec.name, { expandAbbreviations: false }));
}

function parameterNames(spec: ToolSpec): Set<string> {
  return new Set(listParameters(spec).map((parameter) => parameter.name.toLowerCase()));
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
