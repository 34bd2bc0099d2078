// Whether a message asks for a domain the conversation is not in, by a word only that domain's tools hold.
import type { ToolIndex } from './rank-tools.ts';

/** A query term's weight when the message itself says it (a synonym or a near spelling weighs less; see weighQueryTerms). */
const SAID_WEIGHT = 1;

/**
 * True when a word the message itself says (not a synonym, not an earlier turn's word) is in the name of a tool of none
 * of the conversation's domains, and every tool that holds the word anywhere (name, description, tags, inputs) shares a
 * domain with that tool: "Could you tweet …" while the car's tools are in use, "a ticket" in a file-system session. A
 * word tools of several domains hold ("add", "check", "name") says nothing; nor does a name word of an untagged tool.
 * `conversation`: the conversation's domains, each with its strength (see measureContextDomains); `said`: the
 * message's own query terms and their weights. Pure; linear in the message's terms and their postings.
 */
export function asksForOtherDomain(
  index: ToolIndex,
  conversation: ReadonlyMap<string, number>,
  said: ReadonlyMap<string, number>,
): boolean {
  const ours = (tag: string) => (conversation.get(tag) ?? 0) > 0;
  if (![...conversation.keys()].some(ours)) return false;
  for (const [term, weight] of said) {
    if (weight < SAID_WEIGHT) continue;
    for (const tool of index.holders.name.get(term) ?? []) {
      if (tool.tags.length === 0 || tool.tags.some(ours)) continue;
      const holders = index.postings.get(term) ?? [];
      if (holders.every((posting) => index.tools[posting.tool]?.tags.some((tag) => tool.tags.includes(tag)))) {
        return true;
      }
    }
  }
  return false;
}
