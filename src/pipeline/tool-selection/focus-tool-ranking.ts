// Puts the conversation's active domain first in a tool ranking, so a selection stays coherent and rarely changes.
import { isDeploymentDomain, type RankedTool } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export type FocusToolRankingInput = {
  /** Best first, as rankTools returns it. */
  readonly ranking: readonly RankedTool[];
  /** The domain tools the conversation sent last turn (its domains weigh in as a prior). */
  readonly previousSelection: readonly string[];
  /** Tools the model called lately, most recent first (see listCalledTools): their domains weigh in too. */
  readonly calledTools?: readonly string[];
  /** Domains the message names outright (see findNamedDomains): a smaller lead moves the focus there. */
  readonly namedDomains?: ReadonlySet<string>;
  /** A tool's domain tags (`standard` excluded); an empty list for an unknown or untagged tool. */
  readonly domainsOf: (name: string) => readonly string[];
  /** What the deployment's instructions lean to (see measureDomainPrior), 0-1 by domain; default none. */
  readonly domainPrior?: DomainPrior;
};

export type FocusedRanking = {
  /** The active domain's tools first (by score), then the rest (by score); the same entries as the input. */
  readonly ranking: readonly RankedTool[];
  /** The active domain, or null when no domain clearly leads (the ranking is then returned unchanged). */
  readonly domain: string | null;
};

/** How many of the best-ranked tools vote for the active domain. */
const VOTING_DEPTH = 5;
/** The previous selection's domains vote with this share of the best score per previously selected tool. */
const PREVIOUS_PRIOR = 1;
/** Each tool the model called lately votes for its domains with this share of the best score. */
const CALLED_PRIOR = 2;
/** The deployment's leading domain (per its instructions) votes with this share of the best score. */
const INSTRUCTIONS_PRIOR = 2;
/**
 * A tool outside the leading domain still leads the focused ranking when it outscores the domain's best by this factor
 * (look-alike domains, "book a flight" in a travel and an airline catalogue, often come within 2×)…
 */
const SWITCH_FACTOR = 2.5;
/** …or by this one when the message names that tool's domain ("add a note" while the conversation was about tasks). */
const NAMED_SWITCH_FACTOR = 1.25;

function voteForDomains(input: FocusToolRankingInput): Map<string, number> {
  const votes = new Map<string, number>();
  // With nothing ranked (a message that names no tool) the priors still vote, with a unit weight.
  const best = input.ranking[0]?.score ?? 1;
  const add = (name: string, weight: number) => {
    for (const domain of input.domainsOf(name)) votes.set(domain, (votes.get(domain) ?? 0) + weight);
  };
  for (const entry of input.ranking.slice(0, VOTING_DEPTH)) if (entry.score > 0) add(entry.name, entry.score);
  for (const name of input.previousSelection) add(name, best * PREVIOUS_PRIOR);
  for (const name of input.calledTools ?? []) add(name, best * CALLED_PRIOR);
  for (const [domain, weight] of input.domainPrior ?? []) {
    votes.set(domain, (votes.get(domain) ?? 0) + best * INSTRUCTIONS_PRIOR * weight);
  }
  return votes;
}

/** The domain with the most votes; null when none has any, or when two share the most (no clear leader). */
function leadingDomain(votes: ReadonlyMap<string, number>): string | null {
  const [first, second] = [...votes].filter(([, weight]) => weight > 0).sort(([, a], [, b]) => b - a);
  return first !== undefined && (second === undefined || first[1] > second[1]) ? first[0] : null;
}

/**
 * Finds the domain the best-ranked tools and the previous selection agree on and moves its tools to the front, keeping
 * score order within each part. A conversation stays in one domain for many turns, so selecting within it keeps the
 * tool list (and the cached prefix behind it) steady and avoids look-alike tools of other domains. A message that
 * clearly belongs elsewhere (its best tool outscores the domain's best by SWITCH_FACTOR) moves the focus to that
 * tool's domain, as does a smaller lead when the message names that domain; the deployment's own domain (its
 * instructions lean to it, see isDeploymentDomain) is left only for a domain the message names. Pure and deterministic; with no tags, or
 * no clear leader, the ranking comes back unchanged.
 */
export function focusToolRanking(input: FocusToolRankingInput): FocusedRanking {
  const { ranking, domainsOf } = input;
  let domain = leadingDomain(voteForDomains(input));
  if (domain === null) return { ranking, domain: null };
  const inDomain = (entry: RankedTool) => domainsOf(entry.name).includes(domain ?? '');
  const top = ranking[0];
  const bestInDomain = ranking.find(inDomain)?.score ?? 0;
  const named = top !== undefined && domainsOf(top.name).some((tag) => input.namedDomains?.has(tag) === true);
  // The deployment's own domain is left only for a domain the message names ("my files" at an airline desk).
  const factor = named ? NAMED_SWITCH_FACTOR : isDeploymentDomain(input.domainPrior, domain) ? Infinity : SWITCH_FACTOR;
  if (top !== undefined && !inDomain(top) && top.score > bestInDomain * factor) {
    domain = domainsOf(top.name)[0] ?? null;
    if (domain === null) return { ranking, domain: null };
  }
  const focused = ranking.filter(inDomain);
  return { ranking: [...focused, ...ranking.filter((entry) => !inDomain(entry))], domain };
}
