// The built-in `find_tools` tool: the model's way back when the offered tools lack the one it needs.
import type { ToolDefinition } from '../types/index.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { rankTools, type ToolIndex } from '../tool-search/index.ts';
import { findNamedDomains } from './find-named-domains.ts';
import { listDomainSiblings } from './find-next-steps.ts';
import { findRequestedDomains } from './find-requested-domains.ts';
import { isAssent } from './is-assent.ts';
import { maskQuotedText } from './mask-quoted-text.ts';
import { measureToolEvidence } from './measure-tool-evidence.ts';
import { findDeploymentDomain } from '../tool-search/index.ts';
import { focusToolRanking } from './focus-tool-ranking.ts';
import { rankCompanions } from './rank-companions.ts';
import { firstSentence } from './render-shortlist.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export const FIND_TOOLS_NAME = 'find_tools';

/** Short and fixed: it is sent with every request, inside the cached prefix. */
export const FIND_TOOLS_TOOL: ToolDefinition = Object.freeze({
  name: FIND_TOOLS_NAME,
  description: 'Find a tool you need that is not offered yet. Matching tools are offered from your next step.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({
      query: Object.freeze({ type: 'string', description: 'What the tool must do, in a few words.' }),
    }),
    required: Object.freeze(['query']),
  }),
});

/** Tools below this share of the best score are not worth a place in the answer. */
const ANSWER_SCORE_RATIO = 0.35;
/** One line per tool: the first sentence, cut to this many characters. */
const LINE_CHARACTERS = 120;
/** A query longer than this is cut before ranking (a model that pastes a paragraph still gets an answer). */
const QUERY_CHARACTERS = 500;

export type FindToolsInput = {
  /** The toolUse input as the model sent it (unchecked). */
  readonly input: Readonly<Record<string, unknown>>;
  readonly index: ToolIndex;
  /** The specs of the ranked tools (for the one-line descriptions); unknown names are skipped. */
  readonly lookup: (name: string) => ToolSpec | undefined;
  /** How many tools to answer at most (the selection's maxTools). */
  readonly maxTools: number;
  /** How many to answer at least when the ranking has that many (the selection's minTools). */
  readonly minTools: number;
  /**
   * The conversation's user turns, oldest first, the current one last: the query is read in their context ("Yes, that
   * works." after "I want to book a cab" still finds the ride tool). Default none.
   */
  readonly recentUserTurns?: readonly string[];
  /**
   * The conversation's tools (offered, and called lately, most recent first) and a tool's domain tags: the answer
   * ranks their domains' tools first unless another domain clearly leads (see focusToolRanking). Default: no focus.
   */
  readonly focus?: {
    readonly offered: readonly string[];
    readonly calledTools: readonly string[];
    /**
     * Tools the conversation called, most recent first, this turn's first: when the query names no tool ("That's all
     * correct."), the next step of the last one's task (its companion, see rankCompanions) leads the answer. Default none.
     */
    readonly lastCalled?: readonly string[];
    readonly domainsOf: (name: string) => readonly string[];
    /** Every tool of a domain, by name. */
    readonly domainTools: (domain: string) => readonly string[];
    /** What the deployment's instructions lean to (see measureDomainPrior); default none. */
    readonly domainPrior?: DomainPrior;
  };
};

export type FindToolsAnswer = {
  readonly status: 'success' | 'error';
  /** The tool result text: `name: one-line description` lines, or why nothing was found. */
  readonly text: string;
  /** The tools found, best first: the turn offers them from its next step. */
  readonly found: readonly string[];
};

/**
 * The found tools with the best match's companion (the next step of its task, see rankCompanions) second, when it is
 * neither found nor offered: "search hotel" brings the reservation tool of the same service. At most maxTools.
 */
function withCompanion(input: FindToolsInput, found: readonly string[], offered: readonly string[]): readonly string[] {
  const [best] = found;
  const companion = best === undefined ? undefined : companionOf(input, best, [...found, ...offered]);
  if (best === undefined || companion === undefined) return found;
  return [best, companion, ...found.slice(1)].slice(0, Math.max(input.maxTools, 2));
}

/** The best companion (see rankCompanions) of `name` among its domains' tools, leaving out `shown`; needs a focus. */
function companionOf(input: FindToolsInput, name: string, shown: readonly string[]): string | undefined {
  const spec = input.lookup(name);
  const focus = input.focus;
  if (spec === undefined || focus === undefined) return undefined;
  const siblings = listDomainSiblings({ ...focus, lookup: input.lookup }, spec.name);
  return rankCompanions(spec, siblings).find((companion) => !shown.includes(companion));
}

/** How many of the latest user turns are read for the service they asked for (see requestedDomains). */
const REQUEST_TURNS = 4;

/**
 * The domains the query asks for by a word only their tools hold (see findRequestedDomains), else those the newest of
 * the last REQUEST_TURNS user turns that made such a request asked for: "Yes, that's perfect." after "I need a cab to go
 * there" is still about the cab; there a domain with a tool offered already is left out (the model has it in view).
 * Their tools lead the answer.
 */
function requestedDomains(
  input: FindToolsInput,
  query: string,
  domainsOf: (name: string) => readonly string[],
): ReadonlySet<string> {
  const offered = new Set((input.focus?.offered ?? []).flatMap(domainsOf));
  const fresh = (domains: ReadonlyMap<string, unknown>) =>
    new Set([...domains.keys()].filter((one) => !offered.has(one)));
  const asked = findRequestedDomains({ index: input.index, text: query, domainsOf, isRequest: true });
  if (asked.size > 0) return new Set(asked.keys());
  const prior = input.focus?.domainPrior;
  for (const turn of (input.recentUserTurns ?? []).slice(-REQUEST_TURNS).reverse()) {
    const domains = findRequestedDomains({
      index: input.index,
      text: turn,
      domainsOf,
      ...(prior === undefined ? {} : { domainPrior: prior }),
    });
    if (domains.size > 0) return fresh(domains);
  }
  return new Set();
}

/**
 * The next step of the task in progress, when the query names no tool (no word of any tool's name, no requested
 * domain): the companion of the domain tool called last that is neither offered nor found. "That's all correct." after
 * a car search is the reservation's confirmation.
 */
function nextStep(
  input: FindToolsInput,
  query: string,
  requested: ReadonlySet<string>,
  shown: readonly string[],
): string | undefined {
  const focus = input.focus;
  if (focus === undefined || requested.size > 0 || !isAssent(query)) return undefined;
  if (measureToolEvidence(input.index, query).some((entry) => entry.nameWords > 0)) return undefined;
  const last = (focus.lastCalled ?? []).find((name) => focus.domainsOf(name).length > 0);
  return last === undefined ? undefined : companionOf(input, last, [...shown, ...focus.offered]);
}

/** How many places of an answer go to the best matches by score alone, whatever the conversation's domains. */
const BEST_MATCH_PLACES = 2;

/**
 * The answer with the query's best matches by score alone (not offered, within ANSWER_SCORE_RATIO of the top score)
 * second, at most BEST_MATCH_PLACES of them: the conversation's domains lead an answer, but the model searched because
 * its offered tools lacked something, and that may be another service ("Could you tweet …" while the car's tools are
 * offered, "the average score" of a file's lines). At most maxTools; a best match already in the answer moves up.
 */
function withBestMatches(
  matched: readonly string[],
  ranked: readonly { readonly name: string; readonly score: number }[],
  offered: readonly string[],
  maxTools: number,
): readonly string[] {
  // The ranking comes best first (see rankTools).
  const top = ranked[0]?.score ?? 0;
  const leaders = ranked
    .filter((entry) => entry.score > 0 && entry.score >= top * ANSWER_SCORE_RATIO && !offered.includes(entry.name))
    .slice(0, Math.min(BEST_MATCH_PLACES, maxTools - 1))
    .map((entry) => entry.name);
  return [...new Set([...matched.slice(0, 1), ...leaders, ...matched.slice(1)])].slice(0, maxTools);
}

/** One answer line: `name: first sentence`, cut to LINE_CHARACTERS. */
function describe(input: FindToolsInput, name: string): string {
  const line = firstSentence(input.lookup(name)?.description ?? '');
  return `${name}: ${line.length <= LINE_CHARACTERS ? line : `${line.slice(0, LINE_CHARACTERS - 1)}…`}`;
}

/**
 * Answers one `find_tools` call from the local ranking: the best-matching domain tools the request does not offer yet
 * (at least minTools when the ranking has them, then every tool within ANSWER_SCORE_RATIO of the best match, at most
 * maxTools), one line each. With a focus, the conversation's domains rank first (but the query's best BEST_MATCH_PLACES
 * matches by score alone come second, see withBestMatches), and when nothing the request lacks
 * comes within that ratio of the best match (offered or not), the answer is that domain's
 * tools not offered yet (the likeliest need when the words were vague). A missing or empty query, or a query nothing
 * matches, is an error result that says what to do. Pure and deterministic.
 */
export function answerFindTools(given: FindToolsInput): FindToolsAnswer {
  // What the model or the user quotes is a value, not words of the need (see maskQuotedText).
  const input = given.recentUserTurns === undefined
    ? given
    : { ...given, recentUserTurns: given.recentUserTurns.map(maskQuotedText) };
  const raw = input.input['query'];
  const said = typeof raw === 'string' ? raw.trim().slice(0, QUERY_CHARACTERS) : '';
  const query = maskQuotedText(said);
  if (said === '') {
    return {
      status: 'error',
      text: `${FIND_TOOLS_NAME} needs a query: what the tool must do, in a few words.`,
      found: [],
    };
  }
  const ranked = rankTools(input.index, { query, recentUserTurns: input.recentUserTurns ?? [] })
    .filter((entry) => input.lookup(entry.name) !== undefined);
  const focused = input.focus === undefined ? { ranking: ranked, domain: null } : focusToolRanking({
    ranking: ranked,
    previousSelection: input.focus.offered,
    calledTools: input.focus.calledTools,
    domainsOf: input.focus.domainsOf,
    namedDomains: findNamedDomains(query, input.focus.domainsOf(ranked[0]?.name ?? ''), ranked[0]?.name ?? ''),
    ...(input.focus.domainPrior === undefined ? {} : { domainPrior: input.focus.domainPrior }),
  });
  const requested = input.focus === undefined
    ? new Set<string>()
    : requestedDomains(input, query, input.focus.domainsOf);
  const isRequested = (name: string) => input.focus?.domainsOf(name).some((domain) => requested.has(domain)) === true;
  const ranking = [
    ...focused.ranking.filter((entry) => isRequested(entry.name)),
    ...focused.ranking.filter((entry) => !isRequested(entry.name) && entry.score > 0),
  ];
  // Only what the model lacks: an offered tool is in its view already. Nothing new matches when no tool that is not
  // offered comes within ANSWER_SCORE_RATIO of the best match.
  const offered = input.focus?.offered ?? [];
  const best = ranking[0]?.score ?? 0;
  const fresh = ranking.filter((entry) => !offered.includes(entry.name));
  const matched = (fresh[0]?.score ?? 0) < best * ANSWER_SCORE_RATIO ? [] : fresh
    .filter((entry, position) => position < input.minTools || entry.score >= best * ANSWER_SCORE_RATIO)
    .slice(0, input.maxTools)
    .map((entry) => entry.name);
  // At a deployment's own domain the focus already yields to a domain the query names (see requestedDomains).
  const hedged = findDeploymentDomain(input.focus?.domainPrior) === undefined
    ? withBestMatches(matched, ranked, offered, input.maxTools)
    : matched;
  const next = nextStep(input, query, requested, hedged);
  const found = next === undefined ? hedged : [next, ...hedged].slice(0, input.maxTools);
  const domain = focused.domain;
  if (input.focus !== undefined && domain !== null && found.every((name) => offered.includes(name))) {
    // Nothing the model lacks matches its words: the conversation's domain's other tools are the likeliest need.
    const rest = input.focus.domainTools(domain).filter((name) =>
      !offered.includes(name) && input.lookup(name) !== undefined
    ).slice(0, input.maxTools);
    if (rest.length > 0) {
      const heading = `Nothing new matches "${said}". The other ${domain} tools:`;
      return {
        status: 'success',
        text: [heading, ...rest.map((name) => describe(input, name))].join('\n'),
        found: rest,
      };
    }
  }
  if (found.length === 0) {
    return {
      status: 'error',
      text: `No tool matches "${said}". Describe the action in other words, or answer without a tool.`,
      found: [],
    };
  }
  const answer = withCompanion(input, found, offered);
  return { status: 'success', text: answer.map((name) => describe(input, name)).join('\n'), found: answer };
}
