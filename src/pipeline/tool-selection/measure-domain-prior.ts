// What the deployment is for, read once from its own instructions: the domains whose tools they describe.
import { rankTools, type ToolIndex } from '../tool-search/index.ts';

/** The instructions vote through their best-matching tools, this many. */
const VOTING_TOOLS = 10;
/** Instructions longer than this are read up to here (a policy's opening says what the agent does). */
const TEXT_CHARACTERS = 4_000;

export type MeasureDomainPriorInput = {
  readonly index: ToolIndex;
  /** The deployment's instructions (the system prompt's first layer). */
  readonly instructions: string;
  /** A tool's domain tags (`standard` excluded). */
  readonly domainsOf: (name: string) => readonly string[];
};

/**
 * Each domain's share of the instructions' best-matching tools, scaled so the leading domain has 1 (an empty map when
 * the instructions name no tool's words). An airline agent's policy leans to the airline tools over a travel
 * catalogue's look-alikes; a concierge's list of ten services spreads its votes and leans nowhere. Pure.
 */
export function measureDomainPrior(input: MeasureDomainPriorInput): ReadonlyMap<string, number> {
  const ranking = rankTools(input.index, { query: input.instructions.slice(0, TEXT_CHARACTERS) }).slice(
    0,
    VOTING_TOOLS,
  );
  const votes = new Map<string, number>();
  for (const entry of ranking) {
    for (const domain of input.domainsOf(entry.name)) votes.set(domain, (votes.get(domain) ?? 0) + entry.score);
  }
  const top = Math.max(0, ...votes.values());
  return new Map(top > 0 ? [...votes].map(([domain, weight]) => [domain, weight / top]) : []);
}
