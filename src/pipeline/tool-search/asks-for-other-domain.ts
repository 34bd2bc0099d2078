// Whether a message asks for a domain the conversation is not in, by a word only that domain's tools hold.
import type { ToolIndex } from './rank-tools.ts';

/** A query term's weight when the message itself says it (a synonym or a near spelling weighs less; see weighQueryTerms). */
const SAID_WEIGHT = 1;

/**
 * The domains a message asks for by a word it says itself (not a synonym, not an earlier turn's word) that is in the
 * name of a tool of none of the conversation's domains, while every tool that holds the word anywhere (name,
 * description, tags, inputs) shares a domain with that tool: "Could you tweet …" while the car's tools are in use, "a
 * ticket" in a file-system session. A word tools of several domains hold ("add", "check", "name") says nothing; nor
 * does a name word of an untagged tool. `isOwn`: whether a domain is the conversation's; `said`: the message's own
 * terms. Each domain once, in the order the words name them. Pure; linear in the message's terms and their postings.
 */
export function findDomainsAskedFor(
  index: ToolIndex,
  isOwn: (domain: string) => boolean,
  said: Iterable<string>,
): readonly string[] {
  const asked = new Set<string>();
  for (const term of said) {
    for (const tool of index.holders.name.get(term) ?? []) {
      if (tool.tags.length === 0 || tool.tags.some(isOwn)) continue;
      const holders = index.postings.get(term) ?? [];
      if (holders.every((posting) => index.tools[posting.tool]?.tags.some((tag) => tool.tags.includes(tag)))) {
        for (const tag of tool.tags) asked.add(tag);
      }
    }
  }
  return [...asked];
}

/**
 * True when the message asks for a domain the conversation is not in (see findDomainsAskedFor). `conversation`: the
 * conversation's domains, each with its strength (see measureContextDomains); `said`: the message's own query terms
 * and their weights. False when the conversation has no domain. Pure.
 */
export function asksForOtherDomain(
  index: ToolIndex,
  conversation: ReadonlyMap<string, number>,
  said: ReadonlyMap<string, number>,
): boolean {
  const ours = (tag: string) => (conversation.get(tag) ?? 0) > 0;
  if (![...conversation.keys()].some(ours)) return false;
  const own = [...said].flatMap(([term, weight]) => weight >= SAID_WEIGHT ? [term] : []);
  return findDomainsAskedFor(index, ours, own).length > 0;
}
