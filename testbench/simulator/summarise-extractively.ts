// The simulator's summariser: NOT a model. It answers a summary request with an extractive summary, whole sentences
// copied from the previous summary and the transcript it was given, the most informative ones that fit the word limit.
import type { ConverseInput } from './types.ts';

/** How the summary requests of src/pipeline/summary look on the wire (tags of the one user message). */
const TRANSCRIPT = /<transcript>\n([\s\S]*?)\n<\/transcript>/;
const PREVIOUS = /<previous_summary>\n([\s\S]*?)\n<\/previous_summary>/;
const SOURCE_PREFIX = /^[a-z]{1,20} \(#\d+\): /;
const WORD_LIMIT = /at most (\d{1,5}) words/;
const ENTRY = /^\[#(\d+) ([^\]]{1,80})\] ?(.*)$/;
/** A sentence of the transcript outranks an equally informative one of the previous summary by this much. */
const NEW_SENTENCE_BONUS = 0.5;

type Candidate = { readonly text: string; readonly order: number; readonly score: number };

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Short words that say little on their own (a sentence of only these, like "Thanks." or "Hi there.", is small talk). */
const LIGHT_WORD =
  /^(?:[a-z]{1,3}|this|that|there|then|than|they|them|what|when|with|have|been|just|very|really|thanks?|okay|sure|yeah|great|good|nice|cool|hello|well|also|about|your|it's|i'm|that's)$/i;

/**
 * Words that carry facts, per square root of the sentence length: numbers and codes 2, capitalised words inside the
 * sentence 1, stated plans or likes 1, any other content word 0.3. Small talk scores 0 and is never copied.
 */
export function scoreSentence(sentence: string): number {
  const words = sentence.split(/\s+/).filter((word) => word !== '');
  let score = 0;
  words.forEach((word, index) => {
    const bare = word.replace(/^[^\p{L}\p{N}$€£#]+|[^\p{L}\p{N}%]+$/gu, '');
    if (/\d/.test(bare)) score += 2;
    else if (index > 0 && /^[A-Z][a-z]/.test(bare)) score += 1;
    else if (/^(?:will|'ll|promise|prefer|like|love|hate|favou?rite|need|plan)/i.test(bare)) score += 1;
    else if (bare.length > 0 && !LIGHT_WORD.test(bare)) score += 0.3;
  });
  return score / Math.sqrt(Math.max(1, words.length));
}

function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((sentence) => sentence.trim()).filter((sentence) => sentence !== '');
}

function textOf(input: ConverseInput): string {
  const first = input.messages[0]?.content[0];
  return typeof first?.['text'] === 'string' ? first['text'] : '';
}

/** True when the request is one of the summariser's (an update or the shorter retry). */
export function isSummaryRequest(input: ConverseInput): boolean {
  const text = textOf(input);
  return input.messages.length === 1 && input.tools.length === 0 && PREVIOUS.test(text) && WORD_LIMIT.test(text);
}

/**
 * The summary: candidate sentences from the previous summary (kept as they are) and from each transcript entry
 * (prefixed `<who> (#seq):`), small talk left out (see scoreSentence), the best-scoring ones (ties: the more recent) taken while they fit the word limit, then
 * written in their original order, one per line. Undefined when the request is not a summary request. Deterministic.
 */
export function summariseExtractively(input: ConverseInput): string | undefined {
  if (!isSummaryRequest(input)) return undefined;
  const text = textOf(input);
  const limit = Number(WORD_LIMIT.exec(text)?.[1] ?? '0');
  const previous = PREVIOUS.exec(text)?.[1] ?? '';
  const candidates: Candidate[] = [];
  if (previous !== '(none yet)') {
    for (const sentence of splitSentences(previous)) {
      // Scored without the `<who> (#seq):` this simulator put in front of it last time.
      const score = scoreSentence(sentence.replace(SOURCE_PREFIX, ''));
      if (score > 0) candidates.push({ text: sentence, order: candidates.length, score });
    }
  }
  for (const line of (TRANSCRIPT.exec(text)?.[1] ?? '').split('\n')) {
    const entry = ENTRY.exec(line);
    if (entry === null) continue;
    for (const sentence of splitSentences(entry[3] ?? '')) {
      const score = scoreSentence(sentence);
      if (score > 0) {
        candidates.push({
          text: `${entry[2]} (#${entry[1]}): ${sentence}`,
          order: candidates.length,
          score: score + NEW_SENTENCE_BONUS,
        });
      }
    }
  }
  const chosen: Candidate[] = [];
  let words = 0;
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || b.order - a.order)) {
    const size = countWords(candidate.text);
    if (words + size > limit) continue;
    chosen.push(candidate);
    words += size;
  }
  const summary = chosen.sort((a, b) => a.order - b.order).map((candidate) => candidate.text).join('\n');
  return summary === '' ? 'Nothing to keep from these messages.' : summary;
}
