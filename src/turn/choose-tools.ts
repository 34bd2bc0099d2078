// Chooses this turn's domain tools: local ranking, then (only when unsure) the cheap model, with a bounded wait.
import { applyToolSelection, type ToolSelection } from '../pipeline/apply-tool-selection.ts';
import { rankTools } from '../pipeline/rank-tools.ts';
import { planToolSelection } from '../pipeline/select-tools.ts';
import type { ModelReply } from '../pipeline/prompt-types.ts';
import type { ToolSpec } from '../pipeline/tool-registry.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type ChooseToolsInput = {
  readonly text: string;
  /** Earlier user turns, oldest first (the last few): "now delete that file" still finds the file tools. */
  readonly recentUserTurns: readonly string[];
  readonly previousSelection: readonly string[] | null;
};

export type ChosenTools = {
  readonly tools: readonly ToolSpec[];
  readonly selection: ToolSelection;
  /** The selector call, when one was made (billed like any other). */
  readonly call: ModelCallRecord | null;
};

/** Never throws for a selector failure: a timeout, an error or an empty answer falls back to the local top picks. */
export async function chooseTools(deps: TurnDependencies, input: ChooseToolsInput): Promise<ChosenTools> {
  const { settings } = deps;
  const ranking = rankTools(deps.toolIndex, { query: input.text, recentUserTurns: input.recentUserTurns });
  const previous = (input.previousSelection ?? []).filter((name) => deps.registry.get(name) !== undefined);
  const noSignal = (ranking[0]?.score ?? 0) <= 0;
  const plan = noSignal && previous.length > 0
    ? { kind: 'keep' as const, selected: previous, reason: 'the message names no tool: the previous selection stays' }
    : planToolSelection({
        ranking,
        query: input.text,
        recentUserTurns: input.recentUserTurns,
        previousSelection: previous,
        minTools: settings.minDomainTools,
        maxTools: settings.maxDomainTools,
        modelId: settings.cheapModelId,
        catalogue: ranking.slice(0, 20).flatMap((entry) => deps.registry.get(entry.name) ?? []),
      });
  let call: ModelCallRecord | null = null;
  let selection: ToolSelection;
  if (plan.kind === 'ask') {
    const startedAt = deps.clock();
    let reply: ModelReply | undefined;
    let error: unknown;
    try {
      reply = await deps.models.converse(plan.request, { signal: AbortSignal.timeout(settings.selectorTimeoutMs) });
    } catch (caught) {
      error = caught;
      deps.logger.log('warn', 'selector_failed', { error: caught instanceof Error ? caught.name : typeof caught });
    }
    selection = applyToolSelection({ plan, ...(reply === undefined ? {} : { reply }), ...(error === undefined ? {} : { error }) });
    if (reply !== undefined) call = { kind: 'selector', request: plan.request, reply, startedAt };
  } else {
    selection = applyToolSelection({ plan });
  }
  const tools = selection.selected.flatMap((name) => deps.registry.get(name) ?? []);
  return { tools, selection, call };
}
