// What the deployment is for, read once from its own instructions: the domains whose tools they describe.
import { readNameNamespace } from '../tool-catalogue/index.ts';
import { type DomainLean, rankTools, type ToolIndex } from '../tool-search/index.ts';
import { findDomainsNamedIn } from './find-named-domains.ts';

/** The instructions vote through their best-matching tools, this many. */
const VOTING_TOOLS = 10;
/** Instructions longer than this are read up to here (a policy's opening says what the agent does). */
const TEXT_CHARACTERS = 4_000;
/**
 * What a deployment's instructions lean to: each domain's lean, 0-1 (the leader at 1), and whether they list many of the
 * catalogue's services (a concierge: then they lean to none, and no domain is the deployment's own).
 */
export type DomainPrior = DomainLean;

/**
 * Instructions that name this many of the catalogue's services (its domains, or the namespaces its tool names open
 * with) describe a deployment of many services (a concierge's
 * "restaurants, hotels, flights, buses…"): none of them is its own, however their words fall on the tools. An airline
 * desk's policy names its own domain, and at most one more in passing ("travel insurance").
 */
const MANY_SERVICES = 3;

export type MeasureDomainPriorInput = {
  readonly index: ToolIndex;
  /** The deployment's instructions (the system prompt's first layer). */
  readonly instructions: string;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
};

/**
 * Each domain's share of the instructions' best-matching tools, scaled so the leading domain has 1 (an empty map when
 * the instructions name no tool's words, or list MANY_SERVICES or more of the catalogue's services), and whether they
 * list that many. An airline agent's policy leans to the airline tools over a travel catalogue's look-alikes and makes
 * airline its own domain (see isDeploymentDomain); a concierge that lists its services leans to none and has no domain
 * of its own, even where one service holds more of its words ("booking", "reservation" for a hotel catalogue). Pure.
 */
export function measureDomainPrior(input: MeasureDomainPriorInput): DomainPrior {
  const text = input.instructions.slice(0, TEXT_CHARACTERS);
  const domains = [...new Set(input.index.tools.flatMap((tool) => input.domainsOf(tool.name)))];
  // A service is a domain, or a namespace its tools' names open with (`hotels_4_…` under a broad "travel" tag).
  const namespaces = input.index.tools.flatMap((tool) => readNameNamespace(tool.name) ?? []);
  const services = [...new Set([...domains, ...namespaces])];
  // Instructions that list the services lean to whichever holds most of their words ("booking" and "reservation" to
  // the hotels, "travel bookings and card payments" to the travel tools), not to what their users ask for: not ranked.
  if (findDomainsNamedIn(text, services).size >= MANY_SERVICES) {
    return Object.assign(new Map<string, number>(), { manyServices: true });
  }
  const votes = new Map<string, number>();
  for (const entry of rankTools(input.index, { query: text }).slice(0, VOTING_TOOLS)) {
    for (const domain of input.domainsOf(entry.name)) votes.set(domain, (votes.get(domain) ?? 0) + entry.score);
  }
  const top = Math.max(0, ...votes.values());
  const lean = new Map(top > 0 ? [...votes].map(([domain, weight]) => [domain, weight / top]) : []);
  return Object.assign(lean, { manyServices: false });
}
