// The identifiers and dates of a text as the memory eval counts them: an independent reference, written apart from the
// service's fact extraction (src/pipeline/summary/extract-facts.ts), so the eval does not grade the extractor by itself.

const MONTHS = [
  'jan',
  'january',
  'feb',
  'february',
  'mar',
  'march',
  'apr',
  'april',
  'may',
  'jun',
  'june',
  'jul',
  'july',
  'aug',
  'august',
  'sep',
  'sept',
  'september',
  'oct',
  'october',
  'nov',
  'november',
  'dec',
  'december',
];
const MONTH_SET = new Set(MONTHS);
/** Suffixes that make a number a measure, an ordinal or a count rather than an identifier. */
const MEASURE =
  /^\d+(?:\.\d+)?(?:st|nd|rd|th|s|am|pm|k|m|km|kg|g|mg|ml|l|h|hr|hrs|min|mins|x|gb|mb|tb|d|yo|mph|cm|mm|ft|lb|lbs|oz)$/i;
const TRIM = /^[\s([{"'“‘*_]+|[\s)\]}"'”’.,;:!?*_]+$/g;

function isDayNumber(word: string): boolean {
  return /^(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?$/i.test(word);
}

/**
 * Identifiers: a token with a digit that is not an amount (currency sign, %), a time of day, a count (1,000), a measure
 * or ordinal (5kg, 3rd) or a number under four digits; and e-mail addresses and URLs. Dates: a day and a month name in
 * either order, with the year when it follows. Each once, folded (lower case, commas dropped).
 */
export function findIdentifiersAndDates(text: string): string[] {
  const found = new Set<string>();
  const words = text.split(/\s+/).map((word) => word.replace(TRIM, '')).filter((word) => word !== '');
  /** Indexes of years already read as part of a date. */
  const consumed = new Set<number>();
  words.forEach((word, index) => {
    if (consumed.has(index)) return;
    const lower = word.toLowerCase().replace(/[.,]$/, '');
    if (MONTH_SET.has(lower)) {
      const before = words[index - 1] ?? '';
      const after = (words[index + 1] ?? '').replace(/,$/, '');
      const year = (words[index + 2] ?? '').replace(/,$/, '');
      const isYear = (candidate: string) => /^(?:19|20)\d{2}$/.test(candidate);
      if (isDayNumber(after)) {
        if (isYear(year)) consumed.add(index + 2);
        found.add(`${lower} ${after.toLowerCase()}${isYear(year) ? ` ${year}` : ''}`);
      } else if (isDayNumber(before)) {
        if (isYear(after)) consumed.add(index + 1);
        found.add(`${before.toLowerCase()} ${lower}${isYear(after) ? ` ${after}` : ''}`);
      }
      return;
    }
    if (word.includes('@') || word.includes('://')) {
      found.add(lower);
      return;
    }
    if (!/\d/.test(word)) return;
    if (/^[$€£¥₹]/.test(word) || word.endsWith('%')) return;
    if (/^\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:am|pm)?$/i.test(word)) return;
    if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(word) || MEASURE.test(word)) return;
    if (/^\d+(?:\.\d+)?$/.test(word) && word.replace('.', '').length < 4) return;
    if (isDayNumber(word) && MONTH_SET.has((words[index + 1] ?? '').toLowerCase().replace(/[.,]$/, ''))) return;
    found.add(lower.replace(/,/g, ''));
  });
  return [...found];
}
