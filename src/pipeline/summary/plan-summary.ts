// Plan of the rolling summary: what leaves the window, with the previous summary, becomes one summariser request.
// The call happens in turn/; applySummary checks its answer.
import { DEFAULT_LIMITS } from '../../defaults.ts';
import type { Message, PromptRequest } from '../types/index.ts';
import { estimateRequestTokens, estimateTextTokens } from '../tokens/index.ts';
import { cutToTokens } from '../tokens/index.ts';
import { defuseWrapperTags, renderTranscript } from './render-transcript.ts';
import { createSummariserInstructions, measureTokensPerWord, wordsForCap } from './summary-instructions.ts';
import { type FactListPlan, planFactList } from './plan-fact-list.ts';

export { renderSummaryForPrompt } from './render-summary-for-prompt.ts';

/** A stored summary: its text and the last message sequence number it covers. */
export type SummaryRecord = { readonly text: string; readonly coversUpToSeq: number };

export type PlanSummaryInput = {
  readonly previousSummary: SummaryRecord | null;
  /** Messages leaving the window, oldest first (slideWindow's `evict`). */
  readonly evicted: readonly { readonly seq: number; readonly message: Message }[];
  /** Token cap of the summary, clamped to [300, 500]; default 400. */
  readonly capTokens?: number | undefined;
  /** The cheap model that writes the summary. */
  readonly modelId: string;
  /** Input budget of the summariser call; default SUMMARY_MAX_INPUT_TOKENS. */
  readonly maxInputTokens?: number | undefined;
};

export type SummarisePlan = {
  readonly kind: 'summarise';
  readonly request: PromptRequest;
  /** The summary written from this request covers messages up to this sequence number. */
  readonly coversUpToSeq: number;
  /** The whole cap: the summariser's prose gets `facts.proseCapTokens` of it, the fact list the rest. */
  readonly capTokens: number;
  /** The deterministic fact list appended to the prose (see planFactList). */
  readonly facts: Pick<FactListPlan, 'text' | 'tokens' | 'proseCapTokens'>;
};

export type SummaryPlan = { readonly kind: 'none' } | SummarisePlan;

export const DEFAULT_SUMMARY_CAP_TOKENS = DEFAULT_LIMITS.summaryMaxTokens;
export const MIN_SUMMARY_CAP_TOKENS = 300;
export const MAX_SUMMARY_CAP_TOKENS = 500;
/** A summariser call stays cheap: a chunk of 5-15 messages fits easily; longer transcripts keep their recent part. */
export const SUMMARY_MAX_INPUT_TOKENS = 32_000;
/** Room for the reply: the model aims under the cap, and a little over it is cut rather than lost. */
const MAX_TOKENS_PER_CAP_TOKEN = 1.5;
/** Below this the fixed instructions and the previous summary would not fit: smaller budgets are raised to it. */
export const MIN_SUMMARY_INPUT_TOKENS = 2_000;
/** A previous summary is at most 500 tokens when written here; an older, longer one is cut to this. */
const PREVIOUS_SUMMARY_MAX_TOKENS = 1_000;
const TOOL_RESULT_MAX_TOKENS = 300;
const TOOL_INPUT_MAX_TOKENS = 100;
const TEXT_MAX_TOKENS = 1_500;

function clampCap(capTokens: number | undefined): number {
  if (capTokens === undefined || !Number.isFinite(capTokens)) return DEFAULT_SUMMARY_CAP_TOKENS;
  return Math.min(MAX_SUMMARY_CAP_TOKENS, Math.max(MIN_SUMMARY_CAP_TOKENS, Math.floor(capTokens)));
}

function buildRequest(
  modelId: string,
  capTokens: number,
  context: { readonly previous: string; readonly facts: string },
  lines: readonly string[],
): PromptRequest {
  const facts = context.facts === '' ? '' : `<kept_facts>\n${defuseWrapperTags(context.facts)}\n</kept_facts>\n\n`;
  // A summary is at least as dense as what it covers: ids and numbers cost more tokens a word than prose (wordsForCap).
  const words = wordsForCap(capTokens, measureTokensPerWord(`${context.previous}\n${lines.join('\n')}`));
  const text = `<previous_summary>\n${context.previous}\n</previous_summary>\n\n${facts}` +
    `<transcript>\n${lines.join('\n')}\n</transcript>\n\n` +
    `Write the updated summary now (at most ${words} words).`;
  return {
    modelId,
    tools: [],
    system: [{ type: 'text', text: createSummariserInstructions(capTokens, words) }],
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    maxTokens: Math.ceil(capTokens * MAX_TOKENS_PER_CAP_TOKEN),
    temperature: 0,
  };
}

function elisionLine(fresh: readonly { readonly seq: number }[], skipped: number): string {
  return `[… ${skipped} earlier messages (#${fresh[0]?.seq}–#${
    fresh[Math.max(0, skipped - 1)]?.seq
  }) left out: too long to summarise in one call …]`;
}

/**
 * Plans the summariser call. `none` when nothing new is evicted (messages at or below the previous summary's
 * `coversUpToSeq` are skipped). Otherwise one request: fixed system instructions, then ONE user message with the previous
 * summary and the evicted messages as a transcript (all user-supplied text stays in that user message). A transcript
 * over the input budget keeps its most recent entries and says how many earlier ones it left out; the request's
 * estimate never exceeds `maxInputTokens` (raised to at least MIN_SUMMARY_INPUT_TOKENS). `coversUpToSeq` is the highest evicted seq. Pure and deterministic.
 */
export function planSummary(input: PlanSummaryInput): SummaryPlan {
  const after = input.previousSummary?.coversUpToSeq ?? Number.NEGATIVE_INFINITY;
  const fresh = input.evicted.filter(({ seq }) => seq > after);
  if (fresh.length === 0) return { kind: 'none' };
  const capTokens = clampCap(input.capTokens);
  const maxInputTokens = Math.max(MIN_SUMMARY_INPUT_TOKENS, input.maxInputTokens ?? SUMMARY_MAX_INPUT_TOKENS);
  const coversUpToSeq = Math.max(...fresh.map(({ seq }) => seq));
  const factList = planFactList({ previousSummary: input.previousSummary, fresh, capTokens });
  const proseCap = factList.proseCapTokens;
  const previousText = cutToTokens(factList.previousProse, PREVIOUS_SUMMARY_MAX_TOKENS);
  const context = { previous: defuseWrapperTags(previousText) || '(none yet)', facts: factList.text };
  const entries = renderTranscript(fresh, {
    toolResultMaxTokens: TOOL_RESULT_MAX_TOKENS,
    toolInputMaxTokens: TOOL_INPUT_MAX_TOKENS,
    textMaxTokens: TEXT_MAX_TOKENS,
  });

  const fixed = estimateRequestTokens(
    buildRequest(input.modelId, proseCap, context, [elisionLine(fresh, fresh.length)]),
  );
  const room = maxInputTokens - fixed;
  const plan = (lines: readonly string[]): SummarisePlan => ({
    kind: 'summarise',
    request: buildRequest(input.modelId, proseCap, context, lines),
    coversUpToSeq,
    capTokens,
    facts: { text: factList.text, tokens: factList.tokens, proseCapTokens: proseCap },
  });
  const withElision = (
    first: number,
    kept: readonly string[],
  ): string[] => (first === 0 ? [...kept] : [elisionLine(fresh, first), ...kept]);
  // Newest first, one token per entry for the line break joining it.
  let used = 0;
  let first = entries.length;
  while (first > 0 && used + estimateTextTokens(entries[first - 1] as string) + 1 <= room) {
    used += estimateTextTokens(entries[first - 1] as string) + 1;
    first -= 1;
  }
  for (; first < entries.length; first += 1) {
    const candidate = plan(withElision(first, entries.slice(first)));
    if (estimateRequestTokens(candidate.request) <= maxInputTokens) return candidate;
  }
  // Not even the newest message fits whole: keep its start, shrinking until the request fits.
  const newest = entries[entries.length - 1] as string;
  for (let budget = Math.max(0, room);; budget = Math.floor(budget * 0.8)) {
    const candidate = plan(withElision(entries.length - 1, [`${cutToTokens(newest, budget)} [… cut …]`]));
    if (estimateRequestTokens(candidate.request) <= maxInputTokens || budget === 0) return candidate;
  }
}
