// Counts what a set of conversations holds: what the import CLI prints and what the fixture docs promise.
import type { Conversation } from './conversation-format.ts';
import { groupExchanges } from './group-exchanges.ts';

export type ConversationSummary = {
  readonly conversations: number;
  readonly userTurns: number;
  readonly assistantTurns: number;
  readonly toolCalls: number;
  readonly toolErrors: number;
  /** User turns whose recorded answer stops before a final assistant text (see groupExchanges). */
  readonly incompleteExchanges: number;
  readonly maxUserTurns: number;
  /** Names of the tools called, with counts, most called first (ties by name). */
  readonly toolUse: readonly { readonly name: string; readonly calls: number }[];
};

/** Totals over the given conversations; pure and order-independent. */
export function summariseConversations(conversations: readonly Conversation[]): ConversationSummary {
  const uses = new Map<string, number>();
  let userTurns = 0, assistantTurns = 0, toolCalls = 0, toolErrors = 0, incompleteExchanges = 0, maxUserTurns = 0;
  for (const conversation of conversations) {
    let users = 0;
    for (const turn of conversation.turns) {
      if (turn.role === 'user') users += 1;
      if (turn.role === 'assistant') assistantTurns += 1;
      if (turn.role === 'tool') toolErrors += turn.toolResults.filter((result) => result.isError === true).length;
      for (const call of turn.role === 'assistant' ? turn.toolCalls ?? [] : []) {
        toolCalls += 1;
        uses.set(call.name, (uses.get(call.name) ?? 0) + 1);
      }
    }
    userTurns += users;
    maxUserTurns = Math.max(maxUserTurns, users);
    incompleteExchanges += groupExchanges(conversation).filter((exchange) => !exchange.complete).length;
  }
  const toolUse = [...uses].map(([name, calls]) => ({ name, calls })).sort((a, b) =>
    b.calls - a.calls || (a.name < b.name ? -1 : 1)
  );
  return {
    conversations: conversations.length,
    userTurns,
    assistantTurns,
    toolCalls,
    toolErrors,
    incompleteExchanges,
    maxUserTurns,
    toolUse,
  };
}
