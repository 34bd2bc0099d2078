// What a message says of a tool, for tests that need only its word counts (see measureToolEvidence).
import type { ToolEvidence } from '../tool-selection/index.ts';

/** `words` of the message's words for `name`, `nameWords` of them in its name; nothing else said. */
export function said(name: string, words: number, nameWords: number): ToolEvidence {
  return { name, words, nameWords, rareWords: 0, phrase: false, valueWords: 0, rareNameTerms: [] };
}
