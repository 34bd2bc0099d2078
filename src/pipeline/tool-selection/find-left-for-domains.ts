// The domains a request in the middle of a task leaves for: "… on Twitter" while the car's tools are in use.
import { findDeploymentDomain, findDomainsAskedFor, tokenizeForSearch, type ToolIndex } from '../tool-search/index.ts';
import { isCatalogueAction } from './find-requested-domains.ts';
import { maskQuotedText } from './mask-quoted-text.ts';
import { mayAskForTool } from './may-ask-for-tool.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

export type FindLeftForDomainsInput = {
  readonly text: string;
  /** The domain tools offered last turn. */
  readonly previous: readonly string[];
  /** Domain tools the model called in the window, most recent first. */
  readonly calledTools: readonly string[];
  readonly index: ToolIndex;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /** What the deployment's instructions lean to (see measureDomainPrior); default none. */
  readonly domainPrior?: DomainPrior;
};

/**
 * The domains a request in the middle of a task leaves for: a word the message says (quoted text aside) that only
 * another domain's tools hold, one in a tool's name (see findDomainsAskedFor: "… on Twitter" while the car's tools are
 * in use, "file a ticket" during a trade) and none of the catalogue's actions ("tweet", a synonym of post, is one),
 * even when the task's offered tools hold the words beside it ("the updates on tire status"). Only a domain none of
 * whose tools is offered (an offered one was judged by the other rules), where the message may ask for a tool (see
 * mayAskForTool), a tool was called in the window, and the deployment has no domain of its own (its look-alike words
 * say nothing there, see isDeploymentDomain). Empty otherwise. Pure; linear in the message's terms and their postings.
 */
export function findLeftForDomains(input: FindLeftForDomainsInput): readonly string[] {
  if (input.calledTools.length === 0 || findDeploymentDomain(input.domainPrior) !== undefined) return [];
  const text = maskQuotedText(input.text);
  const isAction = (term: string) => isCatalogueAction(input.index, input.domainsOf, term);
  if (!mayAskForTool(text, isAction, { inTask: true })) return [];
  const own = new Set(input.calledTools.flatMap((name) => input.domainsOf(name)));
  const offered = new Set(input.previous.flatMap((name) => input.domainsOf(name)));
  const objects = tokenizeForSearch(text).filter((term) => !isAction(term));
  return findDomainsAskedFor(input.index, (domain) => own.has(domain), objects)
    .filter((domain) => !offered.has(domain));
}
