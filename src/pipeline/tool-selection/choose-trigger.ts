// The tool a change of the list is for: the step an assent agrees to, the tool a request names, or else the strong
// candidate the conversation's ranking puts first.
import { dropOutdoneCandidates } from './drop-outdone-candidates.ts';
import { findDeploymentDomain } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';

export type ChooseTriggerInput = {
  /** What the message says of each tool (see measureToolEvidence). */
  readonly evidence: readonly ToolEvidence[];
  /** The tools the message asks for (strong evidence, or the objects of a task's tools). */
  readonly candidates: readonly ToolEvidence[];
  /** The conversation-aware ranking, best first: it orders the candidates. */
  readonly ranking: readonly { readonly name: string }[];
  /** The next step an assent agrees to (see findAssentedStep), which goes first. */
  readonly assentedStep: string | undefined;
  /** The tool a request for a domain names (see readRequest), next. */
  readonly requestedTool: string | undefined;
  readonly domainsOf: (name: string) => readonly string[];
  readonly domainPrior?: DomainPrior;
};

/**
 * The trigger, with what the message says of it (no words for a step or a requested tool it does not name); undefined
 * without candidates. Among the candidates, the one the ranking puts first of those no other domain's candidate
 * outdoes in words (see dropOutdoneCandidates); at a desk of one domain (see findDeploymentDomain) the ranking alone
 * decides, as its look-alikes of other domains share its words. Pure; `candidates` is not reordered.
 */
export function chooseTrigger(input: ChooseTriggerInput): ToolEvidence | undefined {
  const evidenceOf = (name: string): ToolEvidence =>
    input.evidence.find((entry) => entry.name === name) ??
      { name, words: 0, nameWords: 0, rareWords: 0, phrase: false, valueWords: 0, rareNameTerms: [] };
  if (input.assentedStep !== undefined) return evidenceOf(input.assentedStep);
  if (input.requestedTool !== undefined) return evidenceOf(input.requestedTool);
  const atDesk = findDeploymentDomain(input.domainPrior) !== undefined;
  const position = new Map(input.ranking.map((entry, at) => [entry.name, at]));
  const place = (entry: ToolEvidence) => position.get(entry.name) ?? Number.POSITIVE_INFINITY;
  return [...(atDesk ? input.candidates : dropOutdoneCandidates(input.candidates, input.domainsOf))]
    .sort((a, b) => place(a) - place(b) || b.words - a.words)[0];
}
