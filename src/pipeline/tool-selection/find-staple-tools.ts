// The deployment's staples: domain tools that most of its latest conversations (or most of those that went to one
// domain) needed and did not have offered when they did (an airline desk reads the user's record and the reservation
// in nearly every conversation, though users rarely name either: "my user id is mia_li_3668"), offered from a
// conversation's first list on instead of after a miss. Learned from the deployment's own conversations, for any
// catalogue; a tool its users name is found by their words and never becomes one.
import { compareText } from '../tool-catalogue/index.ts';

/** Staples are read once at least this many of the latest conversations ran a domain tool (one is an accident). */
export const STAPLE_MIN_CONVERSATIONS = 5;
/** At most this many staples, most conversations first: they ride on every first list and change. */
export const STAPLES_MAX = 3;

/** What one conversation ran: its domain tools, and those of them it ran late (see listLateTools). */
export type RanTools = { readonly ran: readonly string[]; readonly late: readonly string[] };

/**
 * The tools more than half of `conversations` (each one that ran a domain tool) ran late, most conversations first
 * (ties by name), at most STAPLES_MAX, only those `isDomainTool` accepts; none before STAPLE_MIN_CONVERSATIONS
 * conversations. A concierge whose conversations each need other services, or whose users name what they want, has
 * none. Pure.
 */
export function findStapleTools(
  conversations: readonly RanTools[],
  isDomainTool: (name: string) => boolean,
): readonly string[] {
  const counted = conversations.filter((one) => one.ran.length > 0);
  const counts = new Map<string, number>();
  for (const { late } of counted) {
    for (const name of new Set(late)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return pickStaples(counts, counted.length, isDomainTool);
}

/**
 * Of `counts` (the conversations that ran each tool late, among `total`), those in more than half of them, most first
 * (ties by name), at most STAPLES_MAX, only those `isDomainTool` accepts; none below STAPLE_MIN_CONVERSATIONS.
 */
function pickStaples(
  counts: ReadonlyMap<string, number>,
  total: number,
  isDomainTool: (name: string) => boolean,
): readonly string[] {
  if (total < STAPLE_MIN_CONVERSATIONS) return [];
  return [...counts]
    .filter(([name, count]) => 2 * count > total && isDomainTool(name))
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, STAPLES_MAX)
    .map(([name]) => name);
}

/**
 * The tools of `ran` (those a turn ran) that count as late: not in its tool list when the turn began (a find_tools
 * answer brought them), or there only as a staple (so a staple stays one while most conversations still need it,
 * rather than falling out because it was offered). Pure.
 */
export function listLateTools(
  ran: readonly string[],
  offeredAtStart: readonly string[],
  staples: readonly string[],
): readonly string[] {
  return ran.filter((name) => !offeredAtStart.includes(name) || staples.includes(name));
}

/**
 * Each domain's staples: the tools of a domain that more than half of the conversations that ran one of its tools ran
 * late (at most STAPLES_MAX, most conversations first, ties by name; none before STAPLE_MIN_CONVERSATIONS such
 * conversations), for a deployment whose conversations go to several domains: the step a domain's tasks take and
 * their users do not name (a file system's `cd`), offered when the list changes into that domain. Pure.
 */
export function findDomainStaples(
  conversations: readonly RanTools[],
  domainsOf: (name: string) => readonly string[],
  isDomainTool: (name: string) => boolean,
): ReadonlyMap<string, readonly string[]> {
  const seen = new Map<string, number>();
  const late = new Map<string, Map<string, number>>();
  for (const one of conversations) {
    const domains = new Set(one.ran.flatMap((name) => domainsOf(name)));
    for (const domain of domains) seen.set(domain, (seen.get(domain) ?? 0) + 1);
    for (const name of new Set(one.late)) {
      for (const domain of domainsOf(name)) {
        const counts = late.get(domain) ?? new Map<string, number>();
        counts.set(name, (counts.get(name) ?? 0) + 1);
        late.set(domain, counts);
      }
    }
  }
  const staples = new Map<string, readonly string[]>();
  for (const [domain, counts] of late) {
    const chosen = pickStaples(counts, seen.get(domain) ?? 0, isDomainTool);
    if (chosen.length > 0) staples.set(domain, chosen);
  }
  return staples;
}
