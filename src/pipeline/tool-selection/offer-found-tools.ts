// The tool list after a `find_tools` answer: the tools found, plus the offered ones the conversation is still using.
import { compareText } from '../tool-catalogue/index.ts';

/** At most this many offered tools that the conversation is using stay beside the tools found. */
const IN_USE_KEPT = 3;

export type OfferFoundToolsInput = {
  /** The domain tools offered in the step that called find_tools. */
  readonly offered: readonly string[];
  /** What find_tools answered, best first. */
  readonly found: readonly string[];
  /** Tools the conversation called lately (this turn first, then the window), most recent first. */
  readonly inUse: readonly string[];
  readonly maxTools: number;
};

/**
 * The next step's domain tools: the first maxTools tools found, then up to IN_USE_KEPT offered tools that were called
 * lately (a task half done keeps its tools), in name order so the same set always serialises to the same bytes. When
 * every tool found is already offered, the list is returned unchanged (no cache write for nothing). Pure.
 */
export function offerFoundTools(input: OfferFoundToolsInput): readonly string[] {
  const found = input.found.slice(0, input.maxTools);
  if (found.every((name) => input.offered.includes(name))) return input.offered;
  const kept = input.inUse.filter((name) => input.offered.includes(name) && !found.includes(name)).slice(
    0,
    IN_USE_KEPT,
  );
  return [...new Set([...found, ...kept])].sort(compareText);
}
