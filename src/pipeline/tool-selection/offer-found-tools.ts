// The tool list after a `find_tools` answer: the tools found join the tools already offered.
import { keepToolPlaces } from './keep-tool-places.ts';
import { TOOLS_IN_USE_MAX } from './plan-tool-list.ts';

export type OfferFoundToolsInput = {
  /** The domain tools offered in the step that called find_tools, in their request order. */
  readonly offered: readonly string[];
  /** What find_tools answered, best first. */
  readonly found: readonly string[];
  /** The offered tools most recently used first (called this turn, then the conversation's order). */
  readonly inUse: readonly string[];
  readonly maxTools: number;
  /** The best tool found's learned partners (see listLearnedPartners): offered right after it. */
  readonly learned?: readonly string[];
};

/**
 * The next step's domain tools: the first maxTools tools found, the best one's learned partners right after it, are
 * added to the offered ones (a search adds, it never takes away the tools of a task half done). Past maxTools +
 * TOOLS_IN_USE_MAX, the least recently used offered tools go. The offered tools keep their places and the found ones
 * come after them (keepToolPlaces), so the next step reads the kept tools from cache. When every tool found is already
 * offered, the list is returned unchanged (no cache write for nothing). Pure.
 */
export function offerFoundTools(input: OfferFoundToolsInput): readonly string[] {
  const found = [...new Set([...input.found.slice(0, 1), ...(input.learned ?? []), ...input.found])]
    .slice(0, input.maxTools);
  if (found.every((name) => input.offered.includes(name))) return input.offered;
  const rest = input.offered.filter((name) => !found.includes(name));
  const used = input.inUse.filter((name) => rest.includes(name));
  const unused = rest.filter((name) => !used.includes(name));
  return keepToolPlaces(
    input.offered,
    [...found, ...new Set(used), ...unused].slice(0, input.maxTools + TOOLS_IN_USE_MAX),
  );
}
