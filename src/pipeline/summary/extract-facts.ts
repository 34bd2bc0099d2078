// Finds the facts a conversation depends on in one text, deterministically: identifiers, dates, amounts, names, and the
// speaker's commitments and stated preferences. Regular expressions only, each linear in the text.

export type FactKind = 'identifier' | 'date' | 'amount' | 'name' | 'commitment' | 'preference';

/** Kinds in the order they are listed (and win ties): the exact strings first, the clauses last. */
export const FACT_KINDS: readonly FactKind[] = ['identifier', 'date', 'amount', 'name', 'commitment', 'preference'];

export type ExtractedFact = {
  readonly kind: FactKind;
  /** As written (clauses cut to CLAUSE_MAX_WORDS, prefixed with the speaker). */
  readonly text: string;
  /** Lower case, commas and runs of white space folded: two mentions of one fact share it. */
  readonly key: string;
};

/** A text longer than this is read only up to here (a huge tool result must not flood the list or cost time). */
export const MAX_SCANNED_CHARS = 20_000;
/** Commitments and preferences are kept as their first words: enough to say what, short enough to keep many. */
const CLAUSE_MAX_WORDS = 12;

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DAY = '(?:[12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th)?';
const YEAR = '(?:19|20)\\d{2}';
/** Absolute dates only: relative ones ("yesterday", "last Saturday") mean nothing once the message is gone. */
const DATE_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\b${YEAR}-[01]\\d-[0-3]\\d(?:T[0-2]\\d:[0-5]\\d(?::[0-5]\\d)?)?\\b`, 'g'),
  /\b[0-3]?\d\/[01]?\d\/(?:\d{4}|\d{2})\b/g,
  new RegExp(`\\b${DAY}(?: of)? ${MONTH}\\b\\.?(?:,? ${YEAR}\\b)?`, 'g'),
  new RegExp(`\\b${MONTH}\\.? ${DAY}\\b(?:,? ${YEAR}\\b)?`, 'g'),
  new RegExp(`\\b${MONTH},? ${YEAR}\\b`, 'g'),
  new RegExp(`\\b(?:in|since|until|by|of|from|before|after) (${YEAR})\\b`, 'g'),
];
const IDENTIFIER_PATTERNS: readonly RegExp[] = [
  /\bhttps?:\/\/[^\s<>"']{3,200}/g,
  /\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+\b/g,
  /#[A-Za-z0-9][\w-]{0,40}/g,
  // A word of letters and digits (HAT001, ZFA04Y, mia_li_3668): at least one of each, 3 characters or more.
  /\b(?=[\w-]{0,63}\d)(?=[\w-]{0,63}[A-Za-z])[A-Za-z0-9][\w-]{2,63}\b/g,
  /\+?\d[\d ().-]{7,18}\d\b/g,
  /\b\d{5,}\b/g,
  // Shorter numbers named as identifiers by the words around them: "card ending in 7447", "PIN 0042", "my 7447 card".
  /\b(?:ending (?:in|with)|ends (?:in|with)|last (?:four|4)(?: digits)?(?: (?:are|is))?|code|pin|no\.?|number|ext\.?|extension|account|card|id|ref(?:erence)?|confirmation)[:#]?\s{1,3}#?(\d{3,4})\b/gi,
  /\b(\d{3,4}) (?:card|account)\b/gi,
];
/** Letters+digits words that are measures, ordinals or times, not identifiers. */
const NOT_IDENTIFIER =
  /^\d+(?:st|nd|rd|th|s|am|pm|k|m|km|kg|g|mg|ml|l|h|hrs?|mins?|x|gb|mb|tb|d|yo|mph|kph|cm|mm|ft|in|lbs?|oz)$/i;
const AMOUNT_PATTERNS: readonly RegExp[] = [
  /[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|billion|thousand)\b)?/gi,
  /\b\d[\d,]*(?:\.\d+)?\s?(?:dollars|euros|pounds|usd|eur|gbp|yen|percent)\b/gi,
  /\b\d[\d,]*(?:\.\d+)?%/g,
];
/** One to three capitalised words, not at the start of a sentence (see isSentenceStart). */
const NAME_PATTERN = /\b[A-Z][a-z]+(?:[ -](?:[A-Z][a-z]+|[A-Z]{2,}))?(?: [A-Z][a-z]+)?\b/g;
/** Capitalised words that are not names; looked up in a Set (outside text never indexes a plain object). */
const NOT_NAMES = new Set(
  ('i im ive ill id ok okay hey hi hello thanks thank yes no yeah sure great wow oh sorry please good nice cool awesome congrats the a an and but so it this that my your we you they he she what how why when where who which monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december user assistant error true false null')
    .split(' '),
);
const COMMITMENT =
  /\b(?:I|we)(?:'ll| will| shall|'m going to| am going to|'re going to| are going to| promise| plan to| intend to| have to| need to)\b/gi;
const PREFERENCE =
  /\b(?:I(?: really| also| just| don't| do not| usually| always| never)? (?:prefer|like|love|enjoy|hate|dislike|want)|I'd rather|I would rather|I can't stand|I(?:'m| am) (?:allergic|vegetarian|vegan)|my fav(?:ou)?rite)\b/gi;

/** The fold every fact key uses: lower case, commas dropped, white space runs made one space. */
export function foldFactKey(text: string): string {
  return text.toLowerCase().replace(/,/g, '').replace(/\s+/g, ' ').trim();
}

function isSentenceStart(text: string, index: number): boolean {
  let at = index - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '"' || text[at] === "'" || text[at] === '(')) at -= 1;
  return at < 0 || '.!?:\n*-•>'.includes(text[at] as string);
}

function clauseFrom(text: string, start: number): string {
  const rest = text.slice(start, start + 400);
  const end = rest.search(/[.!?;\n]/);
  const clause = (end < 0 ? rest : rest.slice(0, end)).trim().replace(/[,:]+$/, '');
  return clause.split(/\s+/).slice(0, CLAUSE_MAX_WORDS).join(' ');
}

type Found = { readonly kind: FactKind; readonly text: string; readonly start: number; readonly end: number };

function collect(text: string, patterns: readonly RegExp[], kind: FactKind, found: Found[]): void {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const value = (match[1] ?? match[0]).replace(/[.,;:)\]]+$/, '');
      const start = (match.index ?? 0) + match[0].indexOf(value);
      if (value.length > 0) found.push({ kind, text: value, start, end: start + value.length });
    }
  }
}

function overlaps(found: readonly Found[], start: number, end: number): boolean {
  return found.some((other) => start < other.end && other.start < end);
}

/**
 * The facts of `text`, in order of first appearance, each key once. `speaker` prefixes commitments and preferences
 * ("user: I'll call the bank on Monday"). A span claimed by an earlier kind (a date) is not read again as a later one
 * (an identifier or a name). Pure; never throws, whatever the text (any script, emoji, "constructor").
 */
export function extractFacts(text: string, speaker = ''): ExtractedFact[] {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  const claimed: Found[] = [];
  const accept = (candidates: Found[], keep: (candidate: Found) => boolean): void => {
    for (const candidate of candidates.sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (keep(candidate) && !overlaps(claimed, candidate.start, candidate.end)) claimed.push(candidate);
    }
  };
  const dates: Found[] = [];
  collect(scanned, DATE_PATTERNS, 'date', dates);
  accept(dates, () => true);
  const amounts: Found[] = [];
  collect(scanned, AMOUNT_PATTERNS, 'amount', amounts);
  accept(amounts, () => true);
  const identifiers: Found[] = [];
  collect(scanned, IDENTIFIER_PATTERNS, 'identifier', identifiers);
  accept(identifiers, (found) => !NOT_IDENTIFIER.test(found.text) && /\d|@|\/\//.test(found.text));
  const names: Found[] = [];
  collect(scanned, [NAME_PATTERN], 'name', names);
  accept(
    names.flatMap((found) => {
      if (!isSentenceStart(scanned, found.start)) return [found];
      // "Then Mia Li": the opener is no name, the words after it may be.
      const space = found.text.indexOf(' ');
      return space < 0 ? [] : [{ ...found, text: found.text.slice(space + 1), start: found.start + space + 1 }];
    }),
    (found) => !found.text.split(/[ -]/).every((word) => NOT_NAMES.has(word.toLowerCase().replace(/'/g, ''))),
  );
  const clauses: Found[] = [];
  for (const [pattern, kind] of [[COMMITMENT, 'commitment'], [PREFERENCE, 'preference']] as const) {
    for (const match of scanned.matchAll(pattern)) {
      const clause = clauseFrom(scanned, match.index ?? 0);
      if (clause.split(' ').length >= 3) {
        clauses.push({
          kind,
          text: speaker === '' ? clause : `${speaker}: ${clause}`,
          start: match.index ?? 0,
          end: 0,
        });
      }
    }
  }
  const ordered = [...claimed, ...clauses].sort((a, b) => a.start - b.start);
  const seen = new Set<string>();
  const facts: ExtractedFact[] = [];
  for (const found of ordered) {
    const key = foldFactKey(found.text);
    if (key === '' || seen.has(`${found.kind}\u0000${key}`)) continue;
    seen.add(`${found.kind}\u0000${key}`);
    facts.push({ kind: found.kind, text: found.text.replace(/\s+/g, ' ').trim(), key });
  }
  return facts;
}
