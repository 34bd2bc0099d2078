// Cutting text down to a token cap at a clean place: a sentence end, else a word end; never mid-word.
import { estimateTextTokens } from './estimate-tokens.ts';

/** The estimator never gives more than 8 characters a token, so nothing past 8 × (cap + 1) characters can fit. */
const MAX_CHARACTERS_PER_TOKEN = 8;
/** A sentence cut is preferred unless it keeps less than this share of what a word cut would keep. */
const SENTENCE_MIN_SHARE = 0.5;
const SENTENCE_END = new Set(['.', '!', '?', '…', '。', '！', '？']);
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '»', '*', '_']);

function isWhitespace(character: string | undefined): boolean {
  return character === ' ' || character === '\n' || character === '\t' || character === '\r' || character === '\u00a0';
}

function endsSentence(text: string, end: number): boolean {
  let index = end - 1;
  while (index > 0 && CLOSERS.has(text[index] as string)) index -= 1;
  return SENTENCE_END.has(text[index] as string) || text[end] === '\n';
}

/** The largest boundary (ascending list) whose prefix fits, by binary search: the estimate grows with the prefix. */
function largestFitting(text: string, boundaries: readonly number[], capTokens: number): number {
  let low = 0;
  let high = boundaries.length - 1;
  let best = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const end = boundaries[middle] as number;
    if (estimateTextTokens(text.slice(0, end)) <= capTokens) {
      best = end;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

/**
 * Cuts `text` to at most `capTokens` estimated tokens. The result is always a prefix of `text` with no trailing
 * whitespace, and either the whole (trimmed) text or followed in `text` by whitespace: it ends at a sentence end
 * (`.!?…`, closing quotes allowed, or a line end) when one fits, else at a word end; '' when not even one word fits.
 */
export function cutAtSentence(text: string, capTokens: number): string {
  const whole = text.trimEnd();
  if (estimateTextTokens(whole) <= capTokens) return whole;
  if (!(capTokens >= 1)) return '';
  const limit = Math.min(whole.length, MAX_CHARACTERS_PER_TOKEN * (Math.floor(capTokens) + 1));
  const sentenceEnds: number[] = [];
  const wordEnds: number[] = [];
  for (let index = 1; index <= limit; index += 1) {
    if (!isWhitespace(whole[index]) || isWhitespace(whole[index - 1])) continue;
    wordEnds.push(index);
    if (endsSentence(whole, index)) sentenceEnds.push(index);
  }
  const wordCut = largestFitting(whole, wordEnds, capTokens);
  const sentenceCut = largestFitting(whole, sentenceEnds, capTokens);
  const end = sentenceCut > 0 && sentenceCut >= wordCut * SENTENCE_MIN_SHARE ? sentenceCut : wordCut;
  return whole.slice(0, end);
}

/**
 * Cuts `text` to at most `maxTokens` estimated tokens for content with no sentences to respect (tool output, JSON):
 * the longest fitting prefix, moved back to a word end when one lies in its last fifth, never splitting a surrogate pair.
 * Returns the text unchanged when it fits.
 */
export function cutToTokens(text: string, maxTokens: number): string {
  if (estimateTextTokens(text) <= maxTokens) return text;
  let low = 0;
  let high = Math.min(text.length, MAX_CHARACTERS_PER_TOKEN * (Math.max(0, Math.floor(maxTokens)) + 1));
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (estimateTextTokens(text.slice(0, middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  let end = low;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  for (let index = end; index > end * 0.8; index -= 1) {
    if (isWhitespace(text[index]) && !isWhitespace(text[index - 1])) return text.slice(0, index);
  }
  return text.slice(0, end);
}

/**
 * Drops an unfinished tail (a reply stopped by max_tokens): the prefix up to the last sentence end, else up to the
 * last word end before the final word (which may be cut mid-word); '' when there is no such boundary.
 */
export function trimToLastSentence(text: string): string {
  const whole = text.trimEnd();
  if (endsSentence(whole, whole.length)) return whole;
  let lastWordEnd = 0;
  for (let index = whole.length - 1; index >= 1; index -= 1) {
    if (!isWhitespace(whole[index]) || isWhitespace(whole[index - 1])) continue;
    if (endsSentence(whole, index)) return whole.slice(0, index);
    if (lastWordEnd === 0) lastWordEnd = index;
  }
  return whole.slice(0, lastWordEnd);
}
