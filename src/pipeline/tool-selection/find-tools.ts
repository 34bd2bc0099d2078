// The built-in `find_tools` tool: the model's way back when the offered tools lack the one it needs.
import { findDeploymentDomain, rankTools } from '../tool-search/index.ts';
import { findNamedDomains } from './find-named-domains.ts';
import { findRequestedDomains } from './find-requested-domains.ts';
import { nextStep, withCompanion } from './find-tools-companions.ts';
import type { FindToolsAnswer, FindToolsInput } from './find-tools-input.ts';
import { FIND_TOOLS_NAME } from './find-tools-tool.ts';
import { maskQuotedText } from './mask-quoted-text.ts';
import { focusToolRanking } from './focus-tool-ranking.ts';
import { firstSentence } from './render-shortlist.ts';

/** Tools below this share of the best score are not worth a place in the answer. */
const ANSWER_SCORE_RATIO = 0.35;
/** One line per tool: the first sentence, cut to this many characters. */
const LINE_CHARACTERS = 120;
/** A query longer than this is cut before ranking (a model that pastes a paragraph still gets an answer). */
const QUERY_CHARACTERS = 500;

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
