// The domain tools after a find_tools answer in a model step: the found tools join the offered ones, and the change is
// logged (the next call's cache miss is named `tools-found` by the caller).
import { listCalledTools, offerFoundTools } from '../pipeline/tool-selection/index.ts';
import type { Message } from '../pipeline/types/index.ts';
import type { ToolSpec } from '../pipeline/tool-catalogue/index.ts';
import { loadLearnedPartners } from './tool-co-use.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type AddFoundToolsInput = {
  readonly conversationId: string;
  /** The domain tools the step that called find_tools offered. */
  readonly domainTools: readonly ToolSpec[];
  /** What find_tools answered this step, best first. */
  readonly found: readonly string[];
  /** The turn's messages so far (their calls are the most recent use). */
  readonly run: readonly Message[];
  /** The conversation's tools most recently used first. */
  readonly toolsByUse: readonly string[];
};

/**
 * The next step's domain tools, or null when the answer brought nothing new (the list, and its cache, stay). The best
 * tool found comes with the steps the deployment's turns ran with it (see listLearnedPartners).
 */
export async function addFoundTools(
  deps: TurnDependencies,
  input: AddFoundToolsInput,
): Promise<readonly ToolSpec[] | null> {
  const offered = input.domainTools.map((tool) => tool.name);
  const [best] = input.found;
  const learned = best === undefined ? [] : (await loadLearnedPartners(deps, [best])).get(best) ?? [];
  const next = offerFoundTools({
    learned,
    offered,
    found: input.found,
    inUse: [...listCalledTools(input.run), ...input.toolsByUse],
    maxTools: deps.settings.maxDomainTools,
  });
  if (next === offered) return null;
  deps.logger.log('info', 'tool_list_changed', {
    conversationId: input.conversationId,
    reason: 'find-tools',
    added: next.filter((name) => !offered.includes(name)).length,
    removed: offered.filter((name) => !next.includes(name)).length,
    domainTools: next.length,
  });
  return next.flatMap((name) => deps.registry.get(name) ?? []);
}
