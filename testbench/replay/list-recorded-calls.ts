// The recorded conversation as the model calls it implies: for every model call, its time and the Converse history before it.
import type { AssistantTurn, Conversation, ToolTurn } from './conversation-format.ts';
import { groupExchanges } from './group-exchanges.ts';

/** A Converse content block on the wire (exactly one key: text, toolUse, toolResult, cachePoint). */
export type WireBlock = Readonly<Record<string, unknown>>;
export type WireMessage = { readonly role: 'user' | 'assistant'; readonly content: readonly WireBlock[] };

/** One main-model call of the recording. */
export type RecordedCall = {
  /** Index of the user turn (exchange) the call answers, from 0. */
  readonly exchange: number;
  /** Index of the call within its exchange, from 0. */
  readonly step: number;
  /** Epoch ms the call was made: the user turn's time for the first step, the tool results' time after that. */
  readonly at: number;
  /** Every recorded message before the call, oldest first; ends with a user message. */
  readonly history: readonly WireMessage[];
};

/** Sent instead of an empty successful tool output (Converse rejects empty text), as the turn loop does. */
export const EMPTY_RESULT_TEXT = '(empty result)';

/**
 * Lists the main-model calls a recording implies, one per assistant step, plus one more for each incomplete exchange
 * (the call the simulator answers with its default reply). Invariants: histories alternate roles and start with a user
 * message (adjacent same-role messages are merged: a user who spoke again before any reply, or who spoke after an
 * unanswered tool result); every toolUse in a history is answered in the next message; calls are in time order.
 */
export function listRecordedCalls(conversation: Conversation): readonly RecordedCall[] {
  const calls: RecordedCall[] = [];
  const messages: WireMessage[] = [];
  const append = (message: WireMessage): void => {
    const last = messages.at(-1);
    // Merging builds a new object, so histories already taken keep the message as it was.
    if (last !== undefined && last.role === message.role) {
      messages[messages.length - 1] = { role: last.role, content: [...last.content, ...message.content] };
    } else messages.push(message);
  };
  groupExchanges(conversation).forEach((exchange, exchangeIndex) => {
    append({ role: 'user', content: [{ text: exchange.user.text }] });
    let at = Date.parse(exchange.user.at);
    const callCount = exchange.steps.length + (exchange.complete ? 0 : 1);
    for (let step = 0; step < callCount; step += 1) {
      calls.push({ exchange: exchangeIndex, step, at, history: [...messages] });
      const recorded = exchange.steps[step];
      if (recorded === undefined) break;
      append({ role: 'assistant', content: toAssistantBlocks(recorded.reply) });
      if (recorded.results !== undefined) {
        append({ role: 'user', content: toResultBlocks(recorded.results) });
        at = Math.max(at, Date.parse(recorded.results.at));
      }
    }
  });
  return calls;
}

function toAssistantBlocks(turn: AssistantTurn): WireBlock[] {
  const blocks: WireBlock[] = turn.text === undefined ? [] : [{ text: turn.text }];
  for (const call of turn.toolCalls ?? []) {
    blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: call.input } });
  }
  return blocks;
}

function toResultBlocks(turn: ToolTurn): WireBlock[] {
  return turn.toolResults.map((result) => ({
    toolResult: {
      toolUseId: result.toolCallId,
      content: [{ text: result.output.trim() === '' ? EMPTY_RESULT_TEXT : result.output }],
      status: result.isError === true ? 'error' : 'success',
    },
  }));
}
