// Local tool ranking: BM25F over a tool's name, description, tags and parameters, with stemming, synonyms,
// abbreviations, near-miss spellings, the last few user turns, the strongest domain, the tools that feed a hit, the
// other parts of a hit's system, pseudo-relevance feedback from the best hits, and optionally what the service knows of
// the conversation beside its words (the tools it called, the deployment's instructions).
import { compareText } from '../tool-catalogue/index.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { FIELDS, indexToolFields } from './index-tool-fields.ts';
import type { IndexedTool, Posting, TermHolders } from './index-tool-fields.ts';
import { createSpellingLookup } from './create-spelling-lookup.ts';
import type { SpellingLookup } from './create-spelling-lookup.ts';
import { weighQueryTerms } from './weigh-query-terms.ts';
import { asksForOtherDomain } from './asks-for-other-domain.ts';
import { type DomainLean, findDeploymentDomain, leadOfDomain } from './deployment-domain.ts';

export type RankedTool = { readonly name: string; readonly score: number };
/** What the service knows of a conversation beside its words. */
export type RankingContext = {
  /** Tools the conversation called, most recent first (the first CALLED_TOOLS_READ count): their domains are its own. */
  readonly calledTools?: readonly string[];
  /** What the deployment's instructions lean to, 0-1 by domain tag, the leader at 1 (see measureDomainPrior). */
  readonly domainPrior?: DomainLean;
};
export type RankToolsInput = {
  readonly query: string;
  readonly recentUserTurns?: readonly string[];
  readonly context?: RankingContext;
};

/** BM25's k1: how fast repeated matches stop adding. */
const SATURATION = 1.2;
/** Earlier user turns (most recent first) weigh little in a tool's own score: they name what was done, not what is asked… */
const RECENT_TURN_TERM_WEIGHTS = [0.2, 0.1, 0.05] as const;
/** …but they say a lot about which domain the conversation is in. */
const RECENT_TURN_DOMAIN_WEIGHTS = [0.7, 0.5, 0.35] as const;
/** Bonus for every tool of the best-matching domain, relative to the best tool's score. */
const DOMAIN_WEIGHT = 0.6;
/**
 * Bonus for every tool of the conversation's own domain (see RankingContext), relative to the best tool's score: the
 * domain of the tools the conversation uses counts as much as a perfect word match, so "Sure, it's sofia_kim_7287" or
 * "yes, go ahead" keeps that domain's tools (the ones nobody names: look up the user, think, calculate) in the first
 * places, while a message that plainly asks for another domain's tool (word match plus its domain's bonus) still
 * ranks that tool first.
 */
const CONTEXT_WEIGHT = 1;
/**
 * When the message asks for another domain by a word only that domain's tools hold (see asksForOtherDomain: "Could you
 * tweet …" while the car's tools are in use), the conversation's domain lifts its tools by this share of its bonus, and
 * by the rest only as far as they match the message's words: a domain of 22 tools would otherwise take every place ahead
 * of the new domain's second tool (the login before the tweet). Not at a deployment's own domain (see
 * isDeploymentDomain), where a look-alike catalogue's words ("budget", "insurance" beside an airline's) say nothing.
 */
const LEAVING_LIFT = 0.5;
/**
 * LEAVING_LIFT applies only when the conversation lifts at least this many tools (each counted by its domain's strength,
 * see measureContextDomains): a shortlist's widest (see shortlistTools), the recall's depth. A lift of fewer cannot
 * crowd the new domain out of those places (a small catalogue's domain of 2-10 tools), and it is left whole there.
 */
const CROWDING_LIFT = 15;
/** Each earlier called tool counts this much of the one after it: the latest calls say most about the next. */
const CALLED_DECAY = 0.5;
/** Called tools read (most recent first); older ones would count for less than 0.1%. */
const CALLED_TOOLS_READ = 10;
/** Share of a tool's score passed to the tools that produce its inputs (the `get_zipcode` before `estimate_distance`). */
const PRODUCER_WEIGHT = 0.2;
/** Share of a tool's score passed to the other parts of its system (the brake pedal and doors beside the engine). */
const PART_WEIGHT = 0.2;
/** Pseudo-relevance feedback: the FEEDBACK_TERMS rarest name and description terms of each of the best FEEDBACK_TOOLS
 * tools join the query at FEEDBACK_WEIGHT (times that tool's share of the best score): "buy shares" → order, stock. */
const FEEDBACK_WEIGHT = 0.1;
const FEEDBACK_TOOLS = 3;
const FEEDBACK_TERMS = 6;

/** Precomputed statistics of a catalogue; build once per catalogue, reuse for every query. */
export type ToolIndex = {
  readonly tools: readonly IndexedTool[];
  readonly inverseDocumentFrequency: ReadonlyMap<string, number>;
  readonly averageLengths: Readonly<Record<(typeof FIELDS)[number], number>>;
  /** Term → the tools holding it, with field-weighted, length-normalised frequencies. */
  readonly postings: ReadonlyMap<string, readonly Posting[]>;
  /** Term → the tools holding it, by field (see TermHolders). */
  readonly holders: TermHolders;
  readonly spelling: SpellingLookup;
};

/** Indexes `tools` (any order; rankings do not depend on it). Pure; the specs are read, never kept. */
export function createToolIndex(tools: readonly ToolSpec[]): ToolIndex {
  const fields = indexToolFields(tools);
  return { ...fields, spelling: createSpellingLookup(fields.inverseDocumentFrequency.keys()) };
}

function scoreTools(index: ToolIndex, queryTerms: ReadonlyMap<string, number>): number[] {
  const scores = new Array<number>(index.tools.length).fill(0);
  for (const [term, queryWeight] of queryTerms) {
    const postings = index.postings.get(term);
    if (postings === undefined || queryWeight <= 0) continue;
    const weight = queryWeight * (index.inverseDocumentFrequency.get(term) ?? 0);
    for (const posting of postings) {
      scores[posting.tool] = (scores[posting.tool] ?? 0) + (weight * posting.weight) / (SATURATION + posting.weight);
    }
  }
  return scores;
}

/** Positions of the `count` best positive scores, best first, ties by tool name (so catalogue order never matters). */
function findBest(index: ToolIndex, scores: readonly number[], count: number): number[] {
  const best: number[] = [];
  const before = (a: number, b: number): boolean =>
    (scores[a] ?? 0) > (scores[b] ?? 0) ||
    ((scores[a] ?? 0) === (scores[b] ?? 0) && compareText(index.tools[a]?.name ?? '', index.tools[b]?.name ?? '') < 0);
  scores.forEach((score, position) => {
    if (score <= 0) return;
    let at = best.length;
    while (at > 0 && before(position, best[at - 1] ?? 0)) at -= 1;
    if (at < count) best.splice(at, 0, position);
    if (best.length > count) best.pop();
  });
  return best;
}

/** The query terms plus the rarest name and description terms of the best few tools, at a low weight. */
function addFeedbackTerms(
  index: ToolIndex,
  termWeights: ReadonlyMap<string, number>,
  scores: readonly number[],
): ReadonlyMap<string, number> {
  const best = findBest(index, scores, FEEDBACK_TOOLS);
  const topScore = scores[best[0] ?? -1] ?? 0;
  const expanded = new Map(termWeights);
  for (const position of best) {
    const weight = (FEEDBACK_WEIGHT * (scores[position] ?? 0)) / topScore;
    let added = 0;
    for (const term of index.tools[position]?.distinctiveTerms ?? []) {
      if (added >= FEEDBACK_TERMS) break;
      if (termWeights.has(term)) continue;
      added += 1;
      expanded.set(term, Math.max(expanded.get(term) ?? 0, weight));
    }
  }
  return expanded;
}

/** A tool's score, raised to (own + weight × score of a tool it feeds or stands beside) when that is higher. */
function lendToLinked(index: ToolIndex, ownScores: readonly number[]): number[] {
  const scores = [...ownScores];
  const lend = (to: number, from: number, weight: number): void => {
    scores[to] = Math.max(scores[to] ?? 0, (ownScores[to] ?? 0) + weight * (ownScores[from] ?? 0));
  };
  index.tools.forEach((tool, position) => {
    for (const producer of tool.producers) lend(producer, position, PRODUCER_WEIGHT);
    for (const part of tool.parts) lend(part, position, PART_WEIGHT);
  });
  return scores;
}

/** Strength of every tag in 0..1: its best tool's context score relative to the best tag's. */
function measureDomains(index: ToolIndex, contextScores: readonly number[]): Map<string, number> {
  const best = new Map<string, number>();
  index.tools.forEach((tool, position) => {
    for (const tag of tool.tags) best.set(tag, Math.max(best.get(tag) ?? 0, contextScores[position] ?? 0));
  });
  const top = Math.max(0, ...best.values());
  return new Map([...best].map(([tag, value]) => [tag, top > 0 ? value / top : 0]));
}

/**
 * Strength in 0..1 of every tag the context vouches for: the called tools' tags (a tool of two domains gives each half,
 * each earlier call counts CALLED_DECAY of the next, the strongest tag has 1), or the instructions' lead of a tag over
 * the runner-up (an airline policy leads its airline tools by much; a concierge's spread of ten services by none).
 */
function measureContextDomains(index: ToolIndex, context: RankingContext | undefined): Map<string, number> {
  const votes = new Map<string, number>();
  (context?.calledTools ?? []).slice(0, CALLED_TOOLS_READ).forEach((name, back) => {
    const tags = index.tools.find((tool) => tool.name === name)?.tags ?? [];
    for (const tag of tags) votes.set(tag, (votes.get(tag) ?? 0) + CALLED_DECAY ** back / tags.length);
  });
  const topVote = Math.max(0, ...votes.values());
  const strength = new Map([...votes].map(([tag, vote]) => [tag, vote / topVote]));
  for (const tag of context?.domainPrior?.keys() ?? []) {
    strength.set(tag, Math.max(strength.get(tag) ?? 0, leadOfDomain(context?.domainPrior, tag)));
  }
  return strength;
}

/**
 * The share of the conversation's bonus its tools keep whatever the message's words: LEAVING_LIFT when the message asks
 * for another domain (see asksForOtherDomain), the bonus lifts at least CROWDING_LIFT tools and no domain is the
 * deployment's own; else 1.
 */
function chooseLift(
  index: ToolIndex,
  context: RankingContext | undefined,
  strength: ReadonlyMap<string, number>,
  saidWeights: ReadonlyMap<string, number>,
): number {
  const lifted = index.tools.reduce(
    (sum, tool) => sum + Math.max(0, ...tool.tags.map((tag) => strength.get(tag) ?? 0)),
    0,
  );
  if (lifted < CROWDING_LIFT || findDeploymentDomain(context?.domainPrior) !== undefined) return 1;
  return asksForOtherDomain(index, strength, saidWeights) ? LEAVING_LIFT : 1;
}

/**
 * Ranks the indexed tools for a query and optionally the earlier user turns (oldest first; the last 3 count).
 * Returns only tools with a positive score, best first; equal scores are ordered by name, so the same input always
 * gives the same list whatever the catalogue order. Scores are relative (the best own match is about 1 plus the
 * domain bonuses), not comparable across queries. With a `context`, the conversation's own domain's tools gain up to
 * CONTEXT_WEIGHT (less when the message asks for another domain, see LEAVING_LIFT). Pure; linear in the matched
 * postings and the catalogue size.
 */
export function rankTools(index: ToolIndex, input: RankToolsInput): readonly RankedTool[] {
  const [
    termWeights = new Map<string, number>(),
    contextWeights = new Map<string, number>(),
    saidWeights = new Map<string, number>(),
  ] = weighQueryTerms({
    ...input,
    // The third: the message's own words alone (no earlier turn), for asksForOtherDomain.
    histories: [RECENT_TURN_TERM_WEIGHTS, RECENT_TURN_DOMAIN_WEIGHTS, []],
    vocabulary: index.inverseDocumentFrequency,
    spelling: index.spelling,
  });
  const firstPass = scoreTools(index, termWeights);
  const scores = lendToLinked(index, scoreTools(index, addFeedbackTerms(index, termWeights, firstPass)));
  const domainStrength = measureDomains(index, scoreTools(index, contextWeights));
  const contextStrength = measureContextDomains(index, input.context);
  const lift = chooseLift(index, input.context, contextStrength, saidWeights);
  const topTool = Math.max(0, ...scores);
  const ranked: RankedTool[] = [];
  index.tools.forEach((tool, position) => {
    const own = topTool > 0 ? (scores[position] ?? 0) / topTool : 0;
    const domain = Math.max(0, ...tool.tags.map((tag) => domainStrength.get(tag) ?? 0));
    const conversation = Math.max(0, ...tool.tags.map((tag) => contextStrength.get(tag) ?? 0));
    const score = own + DOMAIN_WEIGHT * domain + CONTEXT_WEIGHT * conversation * (lift + (1 - lift) * own);
    if (score > 0) ranked.push({ name: tool.name, score });
  });
  return ranked.sort((a, b) => b.score - a.score || compareText(a.name, b.name));
}
