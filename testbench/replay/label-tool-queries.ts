// The labelled queries a recorded conversation implies, for measuring the local ranking: each user turn whose
// recorded answer called tools, with those tools as gold and, as context, the user turns before it and the tools the
// conversation called before it.
import type { LabelledQuery } from '../../src/pipeline/tool-search/index.ts';
import type { Conversation } from './conversation-format.ts';
import { groupExchanges } from './group-exchanges.ts';

/** As many earlier user turns as the service gives the ranking (src/turn/load-turn-context.ts). */
export const PREVIOUS_USER_TURNS = 3;

/**
 * One query per exchange with recorded tool calls: `query` = the user's text, `gold` = the distinct tools called in the
 * exchange (standard tools left out: they are always offered), `previous` = up to 3 earlier user turns, oldest first,
 * `called` = the distinct tools the conversation called before this turn, the most recent first (what the service
 * knows of the conversation's tool use: its window's calls and the tools it kept offering).
 */
export function labelToolQueries(
  conversation: Conversation,
  isStandard: (name: string) => boolean = () => false,
): readonly LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  const userTurns: string[] = [];
  /** The domain tools the earlier exchanges called, in call order. */
  const calls: string[] = [];
  for (const exchange of groupExchanges(conversation)) {
    const called = exchange.steps.flatMap((step) => (step.reply.toolCalls ?? []).map((call) => call.name))
      .filter((name) => !isStandard(name));
    const gold = [...new Set(called)];
    const previous = userTurns.slice(-PREVIOUS_USER_TURNS);
    const before = [...new Set([...calls].reverse())];
    if (gold.length > 0) {
      queries.push({
        query: exchange.user.text,
        gold,
        ...(previous.length > 0 ? { previous } : {}),
        ...(before.length > 0 ? { called: before } : {}),
      });
    }
    userTurns.push(exchange.user.text);
    calls.push(...called);
  }
  return queries;
}
