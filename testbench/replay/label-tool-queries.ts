// The labelled queries a recorded conversation implies, for measuring the local ranking: each user turn whose
// recorded answer called tools, with those tools as gold and the user turns before it as context.
import type { LabelledQuery } from '../../src/pipeline/tool-search/index.ts';
import type { Conversation } from './conversation-format.ts';
import { groupExchanges } from './group-exchanges.ts';

/** As many earlier user turns as the service gives the ranking (src/turn/load-turn-context.ts). */
export const PREVIOUS_USER_TURNS = 3;

/**
 * One query per exchange with recorded tool calls: `query` = the user's text, `gold` = the distinct tools called in the
 * exchange (standard tools left out: they are always offered), `previous` = up to 3 earlier user turns, oldest first.
 */
export function labelToolQueries(
  conversation: Conversation,
  isStandard: (name: string) => boolean = () => false,
): readonly LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  const userTurns: string[] = [];
  for (const exchange of groupExchanges(conversation)) {
    const gold = [
      ...new Set(exchange.steps.flatMap((step) => (step.reply.toolCalls ?? []).map((call) => call.name))),
    ].filter((name) => !isStandard(name));
    const previous = userTurns.slice(-PREVIOUS_USER_TURNS);
    if (gold.length > 0) {
      queries.push(
        previous.length > 0 ? { query: exchange.user.text, gold, previous } : { query: exchange.user.text, gold },
      );
    }
    userTurns.push(exchange.user.text);
  }
  return queries;
}
