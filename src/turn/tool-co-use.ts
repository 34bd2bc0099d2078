// The tools the deployment's turns run together, kept in the store: read when a change of the tool list needs its
// tools' usual partners, written after each turn that ran domain tools. Either failing is logged and costs only the
// learning, never the turn.
import { listCoUsePairs, listLearnedPartners } from '../pipeline/tool-selection/index.ts';
import { STANDARD_TAG } from '../pipeline/tool-catalogue/index.ts';
import { errorName } from './learned-state.ts';
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
