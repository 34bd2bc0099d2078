// A name's or a text's words: how the catalogue and the search take names apart alike.

/** Splits camelCase, PascalCase, acronyms, snake_case, kebab-case and punctuation into lower-case words. */
export function splitWords(text: string): string[] {
  const spaced = text
    .replace(/([a-z\d])([A-Z])/gu, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/gu, '$1 $2')
    .replace(/([A-Za-z])(\d)/gu, '$1 $2')
    .replace(/(\d)([A-Za-z])/gu, '$1 $2');
  return spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}
