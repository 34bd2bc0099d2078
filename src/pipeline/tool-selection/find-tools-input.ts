// What a `find_tools` answer is computed from (the call's input and the conversation's focus), and the answer.
import type { ToolSpec } from '../tool-catalogue/index.ts';
import type { ToolIndex } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export type FindToolsInput = {
  /** The toolUse input as the model sent it (unchecked). */
  readonly input: Readonly<Record<string, unknown>>;
  readonly index: ToolIndex;
  /** The specs of the ranked tools (for the one-line descriptions); unknown names are skipped. */
  readonly lookup: (name: string) => ToolSpec | undefined;
  /** How many tools to answer at most (the selection's maxTools). */
  readonly maxTools: number;
  /** How many to answer at least when the ranking has that many (the selection's minTools). */
  readonly minTools: number;
  /**
   * The conversation's user turns, oldest first, the current one last: the query is read in their context ("Yes, that
   * works." after "I want to book a cab" still finds the ride tool). Default none.
   */
  readonly recentUserTurns?: readonly string[];
  /**
   * The conversation's tools (offered, and called lately, most recent first) and a tool's domain tags: the answer
   * ranks their domains' tools first unless another domain clearly leads (see focusToolRanking). Default: no focus.
   */
  readonly focus?: {
    readonly offered: readonly string[];
    readonly calledTools: readonly string[];
    /**
     * Tools the conversation called, most recent first, this turn's first: when the query names no tool ("That's all
     * correct."), the next step of the last one's task (its companion, see rankCompanions) leads the answer. Default none.
     */
    readonly lastCalled?: readonly string[];
    readonly domainsOf: (name: string) => readonly string[];
    /** Every tool of a domain, by name. */
    readonly domainTools: (domain: string) => readonly string[];
    /** What the deployment's instructions lean to (see measureDomainPrior); default none. */
    readonly domainPrior?: DomainPrior;
  };
};

export type FindToolsAnswer = {
  readonly status: 'success' | 'error';
  /** The tool result text: `name: one-line description` lines, or why nothing was found. */
  readonly text: string;
  /** The tools found, best first: the turn offers them from its next step. */
  readonly found: readonly string[];
};
