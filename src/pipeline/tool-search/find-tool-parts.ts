// Tools that act on parts of one system, found in the catalogue itself: a parameter that lists several tools' objects
// ("fuel, doors, parkingBrake, brakePedal, engine" in a status tool) marks those tools as parts of one machine, so a hit
// on one ("start the engine") can lift the others (press the brake pedal, lock the doors) that a task tends to need too.
import { addToList, listParameters, type ToolSpec } from '../tool-catalogue/index.ts';
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
  // Each tool with an object, under its object's first term: a parameter can name it only if it holds that term, so
  // a large catalogue is read in time of its parameters' words, not of every pair of tools.
  const byFirstTerm = new Map<string, number[]>();
  objects.forEach((object, position) => {
    const [first] = object;
    if (first !== undefined) addToList(byFirstTerm, first, position);
  });
  const parts = tools.map(() => new Set<number>());
  tools.forEach((owner) => {
    for (const text of parameterTexts(owner)) {
      const terms = new Set(tokenizeForSearch(text));
      const named: number[] = [];
      const distinct = new Set<string>();
      for (const term of terms) {
        for (const position of byFirstTerm.get(term) ?? []) {
          const tool = tools[position] as ToolSpec;
          const object = objects[position] ?? [];
          if (tool === owner || !tool.tags.some((tag) => owner.tags.includes(tag))) continue;
          if (!object.every((word) => terms.has(word)) || !object.some(isRare)) continue;
          named.push(position);
          distinct.add(object.join(' '));
        }
      }
      if (distinct.size < MIN_PARTS) continue;
      for (const a of named) for (const b of named) if (a !== b) parts[a]?.add(b);
    }
  });
  return parts.map((set) => [...set].sort((a, b) => a - b));
}
