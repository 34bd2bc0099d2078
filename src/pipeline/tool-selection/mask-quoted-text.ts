// Quoted text in a request is a value the user dictates (a post's words, a file name, a search pattern), not words
// that say which tool to use: "tweet 'Tires checked and engine purring!'" asks for the post tool, not the tyre check.

/** Each opening quote with its closing one: straight quotes close themselves. */
const CLOSING = new Map([['"', '"'], ["'", "'"], ['\u2018', '\u2019'], ['\u201c', '\u201d']]);
/** What may stand before an opening quote (besides the message's start) and after a closing one (besides its end). */
const BEFORE_OPENING = /[\s([{:,;]/u;
const AFTER_CLOSING = /[\s.,;:!?)\]}]/u;
const SPACE = /\s/u;
/** What stands in for a quoted span: one neutral mark, so the words on either side stay apart. */
const MASK = '"…"';

/**
 * The quoted spans of `text`, as [start, end] (both quotes included): an opening quote at the start of a word (after
 * the message's start, a space, an opening bracket or punctuation) followed by no space, and the first closing quote
 * after it (the same straight one, or the curly one that closes it) at the end of a word, after no space, with
 * something between. Apostrophes inside words ("Let's", "I’ve") and a possessive ("the users' files") open nothing.
 * Linear in the text's length.
 */
function findQuotedSpans(text: string): readonly (readonly [number, number])[] {
  // Each closing mark's closing quotes, in order; one pointer per mark walks them as the openings move right.
  const closings = new Map<string, number[]>([...new Set(CLOSING.values())].map((mark) => [mark, []]));
  for (let at = 1; at < text.length; at += 1) {
    const list = closings.get(text[at] ?? '');
    if (list === undefined || SPACE.test(text[at - 1] ?? ' ')) continue;
    if (at === text.length - 1 || AFTER_CLOSING.test(text[at + 1] ?? '')) list.push(at);
  }
  const pointers = new Map<string, number>();
  const spans: (readonly [number, number])[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const closing = CLOSING.get(text[at] ?? '');
    if (closing === undefined || (at > 0 && !BEFORE_OPENING.test(text[at - 1] ?? ''))) continue;
    if (SPACE.test(text[at + 1] ?? ' ')) continue;
    const list = closings.get(closing) ?? [];
    let pointer = pointers.get(closing) ?? 0;
    while (pointer < list.length && (list[pointer] ?? 0) < at + 2) pointer += 1;
    pointers.set(closing, pointer);
    const end = list[pointer];
    if (end === undefined) continue;
    spans.push([at, end]);
    at = end;
  }
  return spans;
}

/**
 * `text` with every quoted span (see findQuotedSpans) replaced by `"…"`. A message with no word outside its quotes is
 * returned whole (it quotes its own request). Pure.
 */
export function maskQuotedText(text: string): string {
  const spans = findQuotedSpans(text);
  if (spans.length === 0) return text;
  let masked = '';
  let from = 0;
  for (const [start, end] of spans) {
    masked += `${text.slice(from, start)}${MASK}`;
    from = end + 1;
  }
  masked += text.slice(from);
  return /[\p{L}\p{N}]/u.test(masked.replaceAll(MASK, '')) ? masked : text;
}
