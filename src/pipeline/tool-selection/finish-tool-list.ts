// The list a tool-list plan ends with: the selected tools, then the tools in use, most recently used first.
import type { ToolSelection } from './tool-selection-plan.ts';
import { TOOLS_IN_USE_MAX } from './plan-tool-list.ts';
import type { ToolListPlan } from './tool-list-plan.ts';

/** How many of the focused ranking's next tools of the trigger's domain go ahead of the cheap model's picks. */
const RUNNERS_UP = 2;
/**
 * The second runner-up leads the tool after it by this factor: near-ties ("I need to find a hotel" over three hotel
 * providers, 1.56 / 1.55 / 1.54) leave its place to the picks.
 */
const SECOND_RUNNER_UP_LEAD = 1.05;

/**
 * The runners-up: the first RUNNERS_UP of `rest` (the focused ranking of the trigger's domain, the trigger left out),
 * each while it ranks ahead of the tool after it (the second by SECOND_RUNNER_UP_LEAD). A message that asks for two or
 * three steps ("open the folder, make a directory and copy my notes there") has them offered whatever the cheap model
 * picks; a tie says nothing, and leaves the places from there on to the picks. Pure.
 */
function listRunnersUp(rest: readonly { readonly name: string; readonly score: number }[]): readonly string[] {
  const names: string[] = [];
  for (const [at, entry] of rest.entries()) {
    const following = rest[at + 1];
    if (names.length >= RUNNERS_UP || entry.score <= 0) break;
    const lead = names.length === 0 ? 1 : SECOND_RUNNER_UP_LEAD;
    if (following !== undefined && entry.score <= following.score * lead) break;
    names.push(entry.name);
  }
  return names;
}

/**
 * The list a plan ends with, most recently used first (the request sorts it by name; the store keeps this order so the
 * least recently used tool is the first to go). Keep: the previous list. Change: the selected part (the trigger, its
 * learned partners (see listLearnedPartners), its look-alikes and companions, the runners-up (see listRunnersUp), the
 * chosen tools, then the domain's tools in focused-ranking order, each (the runners-up too) followed by its task
 * partner, up to maxTools, so a two-step task, find then book, finds its second tool offered whichever provider's tools
 * were chosen; a domain with fewer than minTools tools is completed from the rest of the ranking) and up to
 * TOOLS_IN_USE_MAX more of the previous list's tools, most recently used first: the previous tools in their order, then
 * the new ones (a tool keeps its place by being called, see orderToolsByUse). Pure.
 */
export function finishToolList(
  plan: ToolListPlan,
  selection: ToolSelection,
  bounds: { readonly minTools: number; readonly maxTools: number },
  learned: ReadonlyMap<string, readonly string[]> = new Map(),
): readonly string[] {
  if (plan.kind === 'keep') return plan.selected;
  const ranked = plan.ranking.slice(0, plan.domainSize);
  const domain = ranked.map((entry) => entry.name);
  const others = plan.ranking.slice(plan.domainSize).filter((entry) => entry.score > 0).map((entry) => entry.name);
  const size = Math.max(bounds.maxTools, selection.selected.length);
  const names: string[] = [];
  const runnersUp = listRunnersUp(ranked.filter((entry) => entry.name !== plan.trigger.name));
  for (const name of [plan.trigger.name, ...plan.followers, ...runnersUp, ...selection.selected, ...domain]) {
    const learnedPartners = name === plan.trigger.name ? learned.get(name) ?? [] : [];
    for (const entry of [name, ...learnedPartners, plan.partners.get(name)]) {
      if (entry !== undefined && names.length < size && !names.includes(entry)) names.push(entry);
    }
  }
  for (const name of others) {
    if (names.length >= bounds.minTools) break;
    if (!names.includes(name)) names.push(name);
  }
  const kept = plan.previous.filter((name) => !names.includes(name)).slice(0, TOOLS_IN_USE_MAX);
  const stay = plan.previous.filter((name) => names.includes(name) || kept.includes(name));
  return [...stay, ...names.filter((name) => !plan.previous.includes(name))];
}
