// Labelled BFCL queries split into two halves of whole conversations, the conversations alternating.
import type { LabelledQuery } from '../../src/pipeline/tool-search/index.ts';

/** A query without earlier turns starts a conversation; conversations go to the two halves in turn. */
export function alternateByConversation(queries: readonly LabelledQuery[]): [LabelledQuery[], LabelledQuery[]] {
  const split: [LabelledQuery[], LabelledQuery[]] = [[], []];
  let conversation = -1;
  for (const query of queries) {
    if (query.previous === undefined || query.previous.length === 0) conversation += 1;
    split[conversation % 2 === 0 ? 0 : 1].push(query);
  }
  return split;
}
