// Curly apostrophes as straight ones: "I’d like" reads as "I'd like" to every rule that matches contractions.

/** `text` with each curly single quote (U+2018, U+2019) as a straight apostrophe. Pure. */
export function straightenApostrophes(text: string): string {
  return text.replace(/[\u2018\u2019]/gu, "'");
}
