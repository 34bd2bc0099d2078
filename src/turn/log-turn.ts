// The turn's log lines: `tool_list_changed` when the build step changed the tool list, and the one `turn` line.
import type { TurnResult } from './chat-service.ts';
import type { ChosenTools } from './choose-tools.ts';
import type { TurnContext } from './load-turn-context.ts';
import type { LockedTurn } from './lock-turn.ts';
import type { ModelStepsResult } from './run-model-steps.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

/** The `tool_list_changed` line when the plan changed the list (counts against the previous selection, no text). */
export function logToolListChange(
  deps: TurnDependencies,
  turn: LockedTurn,
  chosen: ChosenTools,
  previousSelection: readonly string[] | null,
): void {
  const selected = chosen.order;
  const before = previousSelection ?? [];
  const staples = selected.filter((name) => chosen.staples.includes(name) && !before.includes(name)).length;
  // A list kept changes only at a conversation's first request, when the deployment's staples join it.
  if (chosen.plan.kind !== 'change' && staples === 0) return;
  deps.logger.log('info', 'tool_list_changed', {
    conversationId: turn.scope.conversationId,
    turnId: turn.turnId,
    reason: chosen.plan.kind === 'change' ? chosen.plan.reason : 'staples',
    trigger: chosen.plan.kind === 'change' ? chosen.plan.trigger.name : null,
    evidenceWords: chosen.plan.kind === 'change' ? chosen.plan.trigger.words : 0,
    selection: chosen.selection.source,
    added: selected.filter((name) => !before.includes(name)).length,
    staples,
    removed: before.filter((name) => !selected.includes(name)).length,
    domainTools: selected.length,
  });
}

/** The one `turn` log line (figures only, never message text). */
export function logTurn(
  deps: TurnDependencies,
  turn: LockedTurn,
  context: TurnContext,
  chosen: ChosenTools,
  steps: ModelStepsResult,
  result: TurnResult,
): void {
  deps.logger.log('info', 'turn', {
    conversationId: turn.scope.conversationId,
    turnId: turn.turnId,
    steps: steps.calls.length,
    stoppedBy: steps.stoppedBy,
    selection: chosen.selection.source,
    toolList: chosen.plan.kind === 'keep' ? `keep:${chosen.plan.reason}` : `change:${chosen.plan.reason}`,
    domainTools: steps.domainTools.length,
    refusedToolCalls: steps.refused.length,
    windowMessages: context.storedWindow.length + steps.run.length,
    summaryTokens: context.memory.summaryTokens,
    ...result.usage,
    durationMs: deps.clock().getTime() - turn.startedAt.getTime(),
  });
}
