// What a turn's tool-list policy reads (see planToolList): the message and the turns before it, the offered and called
// tools, and the catalogue's index and domains.
import type { ToolSpec } from '../tool-catalogue/index.ts';
import type { ToolIndex } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export type PlanToolListInput = {
  readonly text: string;
  /** Earlier user turns, oldest first (the last few). */
  readonly recentUserTurns: readonly string[];
  /** The assistant's last reply: what an assent ("Yes, that's correct.") agrees to. */
  readonly lastReply?: string;
  /** The domain tools offered last turn, most recently used first (already filtered to registered ones). */
  readonly previous: readonly string[];
  /** Domain tools the model called in the window, most recent first. */
  readonly calledTools: readonly string[];
  readonly index: ToolIndex;
  readonly lookup: (name: string) => ToolSpec | undefined;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /** Every domain tag of the catalogue. */
  readonly domains: readonly string[];
  /** Every domain tool of a domain, by name. */
  readonly domainTools: (domain: string) => readonly string[];
  readonly minTools: number;
  readonly maxTools: number;
  readonly modelId: string;
  /** What the deployment's instructions lean to (see measureDomainPrior); default none. */
  readonly domainPrior?: DomainPrior;
  /**
   * Whether the message opens the conversation (no turn before it): its first words set up what it is about, so a
   * statement that plainly names a tool ("I remember I added a task to my to-do list with a due date") is read as the
   * task it opens. Default false.
   */
  readonly opening?: boolean;
};
