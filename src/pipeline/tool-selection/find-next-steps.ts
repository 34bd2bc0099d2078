// The next step of a task a tool call started (search a hotel → reserve it), and the step an assent to a proposal
// agrees to.
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { isNumberTerm, tokenizeForSearch } from '../tool-search/index.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';
import { oncePerSpec } from './once-per-spec.ts';
import { indexCompanionCandidates, rankCompanions } from './rank-companions.ts';

/**
 * Tools of one service that share no parameter link by their names' service prefix alone (see namespaceOf): then a
 * partner needs only this score in rankCompanions (the prefix's words), not a companion's.
 */
const NAMESPACE_MIN_SHARED = 2;

/** How a catalogue is read here: a tool by name, its domain tags (`standard` excluded), a domain's tools by name. */
export type CatalogueView = {
  readonly lookup: (name: string) => ToolSpec | undefined;
  readonly domainsOf: (name: string) => readonly string[];
  readonly domainTools: (domain: string) => readonly string[];
};

export type FindNextStepInput = CatalogueView & {
  /** The domain tool called. */
  readonly called: string;
  /** The domain tools offered now. */
  readonly offered: readonly string[];
};

/** Every tool of the domains `name` belongs to (itself included), once each, in the domains' order. */
export function listDomainSiblings(catalogue: CatalogueView, name: string): readonly ToolSpec[] {
  return [...new Set(catalogue.domainsOf(name).flatMap((domain) => catalogue.domainTools(domain)))]
    .flatMap((sibling) => catalogue.lookup(sibling) ?? []);
}

/** A tool's name words, numbers aside: `rentalcars_1_get_cars_available` and `rentalcars_2_…` say the same. */
const actionOf = oncePerSpec((spec: ToolSpec): string =>
  [...new Set(tokenizeForSearch(spec.name, { expandAbbreviations: false }).filter((term) => !isNumberTerm(term)))]
    .sort().join(' ')
);

/**
 * The called tool's best companion (see rankCompanions) among its domains' tools, when that companion is not offered:
 * the step a task takes next (`hotels_1_reserve_hotel` after `hotels_1_search_hotel`, `cancel_reservation` after
 * `get_reservation_details`). A look-alike (the same action of another provider, its name the same but for a number)
 * is an alternative, not a next step, and is passed over. Pure.
 */
export function findNextStep(input: FindNextStepInput): string | undefined {
  const best = findTaskPartner(input, input.called);
  return best === undefined || input.offered.includes(best) ? undefined : best;
}

/**
 * The name's service prefix: its leading words that are its tags' words or numbers (`services_2_find_provider` →
 * "servic 2", `github_create_issue` tagged github → "github"); empty when the name starts with its action
 * (`get_user_details`).
 */
const namespaceOf = oncePerSpec((spec: ToolSpec): string => {
  const tags = new Set(spec.tags.flatMap((tag) => tokenizeForSearch(tag, { expandAbbreviations: false })));
  const terms = tokenizeForSearch(spec.name, { expandAbbreviations: false });
  const end = terms.findIndex((term) => !tags.has(term) && !isNumberTerm(term));
  return terms.slice(0, end < 0 ? terms.length : end).join(' ');
});

/**
 * The other step of the tool's task (`hotels_1_search_hotel` ↔ `hotels_1_reserve_hotel`, `get_reservation_details` ↔
 * `cancel_reservation`): its best companion (see rankCompanions) among its domains' tools, look-alikes (the same action
 * of another provider) passed over; failing one, the best of the same service prefix (see namespaceOf:
 * `services_2_find_provider` ↔ `services_2_book_appointment`, which share no parameter). Pure.
 */
export function findTaskPartner(
  catalogue: CatalogueView,
  name: string,
  sharers?: (spec: ToolSpec) => readonly ToolSpec[],
): string | undefined {
  const spec = catalogue.lookup(name);
  if (spec === undefined) return undefined;
  const action = actionOf(spec);
  // Only the siblings that share a word or a parameter with it can score (`sharers`, when the caller indexed them).
  const candidates = sharers === undefined ? listDomainSiblings(catalogue, name) : sharers(spec);
  const siblings = candidates.filter((sibling) => actionOf(sibling) !== action);
  const [best] = rankCompanions(spec, siblings);
  const namespace = namespaceOf(spec);
  if (best !== undefined || namespace === '') return best;
  const sameService = siblings.filter((sibling) => namespaceOf(sibling) === namespace);
  return rankCompanions(spec, sameService, NAMESPACE_MIN_SHARED)[0];
}

/** A look-alike's name says an action and its object after the service prefix: one word ("calculate") is not enough. */
const LOOK_ALIKE_MIN_WORDS = 2;

/**
 * A tool's name read once as a service prefix (see namespaceOf) and an action: the action's words, numbers aside
 * (`media_1_find_movies` → "find movi"), and the prefix's words the action does not hold, which a message names the
 * provider by ("media").
 */
const readServiceName = oncePerSpec((spec: ToolSpec): ServiceName => {
  const prefix = namespaceOf(spec).split(' ').filter((term) => term !== '');
  const terms = tokenizeForSearch(spec.name, { expandAbbreviations: false }).slice(prefix.length);
  const action = [...new Set(terms.filter((term) => !isNumberTerm(term)))].sort();
  return {
    action,
    actionText: action.join(' '),
    provider: prefix.filter((term) => !isNumberTerm(term) && !action.includes(term)),
  };
});

type ServiceName = {
  readonly action: readonly string[];
  /** The action's words joined, as look-alikes are compared. */
  readonly actionText: string;
  readonly provider: readonly string[];
};

/**
 * The tools that do what `spec` does for another provider (`movies_3_find_movies` and `media_1_find_movies` for
 * `movies_1_find_movies`: the same name after the service prefix, at least LOOK_ALIKE_MIN_WORDS words), when the
 * message names neither provider (`github_get_issue` and `jira_get_issue` are alternatives for "show me issue 5", not
 * for "my GitHub issue"; `entropy_change_calculate` and `sales_growth_calculate` never are). Pure.
 */
export function findLookAlikes(spec: ToolSpec, tools: readonly ToolSpec[], message: string): readonly string[] {
  // Lower case first: "GitHub" is the word a name's "github" holds, not "git hub".
  const messageTerms = new Set(tokenizeForSearch(message.toLowerCase()));
  const named = (provider: readonly string[]) => provider.some((term) => messageTerms.has(term));
  const own = readServiceName(spec);
  if (own.action.length < LOOK_ALIKE_MIN_WORDS || named(own.provider)) return [];
  return tools.filter((tool) => {
    if (tool.name === spec.name) return false;
    const other = readServiceName(tool);
    return other.actionText === own.actionText && !named(other.provider);
  }).map((tool) => tool.name);
}

/** How many of the trigger's companions (the next step of its task) a change offers beside it. */
const COMPANIONS_KEPT = 2;

/**
 * What a change offers right after its trigger: the trigger's look-alikes anywhere in the catalogue (see
 * findLookAlikes), in ranking order, then its best COMPANIONS_KEPT companions among the other tools of its domain
 * (`ranked`'s first `domainSize`, the trigger first; see rankCompanions). Pure.
 */
export function listTriggerFollowers(
  catalogue: CatalogueView & { readonly domains: readonly string[] },
  change: {
    readonly trigger: string;
    readonly ranked: readonly string[];
    readonly domainSize: number;
    readonly message: string;
  },
): readonly string[] {
  const spec = catalogue.lookup(change.trigger);
  if (spec === undefined) return [];
  const specsOf = (names: readonly string[]) => names.flatMap((name) => catalogue.lookup(name) ?? []);
  const everyTool = specsOf([...new Set([...change.ranked, ...catalogue.domains.flatMap(catalogue.domainTools)])]);
  const domain = specsOf(change.ranked.slice(1, change.domainSize));
  return [
    ...findLookAlikes(spec, everyTool, change.message),
    ...rankCompanions(spec, domain).slice(0, COMPANIONS_KEPT),
  ];
}

/** Each of the tools' task partner (see findTaskPartner), for those that have one. Pure. */
export function listTaskPartners(catalogue: CatalogueView, names: readonly string[]): ReadonlyMap<string, string> {
  // The siblings of each set of domains, indexed once: a shortlist's tools mostly share their domains.
  const indexes = new Map<string, (spec: ToolSpec) => readonly ToolSpec[]>();
  return new Map(names.flatMap((name) => {
    const key = JSON.stringify(catalogue.domainsOf(name));
    let sharers = indexes.get(key);
    if (sharers === undefined) {
      sharers = indexCompanionCandidates(listDomainSiblings(catalogue, name));
      indexes.set(key, sharers);
    }
    const partner = findTaskPartner(catalogue, name, sharers);
    return partner === undefined ? [] : [[name, partner] as const];
  }));
}

export type FindAssentedStepInput = CatalogueView & {
  /** The domain tools the conversation called, most recent first. */
  readonly calledTools: readonly string[];
  /** The domain tools offered now. */
  readonly offered: readonly string[];
  /** The tools the proposal's words name plainly (strong evidence). */
  readonly candidates: readonly ToolEvidence[];
};

/**
 * The step an assent to a proposal agrees to ("Please confirm: 2 tickets for Dc United on March 2nd." "Sounds great."):
 * the next step of the task the conversation's last call started (see findNextStep), when it is not offered, and the
 * proposal's words name neither a tool of another domain nor the last call's own tool plainly. Pure.
 */
export function findAssentedStep(input: FindAssentedStepInput): string | undefined {
  const last = input.calledTools[0];
  // The proposal names the last call's own tool plainly: the same step again ("book it for 2 instead").
  if (last === undefined || input.candidates.some((entry) => entry.name === last)) return undefined;
  const step = findNextStep({ ...input, called: last });
  if (step === undefined) return undefined;
  const domains = input.domainsOf(step);
  const sameDomain = (name: string) => input.domainsOf(name).some((domain) => domains.includes(domain));
  return input.candidates.length === 0 || input.candidates.some((entry) => sameDomain(entry.name)) ? step : undefined;
}
