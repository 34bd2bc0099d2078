// A message's sentences, as the request readers take them apart.

/** The sentences of `text`: split after `.`, `!` or `?` and the spaces that follow, and at line breaks. Pure. */
export function splitSentences(text: string): readonly string[] {
  return text.split(/(?<=[.!?])\s+|\n+/u);
}
