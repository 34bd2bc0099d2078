// The order a request sends a conversation's domain tools in: every tool keeps its place, new ones come after.

/**
 * `next` in the order of `previous`, then the tools new to the list in `next`'s order. Tools come first in Bedrock's
 * cache prefix, so a change that only adds tools leaves the previous request's tools, and the checkpoint after them,
 * a cache read; a tool dropped from the middle breaks the prefix only from its place on. The same history gives the
 * same bytes. Pure; each name once.
 */
export function keepToolPlaces(previous: readonly string[], next: readonly string[]): readonly string[] {
  const wanted = new Set(next);
  return [...new Set([...previous.filter((name) => wanted.has(name)), ...next])];
}
