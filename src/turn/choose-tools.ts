// Chooses this turn's domain tools: the pure policy (pipeline/tool-selection) decides; this file only makes the cheap
// model's call when the policy asks for it (a change of the list the ranking is unsure about), with a bounded wait.
import {
  applyToolSelection,
  findDomainStaples,
  findStapleTools,
  finishToolList,
  keepToolPlaces,
  planToolList,
  type RanTools,
  type ToolListPlan,
  type ToolSelection,
} from '../pipeline/tool-selection/index.ts';
import type { ModelReply } from '../pipeline/types/index.ts';
import { compareText, type ToolSpec } from '../pipeline/tool-catalogue/index.ts';
import type { ModelCallRecord } from './account-model-call.ts';
import { deploymentDomainPrior } from './deployment-domain-prior.ts';
import { offerEveryDomainTool } from './offer-every-domain-tool.ts';
import { isDomainTool, loadLearnedPartners } from './tool-co-use.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type ChooseToolsInput = {
  readonly text: string;
  /** Earlier user turns, oldest first (the last few): "now delete that file" still finds the file tools. */
  readonly recentUserTurns: readonly string[];
  /** The assistant's last reply: an assent agrees to what it proposed. */
  readonly lastReply?: string;
  /** The conversation's domain tools, most recently used first (null before its first turn). */
  readonly previousSelection: readonly string[] | null;
  /**
   * The order the conversation's last request sent them in (null or absent: none kept yet, so name order, the order
   * requests were sent in before it was kept).
   */
  readonly previousOrder?: readonly string[] | null;
  /** Tools the model called in the window, most recent first: they show the conversation's domain and stay selected. */
  readonly calledTools?: readonly string[];
  /**
   * What the deployment's latest other conversations ran, and ran late: their staples (see findStapleTools) join a
   * conversation's first list and every change, each domain's (see findDomainStaples) a change whose trigger is of
   * that domain; never a list kept.
   */
  readonly recentRanTools?: readonly RanTools[];
};

export type ChosenTools = {
  /**
   * The domain tools of the request: those of the previous request in their places, new ones after them
   * (keepToolPlaces), so a change that only adds tools leaves the tools kept a cache read.
   */
  readonly tools: readonly ToolSpec[];
  /** The same tools most recently used first: the order the conversation keeps them in. */
  readonly order: readonly string[];
  readonly selection: ToolSelection;
  /** What the policy decided and why (logged by the turn). */
  readonly plan: ToolListPlan;
  /** The selector call, when one was made (billed like any other). */
  readonly call: ModelCallRecord | null;
  /**
   * The deployment's staples and every domain's this turn (see ChooseToolsInput), whether or not this list took them:
   * one that runs counts as late (see listLateTools).
   */
  readonly staples: readonly string[];
};

/**
 * Never throws for a selector failure: a timeout, an error or an empty answer falls back to the local top picks. Under
 * DOMAIN_TOOLS=all, every domain tool (see offerEveryDomainTool).
 */
export async function chooseTools(deps: TurnDependencies, input: ChooseToolsInput): Promise<ChosenTools> {
  const { settings, registry } = deps;
  if (settings.domainToolPolicy === 'all') return offerEveryDomainTool(registry);
  const plan = planToolList({
    text: input.text,
    recentUserTurns: input.recentUserTurns,
    ...(input.lastReply === undefined ? {} : { lastReply: input.lastReply }),
    previous: (input.previousSelection ?? []).filter((name) => isDomainTool(deps, name)),
    calledTools: (input.calledTools ?? []).filter((name) => isDomainTool(deps, name)),
    index: deps.toolIndex,
    lookup: (name) => registry.get(name),
    domainsOf: registry.domainsOf,
    domains: registry.domains(),
    domainTools: (domain) => registry.domainTools(domain).map((spec) => spec.name),
    minTools: settings.minDomainTools,
    maxTools: settings.maxDomainTools,
    modelId: settings.cheapModelId,
    domainPrior: deploymentDomainPrior(deps),
    opening: input.previousSelection === null,
  });
  let call: ModelCallRecord | null = null;
  let selection: ToolSelection;
  if (plan.kind === 'keep') {
    selection = { selected: plan.selected, source: 'keep', dropped: [] };
  } else if (plan.selection.kind === 'ask') {
    const startedAt = deps.clock();
    let reply: ModelReply | undefined;
    let error: unknown;
    try {
      reply = await deps.models.converse(plan.selection.request, {
        signal: AbortSignal.timeout(settings.selectorTimeoutMs),
      });
    } catch (caught) {
      error = caught;
      deps.logger.log('warn', 'selector_failed', { error: caught instanceof Error ? caught.name : typeof caught });
    }
    selection = applyToolSelection({
      plan: plan.selection,
      ...(reply === undefined ? {} : { reply }),
      ...(error === undefined ? {} : { error }),
    });
    if (reply !== undefined) call = { kind: 'selector', request: plan.selection.request, reply, startedAt };
  } else {
    selection = applyToolSelection({ plan: plan.selection });
  }
  // A change offers its trigger with the steps the deployment's turns ran with it (see listLearnedPartners).
  const learned = plan.kind === 'change' ? await loadLearnedPartners(deps, [plan.trigger.name]) : new Map();
  const names = finishToolList(plan, selection, {
    minTools: settings.minDomainTools,
    maxTools: settings.maxDomainTools,
  }, learned);
  // The staples come last, as the tools in use least recently (the first to go when the list is trimmed). A change
  // also takes the staples of its trigger's domain.
  const isDomain = (name: string) => isDomainTool(deps, name);
  const ran = input.recentRanTools ?? [];
  const deploymentStaples = findStapleTools(ran, isDomain);
  const domainStaples = findDomainStaples(ran, registry.domainsOf, isDomain);
  const fromDomain = plan.kind === 'change'
    ? registry.domainsOf(plan.trigger.name).flatMap((domain) => domainStaples.get(domain) ?? [])
    : [];
  const staples = plan.kind === 'change' || input.previousSelection === null
    ? [...new Set([...deploymentStaples, ...fromDomain])].filter((name) => !names.includes(name))
    : [];
  const tools = [...names, ...staples].flatMap((name) => registry.get(name) ?? []);
  const sent = input.previousOrder ?? [...(input.previousSelection ?? [])].sort(compareText);
  return {
    tools: keepToolPlaces(sent, tools.map((tool) => tool.name)).flatMap((name) => registry.get(name) ?? []),
    order: tools.map((tool) => tool.name),
    selection,
    plan,
    call,
    staples: [...new Set([...deploymentStaples, ...[...domainStaples.values()].flat()])],
  };
}
