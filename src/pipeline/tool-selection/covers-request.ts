// Whether a tool already offered covers what the message asks for, so the list can stay as it is.
import type { ToolEvidence } from './measure-tool-evidence.ts';

/**
 * An offered tool covers the request when the message names it as plainly as the best candidate: as many words, as
 * many of them in its name ("tickets for the event" names buy_event_tickets more than find_events), and a phrase of its
 * own when the best has one (a provider's tagline gives find_events the words of "tickets for events" too). On an exact
 * tie the conversation-aware ranking tells which of the two the message asks for ("I placed an order, show me its
 * details": `place_order` and `get_order_details` hold two words each): the offered tool covers only when it ranks
 * at least as high. `placeOf` gives a tool's place in that ranking (lower is better). Pure.
 */
export function coversRequest(
  offered: ToolEvidence,
  best: ToolEvidence,
  placeOf: (name: string) => number,
): boolean {
  if (offered.words < best.words || offered.nameWords < best.nameWords || (best.phrase && !offered.phrase)) {
    return false;
  }
  const tied = offered.words === best.words && offered.nameWords === best.nameWords && offered.phrase === best.phrase;
  return !tied || placeOf(offered.name) <= placeOf(best.name);
}
