// In the middle of a task, the tools whose object a question names: "Can I know the weather there?" after a hotel
// search asks for the weather tool, though one word is not strong evidence (see isStrongEvidence).
import { findDeploymentDomain } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';

export type FindTaskObjectsInput = {
  /** What the message says of each tool (see measureToolEvidence). */
  readonly evidence: readonly ToolEvidence[];
  /** Domain tools the model called in the window, most recent first. */
  readonly calledTools: readonly string[];
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /** Whether a (stemmed) word is one of the catalogue's actions ("find", "book"), not an object. */
  readonly isAction: (term: string) => boolean;
  /** Whether the message may ask for a tool (see mayAskForTool; computed on demand). */
  readonly asksForTool: () => boolean;
  readonly domainPrior?: DomainPrior;
};

/**
 * The tools of `evidence` whose name's object the message says, a word only a few tools hold (see
 * ToolEvidence.rareNameTerms; not an action: "find" is rare in a small catalogue), when a task is under way (a domain
 * tool was called in the window) and the message may ask for a tool (see mayAskForTool): a concierge's users go from
 * service to service. Empty for a statement ("We loved the weather there."), before any call (small talk that names a
 * topic), and while the task is at a desk of one domain (see isDeploymentDomain), whose users mention other topics on
 * the way. Pure.
 */
export function findTaskObjects(input: FindTaskObjectsInput): readonly ToolEvidence[] {
  const [last] = input.calledTools;
  if (last === undefined) return [];
  const home = findDeploymentDomain(input.domainPrior);
  if (home !== undefined && input.domainsOf(last).includes(home)) return [];
  if (!input.asksForTool()) return [];
  return input.evidence.filter((entry) => entry.rareNameTerms.some((term) => !input.isAction(term)));
}
