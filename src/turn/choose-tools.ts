// Chooses this turn's domain tools: local ranking, then (only when unsure) the cheap model, with a bounded wait.
import { applyToolSelection, type ToolSelection } from '../pipeline/tool-selection/index.ts';
import { findNamedDomains } from '../pipeline/tool-selection/index.ts';
import { focusToolRanking } from '../pipeline/tool-selection/index.ts';
import { type RankedTool, rankTools } from '../pipeline/tool-search/index.ts';
import { planToolSelection } from '../pipeline/tool-selection/index.ts';
import type { ModelReply } from '../pipeline/types/index.ts';
import { STANDARD_TAG, type ToolSpec } from '../pipeline/tool-catalogue/index.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type ChooseToolsInput = {
  readonly text: string;
  /** Earlier user turns, oldest first (the last few): "now delete that file" still finds the file tools. */
  readonly recentUserTurns: readonly string[];
  readonly previousSelection: readonly string[] | null;
  /** Tools the model called in the window, most recent first: they show the conversation's domain and stay selected. */
  readonly calledTools?: readonly string[];
};

export type ChosenTools = {
  readonly tools: readonly ToolSpec[];
  readonly selection: ToolSelection;
  /** The selector call, when one was made (billed like any other). */
  readonly call: ModelCallRecord | null;
};

/** The selection still fits while it holds one of this many best-ranked tools. */
const STILL_FITS_RANK = 3;
/** How many of the tools the model called lately (and that still rank near the top) a changed selection keeps. */
const CALLED_KEPT = 2;
/** How deep in the ranking a previously selected tool still counts as relevant when the selection changes. */
const STILL_RELEVANT_RANK = 15;

/**
 * A change of the tool list invalidates every cache checkpoint behind it (system, history), so the selection is kept
 * while it still holds one of the best-ranked tools, or when the message names no tool at all ("yes, do it").
 */
function stillFits(ranking: readonly RankedTool[], previous: readonly string[]): boolean {
  const best = ranking[0];
  return best === undefined || best.score <= 0 ||
    ranking.slice(0, STILL_FITS_RANK).some((entry) => previous.includes(entry.name));
}

/**
 * When the selection must change, the local best pick and the previously selected tools that still rank near the top
 * stay in it, and free places up to `maxTools` go to the next best-ranked tools (of the active domain first): a change
 * costs a cache write of everything behind the tool list, so the new list should fit the next turns too. Never more
 * than `maxTools`; sorted by name.
 */
function keepStable(
  selected: readonly string[],
  previous: readonly string[],
  called: readonly string[],
  ranking: readonly RankedTool[],
  maxTools: number,
): string[] {
  const relevant = new Set(ranking.slice(0, STILL_RELEVANT_RANK).map((entry) => entry.name));
  const ranked = ranking.filter((entry) => entry.score > 0).map((entry) => entry.name);
  // The local best pick always stays: a selector answer that drops it would make the next turn reselect again.
  const recent = called.filter((name) => relevant.has(name)).slice(0, CALLED_KEPT);
  const kept = [
    ...new Set([
      ...ranked.slice(0, 1),
      ...selected,
      ...recent,
      ...previous.filter((name) => relevant.has(name)),
      ...ranked,
    ]),
  ].slice(0, Math.max(maxTools, selected.length));
  // Name order: the same set always serialises to the same bytes, so a reordering never costs a cache write.
  return kept.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Never throws for a selector failure: a timeout, an error or an empty answer falls back to the local top picks. */
export async function chooseTools(deps: TurnDependencies, input: ChooseToolsInput): Promise<ChosenTools> {
  const { settings } = deps;
  const previous = (input.previousSelection ?? []).filter((name) => deps.registry.get(name) !== undefined);
  const calledTools = (input.calledTools ?? []).filter((name) =>
    deps.registry.get(name) !== undefined && !(deps.registry.get(name)?.tags ?? []).includes(STANDARD_TAG)
  );
  const ranked = rankTools(deps.toolIndex, { query: input.text, recentUserTurns: input.recentUserTurns });
  const { ranking } = focusToolRanking({
    ranking: ranked,
    previousSelection: previous,
    calledTools,
    namedDomains: findNamedDomains(input.text, deps.registry.domains(), ranked[0]?.name ?? ''),
    domainsOf: (name) => (deps.registry.get(name)?.tags ?? []).filter((tag) => tag !== STANDARD_TAG),
  });
  const plan = previous.length > 0 && stillFits(ranking, previous)
    ? {
      kind: 'keep' as const,
      selected: previous,
      reason: 'the previous selection still holds a best-ranked tool: the cached prefix stays',
    }
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
    selection = applyToolSelection({
      plan,
      ...(reply === undefined ? {} : { reply }),
      ...(error === undefined ? {} : { error }),
    });
    if (reply !== undefined) call = { kind: 'selector', request: plan.request, reply, startedAt };
  } else {
    selection = applyToolSelection({ plan });
  }
  const names = plan.kind === 'keep'
    ? selection.selected
    : keepStable(selection.selected, previous, calledTools, ranking, settings.maxDomainTools);
  const tools = names.flatMap((name) => deps.registry.get(name) ?? []);
  return { tools, selection, call };
}
