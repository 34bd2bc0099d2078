// The companions a `find_tools` answer brings: the best match's next step, and on an assent the next step of the
// task the conversation's last domain tool started.
import { listDomainSiblings } from './find-next-steps.ts';
import type { FindToolsInput } from './find-tools-input.ts';
import { isAssent } from './is-assent.ts';
import { measureToolEvidence } from './measure-tool-evidence.ts';
import { rankCompanions } from './rank-companions.ts';

/**
 * The found tools with the best match's companion (the next step of its task, see rankCompanions) second, when it is
 * neither found nor offered: "search hotel" brings the reservation tool of the same service. At most maxTools.
 */
export function withCompanion(
  input: FindToolsInput,
  found: readonly string[],
  offered: readonly string[],
): readonly string[] {
  const [best] = found;
  const companion = best === undefined ? undefined : companionOf(input, best, [...found, ...offered]);
  if (best === undefined || companion === undefined) return found;
  return [best, companion, ...found.slice(1)].slice(0, Math.max(input.maxTools, 2));
}

/** The best companion (see rankCompanions) of `name` among its domains' tools, leaving out `shown`; needs a focus. */
function companionOf(input: FindToolsInput, name: string, shown: readonly string[]): string | undefined {
  const spec = input.lookup(name);
  const focus = input.focus;
  if (spec === undefined || focus === undefined) return undefined;
  const siblings = listDomainSiblings({ ...focus, lookup: input.lookup }, spec.name);
  return rankCompanions(spec, siblings).find((companion) => !shown.includes(companion));
}

/**
 * The next step of the task in progress, when the query names no tool (no word of any tool's name, no requested
 * domain): the companion of the domain tool called last that is neither offered nor found. "That's all correct." after
 * a car search is the reservation's confirmation.
 */
export function nextStep(
  input: FindToolsInput,
  query: string,
  requested: ReadonlySet<string>,
  shown: readonly string[],
): string | undefined {
  const focus = input.focus;
  if (focus === undefined || requested.size > 0 || !isAssent(query)) return undefined;
  if (measureToolEvidence(input.index, query).some((entry) => entry.nameWords > 0)) return undefined;
  const last = (focus.lastCalled ?? []).find((name) => focus.domainsOf(name).length > 0);
  return last === undefined ? undefined : companionOf(input, last, [...shown, ...focus.offered]);
}
