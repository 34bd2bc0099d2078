// Tools that act on parts of one system, found in the catalogue itself: a parameter that lists several tools' objects
// ("fuel, doors, parkingBrake, brakePedal, engine" in a status tool) marks those tools as parts of one machine, so a hit
// on one ("start the engine") can lift the others (press the brake pedal, lock the doors) that a task tends to need too.
import { listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
import { tokenizeForSearch } from './tokenize-for-search.ts';

/** A parameter must name at least this many distinct objects to read as a list of parts, not a mention. */
const MIN_PARTS = 3;

/** The object of a tool: its name terms after the first (the verb): `pressBrakePedal` → brake, pedal. */
function objectTerms(name: string): readonly string[] {
  const terms = tokenizeForSearch(name, { expandAbbreviations: false });
  return terms.length < 2 ? [] : [...new Set(terms.slice(1))];
}

/** Each parameter's own text: its key, description and enumerated values. */
function parameterTexts(tool: ToolSpec): string[] {
  return listParameters(tool).map((parameter) =>
    [parameter.name, parameter.description, ...parameter.values].join(' ')
  );
}

/**
 * For each tool (by position in `tools`), the positions of the other tools it is a part beside: tools sharing a tag
 * whose objects are named together, with at least MIN_PARTS distinct objects, in one parameter of a tool of that
 * tag. An object counts when all its terms occur in the parameter and at least one is rare (`isRare`). Pure; the
 * lists are sorted and never hold the tool itself.
 */
export function findToolParts(tools: readonly ToolSpec[], isRare: (term: string) => boolean): number[][] {
  const objects = tools.map((tool) => objectTerms(tool.name));
  const parts = tools.map(() => new Set<number>());
  tools.forEach((owner) => {
    for (const text of parameterTexts(owner)) {
      const terms = new Set(tokenizeForSearch(text));
      const named: number[] = [];
      const distinct = new Set<string>();
      tools.forEach((tool, position) => {
        const object = objects[position] ?? [];
        if (tool === owner || object.length === 0 || !tool.tags.some((tag) => owner.tags.includes(tag))) return;
        if (!object.every((term) => terms.has(term)) || !object.some(isRare)) return;
        named.push(position);
        distinct.add(object.join(' '));
      });
      if (distinct.size < MIN_PARTS) continue;
      for (const a of named) for (const b of named) if (a !== b) parts[a]?.add(b);
    }
  });
  return parts.map((set) => [...set].sort((a, b) => a - b));
}
