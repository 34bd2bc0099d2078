// The tools the deployment's turns run together, kept in the store: read when a change of the tool list needs its
// tools' usual partners, written after each turn that ran domain tools; and the tools each conversation ran, read back
// as the deployment's staples (see findStapleTools). A failure is logged and costs only the learning, never the turn.
import { listCoUsePairs, listLateTools, listLearnedPartners } from '../pipeline/tool-selection/index.ts';
import { STANDARD_TAG } from '../pipeline/tool-catalogue/index.ts';
import { errorName } from './learned-state.ts';
import type { ConversationScope } from '../store/store-records.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** A registered tool not tagged `standard`: what the selection offers and the co-use counts. */
export function isDomainTool(deps: Pick<TurnDependencies, 'registry'>, name: string): boolean {
  const spec = deps.registry.get(name);
  return spec !== undefined && !spec.tags.includes(STANDARD_TAG);
}

/** Each named tool's learned partners among the registered domain tools (see listLearnedPartners); none on a failure. */
export async function loadLearnedPartners(
  deps: TurnDependencies,
  tools: readonly string[],
): Promise<ReadonlyMap<string, readonly string[]>> {
  try {
    const counts = await deps.store.loadToolCoUse(tools);
    return listLearnedPartners(counts, (name) => isDomainTool(deps, name));
  } catch (error) {
    deps.logger.log('warn', 'tool_co_use_not_loaded', { error: errorName(error) });
    return new Map();
  }
}

/** Counts the domain tools a turn ran together (see listCoUsePairs). Never throws. */
export async function recordToolCoUse(deps: TurnDependencies, ran: readonly string[]): Promise<void> {
  const pairs = listCoUsePairs(ran.filter((name) => isDomainTool(deps, name)));
  if (pairs.length === 0) return;
  try {
    await deps.store.addToolCoUse(pairs);
  } catch (error) {
    deps.logger.log('warn', 'tool_co_use_not_saved', { error: errorName(error) });
  }
}

/**
 * Adds the domain tools a turn ran, and those it ran late (see listLateTools), to its conversation's sets: what the
 * staples are read from. Never throws.
 */
export async function recordRanTools(
  deps: TurnDependencies,
  scope: ConversationScope,
  turn: {
    readonly ran: readonly string[];
    readonly offeredAtStart: readonly string[];
    readonly staples: readonly string[];
  },
): Promise<void> {
  const tools = turn.ran.filter((name) => isDomainTool(deps, name));
  if (tools.length === 0) return;
  const late = listLateTools(tools, turn.offeredAtStart, turn.staples);
  try {
    await deps.store.recordRanTools({ ...scope, tools, late, at: deps.clock() });
  } catch (error) {
    deps.logger.log('warn', 'ran_tools_not_saved', { error: errorName(error) });
  }
}
