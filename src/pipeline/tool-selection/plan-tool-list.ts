// The tool-list policy of a turn, in one place: keep the offered tools unless the message plainly asks for one that is
// not offered; then rank, focus on that tool's domain, choose (locally or through the cheap model) and fill.
import { type RankedTool, rankTools } from '../tool-search/index.ts';
import { readNamedDomains } from './find-named-domains.ts';
import { isCatalogueAction } from './find-requested-domains.ts';
import { chooseTrigger } from './choose-trigger.ts';
import { coversRequest } from './covers-request.ts';
import { findAssentedStep, listTaskPartners, listTriggerFollowers } from './find-next-steps.ts';
import { findLeftForDomains } from './find-left-for-domains.ts';
import { findTaskObjects } from './find-task-objects.ts';
import { findTaskRequest } from './find-task-request.ts';
import { focusOnTrigger } from './focus-on-trigger.ts';
import { isDeploymentDomain } from '../tool-search/index.ts';
import { focusToolRanking } from './focus-tool-ranking.ts';
import { isStrongEvidence, measureToolEvidence, type ToolEvidence } from './measure-tool-evidence.ts';
import { mayAskForTool } from './may-ask-for-tool.ts';
import { maskQuotedText } from './mask-quoted-text.ts';
import { readChangeReason, type ToolListKeepReason } from './read-change-reason.ts';
import { readRequest } from './read-request.ts';
import { planToolSelection } from './select-tools.ts';
import type { ToolListPlan } from './tool-list-plan.ts';
import type { PlanToolListInput } from './plan-tool-list-input.ts';

/**
 * Beside the 3-5 tools a change selects, up to this many tools the conversation used most recently stay offered (the
 * list is kept most recently used first: a call moves a tool to the front, a tool added and not called is the first
 * to go). A task that needs more than five tools of one domain (look up, search, then change a booking) keeps them
 * offered, a conversation that comes back to a domain finds its tools, and a list that grows by use settles.
 */
export const TOOLS_IN_USE_MAX = 10;
/** A message with this many words for a tool of the conversation's domain still reads as a request there. */
const OWN_DOMAIN_WORDS = 1;
/** Specs shown to the cheap model: the best this many of the focused ranking. */
const SHORTLIST_SPECS = 20;

/**
 * Keeps the offered list unless the message plainly asks for a tool it lacks: strong evidence (see isStrongEvidence:
 * three of the message's own words close together in the tool's name and description, one in its name) for a tool
 * that is not offered, while no offered tool has as much. Chit-chat, thanks, questions answered from the conversation
 * and messages that share one word with some tool keep the list (and the cached prefix behind it), and so does a
 * look-alike of another domain while the conversation is in the deployment's own domain (isDeploymentDomain), the
 * message also reads as a request there and names no other domain. In the middle of a task (a tool called in the
 * window) outside such a desk, a question or request that says the object of a tool's name, a word only a few tools
 * hold, asks for it too (see findTaskObjects), and a request that names no other domain asks for the ranking's best
 * tool of the task's domain when that one is not offered (see findTaskRequest). An assent to a proposed step takes the
 * next step of the task the last call started (see findAssentedStep). When these rules keep the list, a request in
 * the middle of a task for another domain, by a word of its tools' names that only they hold and that is no action
 * (see findLeftForDomains: "Could you file a ticket …" during a trade), asks for that domain's best-ranked tool
 * (`other-domain`); when they change it, such a domain's best-ranked tool follows the trigger (the message's second
 * request: "send an email to Bob, and add an alarm at 7"). On a change, the trigger is the strong candidate the
 * conversation-aware ranking puts first; the list is then chosen from the ranking focused on its domain. Pure and
 * deterministic.
 */
export function planToolList(given: PlanToolListInput): ToolListPlan {
  const plan = planWith(given, []);
  const leaving = findLeftForDomains(given);
  if (plan.kind === 'change') {
    // A change for one domain while the message also asks for another by a word only its tools hold ("… the support
    // team … craft a ticket"): that domain's best-ranked tool is offered beside the trigger.
    const trigger = new Set(given.domainsOf(plan.trigger.name));
    const others = leaving.filter((domain) => !trigger.has(domain)).flatMap((domain) =>
      plan.ranking.find((entry) => given.domainsOf(entry.name).includes(domain))?.name ?? []
    ).filter((name) => name !== plan.trigger.name && !plan.followers.includes(name));
    return others.length === 0 ? plan : { ...plan, followers: [...others, ...plan.followers] };
  }
  if (leaving.length === 0) return plan;
  const left = planWith(given, leaving);
  return left.kind === 'change' ? { ...left, reason: 'other-domain' } : plan;
}

/** planToolList's rules; `leaving`: the domains a request leaves for (see findLeftForDomains), or none. */
function planWith(given: PlanToolListInput, leaving: readonly string[]): ToolListPlan {
  // Quoted words are the user's values (a post's text, a file name), not the request's (see maskQuotedText).
  const input = {
    ...given,
    text: maskQuotedText(given.text),
    recentUserTurns: given.recentUserTurns.map(maskQuotedText),
  };
  // A request that says a word only one domain's tools hold ("could you find me a cab?") asks for that domain even when
  // no single tool has strong evidence; at the first request it outweighs a weak candidate. An assent to a step the
  // assistant proposed asks for that step (see readRequest).
  const { text, requested, requestedTools, proposal, answersQuestion } = readRequest({
    index: input.index,
    text: input.text,
    ...(input.lastReply === undefined ? {} : { lastReply: input.lastReply }),
    domainsOf: input.domainsOf,
    ...(input.domainPrior === undefined ? {} : { domainPrior: input.domainPrior }),
  });
  const firstRequest = input.previous.length === 0;
  const findNamedDomains = readNamedDomains(text);
  const isAction = (term: string) => isCatalogueAction(input.index, input.domainsOf, term);
  const evidence = measureToolEvidence(input.index, text, { inputWords: firstRequest, answerValues: answersQuestion })
    .filter((entry) => input.lookup(entry.name) !== undefined);
  const strongest = evidence[0];
  const keep = (reason: ToolListKeepReason): ToolListPlan => ({
    kind: 'keep',
    selected: input.previous,
    reason,
    ...(strongest === undefined ? {} : { evidence: strongest }),
  });
  // A message that names a tool's domain and a word of its name with a second word of the tool ("find me a hotel
  // room" for hotels_1_search_hotel) asks for that domain as plainly as three words do.
  const namesDomain = (entry: ToolEvidence) =>
    entry.nameWords >= 1 && entry.words >= 2 && findNamedDomains(input.domainsOf(entry.name), entry.name).size > 0;
  // Ranked once, and only when a request during a task (see findTaskRequest) or a tie (see coversRequest) needs it, or
  // on a change: most kept lists never rank.
  let rankedOnce: readonly RankedTool[] | undefined;
  const rankMessage = () =>
    rankedOnce ??= rankTools(input.index, {
      query: text,
      recentUserTurns: input.recentUserTurns,
      context: {
        calledTools: input.calledTools,
        ...(input.domainPrior === undefined ? {} : { domainPrior: input.domainPrior }),
      },
    });
  // Whether the message may ask for a tool: read once, and only when a rule needs it.
  let asksOnce: boolean | undefined;
  const asksForTool = () => asksOnce ??= mayAskForTool(input.text, isAction, { inTask: input.calledTools.length > 0 });
  const strong = evidence.filter((entry) => isStrongEvidence(entry, firstRequest) || namesDomain(entry));
  const plain = strong.length > 0 ? strong : findTaskObjects({ ...input, evidence, isAction, asksForTool });
  const taskRequest = findTaskRequest({
    ...input,
    evidence,
    candidates: plain,
    requested,
    asksForTool,
    rank: rankMessage,
  });
  const candidates = taskRequest.length > 0 ? taskRequest : plain;
  const inRequested = (name: string) => input.domainsOf(name).some((domain) => requested.has(domain));
  const inLeft = (name: string) => input.domainsOf(name).some((domain) => leaving.includes(domain));
  const byRequest = leaving.length > 0 ||
    requested.size > 0 && (candidates.length === 0 || firstRequest) &&
      !candidates.some((entry) => inRequested(entry.name));
  const assentedStep = proposal === undefined
    ? undefined
    : findAssentedStep({ ...input, offered: input.previous, candidates });
  // A request the message makes goes on to the ranking, which tells which of the requested tools it asks for (and
  // keeps the list when that one is offered): an offered reservation does not cover "I need to find a place to eat".
  if (assentedStep === undefined && !byRequest) {
    if (strongest === undefined || candidates.length === 0) return keep('no-evidence');
    // A conversation that has used no tool changes its list for a message that may ask for one, or answers the
    // assistant's question ("Well, Theater is my first choice."): not for small talk that names a tool's topic. A
    // desk's own domain (isDeploymentDomain) is what its users come for: a statement there may be the task, and so
    // may the opening message's when it names a tool as plainly as a later request must (the first list's laxer
    // reading aside, see isStrongEvidence): at most one change per conversation.
    if (
      input.calledTools.length === 0 && !answersQuestion && !asksForTool() &&
      !(input.opening === true && evidence.some((entry) => isStrongEvidence(entry) || namesDomain(entry))) &&
      !candidates.some((entry) =>
        input.domainsOf(entry.name).some((domain) => isDeploymentDomain(input.domainPrior, domain))
      )
    ) {
      return keep('no-request');
    }
  }
  // An offered tool that the message names as plainly as the best candidate covers it (see coversRequest).
  const [best = strongest] = candidates;
  let places: ReadonlyMap<string, number> | undefined;
  const placeOf = (name: string) => {
    places ??= new Map(rankMessage().map((entry, place) => [entry.name, place]));
    return places.get(name) ?? places.size;
  };
  if (
    best !== undefined && !byRequest && assentedStep === undefined &&
    candidates.some((entry) => input.previous.includes(entry.name) && coversRequest(entry, best, placeOf))
  ) {
    return keep('offered-covers');
  }
  const ranked = rankMessage();
  const { ranking, domain } = focusToolRanking({
    ranking: ranked,
    previousSelection: input.previous,
    calledTools: input.calledTools,
    namedDomains: findNamedDomains(input.domains, ranked[0]?.name ?? ''),
    domainsOf: input.domainsOf,
    ...(input.domainPrior === undefined ? {} : { domainPrior: input.domainPrior }),
  });
  const requestedTool = leaving.length > 0
    ? ranking.find((entry) => inLeft(entry.name))?.name
    : byRequest
    ? (ranking.find((entry) => requestedTools.has(entry.name)) ?? ranking.find((entry) => inRequested(entry.name)))
      ?.name
    : undefined;
  const trigger = chooseTrigger({
    evidence,
    candidates,
    ranking,
    assentedStep,
    requestedTool,
    domainsOf: input.domainsOf,
    ...(input.domainPrior === undefined ? {} : { domainPrior: input.domainPrior }),
  });
  if (trigger === undefined) return keep('no-evidence');
  // The candidate (or requested tool: under a broad tag, "I need a hotel around there" asks for the tools that hold
  // "hotel", not the flight tools of its "travel" tag) the conversation-aware ranking puts first is offered already:
  // nothing to change.
  if (input.previous.includes(trigger.name)) return keep('offered-covers');
  // The deployment's own domain holds the focus unless the message clearly leads elsewhere (see focusToolRanking): a
  // look-alike tool of another domain ("the credit card ending in 9725" in an airline desk's task) changes nothing. A
  // concierge's conversations go from service to service: there the user's words decide.
  const inFocus = (name: string) => domain !== null && input.domainsOf(name).includes(domain);
  if (
    !firstRequest && domain !== null && !inFocus(trigger.name) &&
    isDeploymentDomain(input.domainPrior, domain) &&
    findNamedDomains(input.domainsOf(trigger.name), trigger.name).size === 0 &&
    evidence.some((entry) => inFocus(entry.name) && entry.words >= OWN_DOMAIN_WORDS)
  ) return keep('outside-focus');
  const { ranking: focused, domainSize } = focusOnTrigger(input, ranking, trigger.name);
  const selection = planToolSelection({
    ranking: focused,
    query: text,
    recentUserTurns: input.recentUserTurns,
    minTools: input.minTools,
    maxTools: input.maxTools,
    modelId: input.modelId,
    catalogue: focused.slice(0, SHORTLIST_SPECS).flatMap((entry) => input.lookup(entry.name) ?? []),
  });
  return {
    kind: 'change',
    reason: readChangeReason({
      trigger: trigger.name,
      firstRequest,
      assented: proposal !== undefined,
      requested: requestedTool !== undefined,
      strong,
      plain,
    }),
    trigger,
    selection,
    ranking: focused,
    domainSize,
    followers: listTriggerFollowers(input, {
      trigger: trigger.name,
      ranked: focused.map((entry) => entry.name),
      domainSize,
      message: input.text,
    }),
    partners: listTaskPartners(
      input,
      focused.slice(0, Math.min(domainSize, SHORTLIST_SPECS)).map((entry) => entry.name),
    ),
    previous: input.previous,
    calledTools: input.calledTools,
  };
}
