// The shape of a turn's tool-list decision (see planToolList): keep the offered tools, or change them around a trigger.
import type { RankedTool } from '../tool-search/index.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';
import type { ToolListChangeReason, ToolListKeepReason } from './read-change-reason.ts';
import type { ToolSelectionPlan } from './tool-selection-plan.ts';

export type ToolListPlan =
  | {
    readonly kind: 'keep';
    readonly selected: readonly string[];
    readonly reason: ToolListKeepReason;
    /** The strongest evidence the message gave (absent when it named no tool at all). */
    readonly evidence?: ToolEvidence;
  }
  | {
    readonly kind: 'change';
    readonly reason: Exclude<ToolListChangeReason, 'find-tools'>;
    /** The tool the message plainly asked for: it is always in the new list. */
    readonly trigger: ToolEvidence;
    /** How the rest is chosen: locally, or by the cheap model ('ask'). */
    readonly selection: ToolSelectionPlan;
    /**
     * The ranking focused on the trigger's domain (the trigger, then its domain, then the rest), which fills the list.
     */
    readonly ranking: readonly RankedTool[];
    /** How many entries at the front of `ranking` are the trigger and its domain's tools. */
    readonly domainSize: number;
    /**
     * Offered right after the trigger: the best-ranked tool of each other domain the message asks for by a word only
     * its tools hold, during a task (see findLeftForDomains), then the trigger's look-alikes (the same action of other
     * providers, `movies_3_find_movies` for `movies_1_find_movies`: the message cannot tell them apart) and its best
     * companions (see listTriggerFollowers).
     */
    readonly followers: readonly string[];
    /**
     * The task partner (see findTaskPartner) of each of the domain's first SHORTLIST_SPECS tools: offered right after
     * it, so a tool comes with the other step of its task (a provider's search with its reservation).
     */
    readonly partners: ReadonlyMap<string, string>;
    readonly previous: readonly string[];
    readonly calledTools: readonly string[];
  };
