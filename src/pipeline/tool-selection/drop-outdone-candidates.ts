// Between domains, the message's words decide which candidate leads: "I want to buy a bus ticket" names the bus
// tickets over the event tickets the conversation was using, however its context ranks them.
import type { ToolEvidence } from './measure-tool-evidence.ts';

/**
 * The candidates that no candidate of another domain outdoes: one with more of the message's words and at least as
 * many of its name's (`buses_1_buy_bus_ticket`, "buy … bus ticket", outdoes `events_1_buy_event_tickets`, "buy …
 * ticket"). Within a domain none is dropped: there the conversation's ranking tells a search from its booking. Order
 * kept. Pure.
 */
export function dropOutdoneCandidates(
  candidates: readonly ToolEvidence[],
  domainsOf: (name: string) => readonly string[],
): readonly ToolEvidence[] {
  const shareDomain = (a: string, b: string) => domainsOf(a).some((domain) => domainsOf(b).includes(domain));
  return candidates.filter((entry) =>
    !candidates.some((other) =>
      other.words > entry.words && other.nameWords >= entry.nameWords && !shareDomain(other.name, entry.name)
    )
  );
}
