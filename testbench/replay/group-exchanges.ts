// Splits a conversation into exchanges: one user turn and the assistant steps that answered it, as a replay needs them.
import type { AssistantTurn, Conversation, ToolTurn, UserTurn } from './conversation-format.ts';

/** One model call's recorded answer, and the tool results that came back when it called tools. */
export type AssistantStep = { readonly reply: AssistantTurn; readonly results?: ToolTurn };

export type Exchange = {
  readonly user: UserTurn;
  /** In recorded order: each is one scripted model answer. Empty when the user spoke again (or the log ended) first. */
  readonly steps: readonly AssistantStep[];
  /** True when the last step is a final answer (text, no tool calls): the script covers every model call of the turn. */
  readonly complete: boolean;
};

/**
 * Groups a valid conversation (see checkConversationRules) by user turn. Invariants: every turn lands in exactly one
 * exchange, in order; an exchange is incomplete when the recording stops before a final assistant text (a trailing
 * user turn, or a tool turn with no reply after it): a simulator then needs its own default answer for that call.
 */
export function groupExchanges(conversation: Conversation): readonly Exchange[] {
  const exchanges: { user: UserTurn; steps: AssistantStep[] }[] = [];
  for (const turn of conversation.turns) {
    const current = exchanges.at(-1);
    if (turn.role === 'user') exchanges.push({ user: turn, steps: [] });
    else if (current === undefined) continue; // Unreachable for valid input: the first turn is a user turn.
    else if (turn.role === 'assistant') current.steps.push({ reply: turn });
    else {
      const last = current.steps.at(-1);
      if (last !== undefined) current.steps[current.steps.length - 1] = { reply: last.reply, results: turn };
    }
  }
  return exchanges.map(({ user, steps }) => {
    const last = steps.at(-1);
    return { user, steps, complete: last !== undefined && last.reply.toolCalls === undefined };
  });
}
