// Apply of the rolling summary: checks the summariser's answer, enforces the cap (one shorter retry, then a sentence
// cut), and on any failure keeps the previous summary and records the gap. Error text never becomes a summary.
import type { ModelReply, PromptRequest } from '../types/index.ts';
import { estimateTextTokens } from '../tokens/index.ts';
import { cutAtSentence, trimToLastSentence } from '../tokens/index.ts';
import { looksLikeErrorText } from './looks-like-error-text.ts';
import { defuseWrapperTags } from './render-transcript.ts';
import { createShortenerInstructions, measureTokensPerWord, wordsForCap } from './summary-instructions.ts';
import type { SummarisePlan } from './plan-summary.ts';

export type ApplySummaryInput = {
  readonly plan: SummarisePlan;
  readonly reply?: ModelReply | undefined;
  /** What the call threw, if it failed; wins over any reply. */
  readonly error?: unknown;
  /** 1 for the plan's request, 2 for the retry this function asked for. */
  readonly attempt: 1 | 2;
};

export type SummaryGapReason =
  | 'call-failed'
  | 'no-reply'
  | 'bad-stop-reason'
  | 'tool-use-only'
  | 'empty'
  | 'error-like-text'
  | 'nothing-fits-cap';

export type ApplySummaryResult =
  | {
    readonly ok: true;
    readonly summary: { readonly text: string; readonly coversUpToSeq: number; readonly tokens: number };
  }
  | { readonly ok: false; readonly retry: PromptRequest }
  | {
    readonly ok: false;
    readonly gap: { readonly reason: SummaryGapReason; readonly detail?: string; readonly coversUpToSeq: number };
  };

/** The retry asks for this share of the cap, so a second answer a little over its own target still fits. */
const RETRY_CAP_SHARE = 0.75;

function describeError(error: unknown): string {
  if (error instanceof Error) return error.name;
  return typeof error;
}

function createRetryRequest(plan: SummarisePlan, tooLong: string): PromptRequest {
  const stricterCap = Math.floor(plan.facts.proseCapTokens * RETRY_CAP_SHARE);
  const words = wordsForCap(stricterCap, measureTokensPerWord(tooLong));
  const text = `This summary is over its limit. Shorten it to at most ${words} words.\n\n` +
    `<previous_summary>\n${defuseWrapperTags(tooLong)}\n</previous_summary>`;
  return {
    modelId: plan.request.modelId,
    tools: [],
    system: [{ type: 'text', text: createShortenerInstructions(stricterCap, words) }],
    messages: [{ role: 'user', content: [{ type: 'text', text }] }],
    maxTokens: plan.facts.proseCapTokens,
    temperature: 0,
  };
}

/** The stored summary: the checked prose, then the plan's fact list; never over the whole cap (the prose is cut). */
function withFacts(plan: SummarisePlan, prose: string): ApplySummaryResult {
  const join = (text: string) => [text, plan.facts.text].filter((part) => part !== '').join('\n\n');
  let text = join(prose);
  // The prose fits its share; a join estimated a little over the sum of its parts loses prose, never facts.
  for (let cap = plan.facts.proseCapTokens; estimateTextTokens(text) > plan.capTokens && cap > 0; cap -= 8) {
    text = join(cutAtSentence(prose, cap));
  }
  return { ok: true, summary: { text, coversUpToSeq: plan.coversUpToSeq, tokens: estimateTextTokens(text) } };
}

/**
 * Turns the summariser's reply into a summary, a retry or a gap:
 * - a call error, no reply, a stop reason other than end_turn/max_tokens, a tool-use-only or empty reply, or text that
 *   looks like an error/refusal (looksLikeErrorText) → `gap` (keep the previous summary; the gap covers the plan's seqs);
 * - max_tokens → the unfinished last sentence is dropped first;
 * - prose over its share of the cap (`plan.facts.proseCapTokens`): attempt 1 → `retry` (shorten the too-long text under a stricter cap; apply its reply with
 *   attempt 2); attempt 2 → cut at a sentence boundary (else a word boundary) under the cap.
 * An ok summary is the prose then the plan's fact list (`plan.facts.text`), never empty, never over `plan.capTokens`,
 * and `tokens` is its estimateTextTokens. Pure.
 */
export function applySummary(input: ApplySummaryInput): ApplySummaryResult {
  const { plan, reply } = input;
  const gap = (reason: SummaryGapReason, detail?: string): ApplySummaryResult => ({
    ok: false,
    gap: detail === undefined
      ? { reason, coversUpToSeq: plan.coversUpToSeq }
      : { reason, detail, coversUpToSeq: plan.coversUpToSeq },
  });
  if (input.error !== undefined) return gap('call-failed', describeError(input.error));
  if (reply === undefined) return gap('no-reply');
  if (reply.stopReason !== 'end_turn' && reply.stopReason !== 'max_tokens') {
    return gap('bad-stop-reason', reply.stopReason);
  }
  const texts = reply.content.flatMap((
    block,
  ) => (block.type === 'text' && block.text.trim() !== '' ? [block.text.trim()] : []));
  if (texts.length === 0) {
    return gap(reply.content.some((block) => block.type === 'tool_use') ? 'tool-use-only' : 'empty');
  }
  const raw = texts.join('\n\n');
  if (looksLikeErrorText(raw)) return gap('error-like-text');
  const text = reply.stopReason === 'max_tokens' ? trimToLastSentence(raw) : raw;
  if (text === '') return gap('empty', 'max_tokens with no complete sentence');
  const proseCap = plan.facts.proseCapTokens;
  if (estimateTextTokens(text) <= proseCap) return withFacts(plan, text);
  if (input.attempt === 1) return { ok: false, retry: createRetryRequest(plan, text) };
  const cut = cutAtSentence(text, proseCap);
  if (cut === '') return gap('nothing-fits-cap');
  return withFacts(plan, cut);
}
