// The next step of a task a tool call started (search a hotel → reserve it): offered before the model needs it.
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { isNumberTerm, tokenizeForSearch } from '../tool-search/index.ts';
import { rankCompanions } from './rank-companions.ts';

export type FindNextStepsInput = {
  /** The domain tools called, most recent first. */
  readonly called: readonly string[];
  /** The domain tools offered now. */
  readonly offered: readonly string[];
  readonly lookup: (name: string) => ToolSpec | undefined;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /** Every tool of a domain, by name. */
  readonly domainTools: (domain: string) => readonly string[];
};

/** A tool's name words, numbers aside: `rentalcars_1_get_cars_available` and `rentalcars_2_…` say the same. */
function actionOf(spec: ToolSpec): string {
  return [
    ...new Set(tokenizeForSearch(spec.name, { expandAbbreviations: false }).filter((term) => !isNumberTerm(term))),
  ]
    .sort().join(' ');
}

/**
 * For each called tool, its best companion (see rankCompanions) among its domains' tools, when that companion is not
 * offered: the step a task takes next (`hotels_1_reserve_hotel` after `hotels_1_search_hotel`, `cancel_reservation`
 * after `get_reservation_details`). A look-alike (the same action of another provider, its name the same but for a
 * number) is an alternative, not a next step, and is passed over. Each tool once, in `called` order. Pure.
 */
export function findNextSteps(input: FindNextStepsInput): readonly string[] {
  const next: string[] = [];
  for (const name of input.called) {
    const spec = input.lookup(name);
    if (spec === undefined) continue;
    const siblings = [...new Set(input.domainsOf(name).flatMap((domain) => input.domainTools(domain)))]
      .flatMap((sibling) => input.lookup(sibling) ?? [])
      .filter((sibling) => actionOf(sibling) !== actionOf(spec));
    const [best] = rankCompanions(spec, siblings);
    if (best !== undefined && !input.offered.includes(best) && !next.includes(best)) next.push(best);
  }
  return next;
}
