// In the middle of a task, a request for the task's next tool: "Kindly fetch the invoice for the said flight." after a
// booking asks for `retrieve_invoice`, though one word of it is no strong evidence and the offered `book_flight` holds
// more of the message's words ("booked the flight").
import type { RankedTool } from '../tool-search/index.ts';
import { isDeploymentDomain } from '../tool-search/index.ts';
import type { DomainPrior } from './measure-domain-prior.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';

export type FindTaskRequestInput = {
  /** What the message says of each tool (see measureToolEvidence). */
  readonly evidence: readonly ToolEvidence[];
  /** The candidates a change would otherwise weigh (strong evidence, or a task's objects). */
  readonly candidates: readonly ToolEvidence[];
  /** The domains the message requests by name (see findRequestedDomains). */
  readonly requested: ReadonlyMap<string, readonly string[]>;
  /** The domain tools offered now. */
  readonly previous: readonly string[];
  /** Domain tools the model called in the window, most recent first. */
  readonly calledTools: readonly string[];
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
  /** Whether the message may ask for a tool (see mayAskForTool; computed on demand). */
  readonly asksForTool: () => boolean;
  /** The conversation-aware ranking of the message, best first (computed on demand). */
  readonly rank: () => readonly RankedTool[];
  readonly domainPrior?: DomainPrior;
};

/**
 * The tool a request in the middle of a task asks for when no candidate says so plainly: while a domain tool has been
 * called in the window and the message may ask for a tool (see mayAskForTool), the conversation-aware ranking's best
 * tool of the task's domain (see readTaskDomains), when it is not offered and the message says a word of it; when it is
 * offered, the second best of the domain, when not offered and the message says a word of its name that only a few
 * tools hold and that the message's words for the best do not hold ("invoice" past the offered flight cost in "Having
 * booked the flight, could you get me the invoice?"; not "message" for a deletion when sending is offered). A request
 * within the task names its next step in its own words, and the ranking, which weighs every word and the conversation,
 * tells which one better than a count of shared words (the clause that recalls the last step shares most of them).
 * Empty before any call, for a message that asks for nothing ("Thanks, that's all."), when neither tool is asked for
 * so, when the message names another domain (a candidate outside the task that is not offered, or a domain it
 * requests by name: "could you find me a cab?" after a hotel booking; not by a word another requested domain holds
 * too, as "the payment details" do an order's and a ticket's), and while the task is at a desk of one domain (see
 * isDeploymentDomain): there the tools in use hold the desk's work, and its agent checks its policy before the next
 * step, so a change on the request comes early and rewrites the cached prefix for nothing (measured on τ-bench's
 * airline desk: the twenty-first session of docs/tool-selection-history.md). Pure; ranks only a request made during a
 * task.
 */
export function findTaskRequest(input: FindTaskRequestInput): readonly ToolEvidence[] {
  if (input.calledTools.length === 0) return [];
  const taskDomains = readTaskDomains(input.calledTools, input.domainsOf);
  if (taskDomains.some((domain) => isDeploymentDomain(input.domainPrior, domain))) return [];
  // A word that another requested domain holds too ("details" of an order and of a ticket) names neither.
  const namesAlone = (domain: string, terms: readonly string[]) =>
    terms.some((term) => ![...input.requested].some(([other, its]) => other !== domain && its.includes(term)));
  const inTask = (name: string) => input.domainsOf(name).some((domain) => taskDomains.includes(domain));
  const elsewhere = input.candidates.some((entry) => !input.previous.includes(entry.name) && !inTask(entry.name)) ||
    [...input.requested].some(([domain, terms]) => !taskDomains.includes(domain) && namesAlone(domain, terms));
  if (elsewhere || !input.asksForTool()) return [];
  const [best, second] = input.rank().filter((entry) => inTask(entry.name));
  if (best === undefined) return [];
  if (!input.previous.includes(best.name)) return input.evidence.filter((entry) => entry.name === best.name);
  // The best is offered: the message may recall it ("Having booked the flight, …") and ask for the next step by the
  // word that tells that one apart: a word of its name only a few tools hold that the message's words for the best
  // do not hold.
  if (second === undefined || input.previous.includes(second.name)) return [];
  const said = input.evidence.find((entry) => entry.name === best.name)?.rareNameTerms ?? [];
  return input.evidence.filter((entry) =>
    entry.name === second.name && entry.rareNameTerms.some((term) => !said.includes(term))
  );
}

/**
 * The task's domains: the last called tool's, narrowed by the calls before it while it serves several (a calculator
 * tagged with the airline and the retail tools belongs to the airline task whose booking it priced).
 */
function readTaskDomains(
  calledTools: readonly string[],
  domainsOf: (name: string) => readonly string[],
): readonly string[] {
  const [last = '', ...before] = calledTools;
  let domains = domainsOf(last);
  for (const name of before) {
    if (domains.length <= 1) break;
    const shared = domains.filter((domain) => domainsOf(name).includes(domain));
    if (shared.length > 0) domains = shared;
  }
  return domains;
}
