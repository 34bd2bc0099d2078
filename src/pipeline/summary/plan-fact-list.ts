// Splits the summary's token cap between the deterministic fact list and the summariser's prose, before the call.
import type { Message } from '../types/index.ts';
import { parseFactList, renderFactList } from './render-fact-list.ts';
import { updateFactList } from './update-fact-list.ts';

/** The fact list takes at most this share of the cap, so the prose keeps room to say what the facts are about. */
export const FACT_LIST_CAP_SHARE = 0.45;
/** Tokens between the prose and the list (a blank line; the estimate of a join is not always the sum of its parts). */
export const FACT_LIST_SEPARATOR_TOKENS = 4;

export type FactListPlan = {
  /** The previous summary without its fact list: what the summariser is shown as the previous summary. */
  readonly previousProse: string;
  /** The block appended to the summariser's answer ('' when no fact is known). */
  readonly text: string;
  readonly tokens: number;
  /** What is left of the cap for the summariser's prose. */
  readonly proseCapTokens: number;
};

/**
 * The fact list after these evicted messages: the previous summary's list (parsed from its text) merged with the facts
 * of `fresh`, ranked, and cut to FACT_LIST_CAP_SHARE of `capTokens`. Pure and deterministic.
 */
export function planFactList(input: {
  readonly previousSummary: { readonly text: string; readonly coversUpToSeq: number } | null;
  readonly fresh: readonly { readonly seq: number; readonly message: Message }[];
  readonly capTokens: number;
}): FactListPlan {
  const after = input.previousSummary?.coversUpToSeq ?? 0;
  const parsed = parseFactList(input.previousSummary?.text ?? '', after);
  const ranked = updateFactList({ previous: parsed.entries, previousCoversUpToSeq: after, evicted: input.fresh });
  const rendered = renderFactList(ranked, Math.floor(input.capTokens * FACT_LIST_CAP_SHARE));
  const reserved = rendered.text === '' ? 0 : rendered.tokens + FACT_LIST_SEPARATOR_TOKENS;
  return {
    previousProse: parsed.prose,
    text: rendered.text,
    tokens: rendered.tokens,
    proseCapTokens: input.capTokens - reserved,
  };
}
