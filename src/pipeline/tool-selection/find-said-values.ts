// The values a message says of the ones a catalogue's tools accept (string enums: "Theater", "Air France").
import type { ToolIndex } from '../tool-search/index.ts';

type IndexedTool = ToolIndex['tools'][number];

/** Whether the terms hold `value` (its terms one after the other). */
function saysValue(sequence: readonly string[], value: readonly string[]): boolean {
  for (let start = 0; start + value.length <= sequence.length; start += 1) {
    if (value.every((term, at) => sequence[start + at] === term)) return true;
  }
  return false;
}

/**
 * Per tool, the terms of the values its inputs accept that the message's terms say whole, in order ("Air France", not
 * "France" alone). Pure; linear in the catalogue's values × the message's terms.
 */
export function findSaidValues(index: ToolIndex, sequence: readonly string[]): Map<IndexedTool, Set<string>> {
  const said = new Map<IndexedTool, Set<string>>();
  for (const tool of index.tools) {
    const terms = tool.values.filter((value) => saysValue(sequence, value)).flat();
    if (terms.length > 0) said.set(tool, new Set(terms));
  }
  return said;
}
