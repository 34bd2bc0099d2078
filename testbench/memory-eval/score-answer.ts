// Scores answers the way the long-conversation memory literature does (LoCoMo, after SQuAD): token-level F1 over
// normalised words; and the lexical retention of a context: the share of the gold answer's content words it contains.

const ARTICLES = new Set(['a', 'an', 'the']);
/** Function words that say nothing about whether a fact was kept (looked up in a Set: outside words are keys). */
const STOP_WORDS = new Set([
  ...ARTICLES,
  'and',
  'or',
  'but',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'by',
  'from',
  'as',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'it',
  'its',
  'that',
  'this',
  'these',
  'those',
  'he',
  'she',
  'they',
  'his',
  'her',
  'their',
  'them',
  'him',
  'i',
  'me',
  'my',
  'we',
  'our',
  'you',
  'your',
  'do',
  'did',
  'does',
  'has',
  'have',
  'had',
  'not',
  'no',
  'so',
  'some',
  'about',
  'into',
  'than',
  'then',
  'there',
  'which',
  'who',
  'what',
  'when',
  'where',
  'how',
  'also',
  'both',
  'one',
]);

/**
 * SQuAD's normalisation: lower case, punctuation removed, articles removed, white space folded; returns the words.
 * Punctuation is any character that is neither a letter nor a number (any script), so the fold holds for any text.
 */
export function normaliseAnswer(text: string): string[] {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter((word) =>
    word !== '' && !ARTICLES.has(word)
  );
}

/** Token-level F1 of `prediction` against `gold` (0 when either is empty after normalisation; 1 for equal words). */
export function answerF1(prediction: string, gold: string): number {
  const predicted = normaliseAnswer(prediction);
  const expected = normaliseAnswer(gold);
  if (predicted.length === 0 || expected.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of expected) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of predicted) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(word, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predicted.length;
  const recall = common / expected.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The gold answer's content words (normalised, stop words out, each once). */
export function contentWords(gold: string): string[] {
  return [...new Set(normaliseAnswer(gold).filter((word) => !STOP_WORDS.has(word)))];
}

/** Share of the gold answer's content words found among the context's words; null when the answer has none. */
export function lexicalRetention(gold: string, context: string): number | null {
  const wanted = contentWords(gold);
  if (wanted.length === 0) return null;
  const present = new Set(normaliseAnswer(context));
  return wanted.filter((word) => present.has(word)).length / wanted.length;
}
