// The rules a conversation's shape cannot express: turn order, tool call/result pairing, unique ids, forward time.
import type { Conversation, ToolCall, ToolResult, Turn } from './conversation-format.ts';

/**
 * Lists every rule a shape-valid conversation breaks (empty when replayable). The rules:
 * - the first turn is a user turn; `system` and `systemFile` are not both set;
 * - `at` never goes back in time;
 * - an assistant turn has text or tool calls, and never directly follows another assistant turn (merge them);
 * - an assistant turn with tool calls is directly followed by one tool turn answering each of its calls exactly once,
 *   and a tool turn only ever follows such an assistant turn;
 * - tool call ids are unique in the conversation; when `tools` is given every call names one of them;
 * - an error result has a non-blank output (Bedrock rejects an empty error toolResult).
 * A user turn may follow a user or tool turn, and a conversation may end on any turn: real logs stop mid-exchange.
 */
export function checkConversationRules(conversation: Conversation): readonly string[] {
  const problems: string[] = [];
  const { turns } = conversation;
  if (conversation.system !== undefined && conversation.systemFile !== undefined) {
    problems.push('system and systemFile: give one, not both');
  }
  if (turns[0]?.role !== 'user') problems.push('turns[0]: a conversation starts with a user turn');
  const knownTools = conversation.tools === undefined ? undefined : new Set(conversation.tools);
  const callIds = new Set<string>();
  let previousTime = Number.NEGATIVE_INFINITY;
  turns.forEach((turn, index) => {
    const where = `turns[${index}]`;
    const time = Date.parse(turn.at);
    if (time < previousTime) problems.push(`${where}.at: goes back in time (before turns[${index - 1}].at)`);
    previousTime = Math.max(previousTime, time);
    const previous: Turn | undefined = turns[index - 1];
    if (turn.role === 'assistant') {
      if (turn.text === undefined && turn.toolCalls === undefined) {
        problems.push(`${where}: an assistant turn needs text or toolCalls`);
      }
      if (previous?.role === 'assistant' && previous.toolCalls === undefined) {
        problems.push(`${where}: two assistant turns in a row; merge them into one`);
      }
      for (const [callIndex, call] of (turn.toolCalls ?? []).entries()) {
        if (callIds.has(call.id)) {
          problems.push(`${where}.toolCalls[${callIndex}].id: "${call.id}" is used by an earlier call`);
        }
        callIds.add(call.id);
        if (knownTools !== undefined && !knownTools.has(call.name)) {
          problems.push(`${where}.toolCalls[${callIndex}].name: "${call.name}" is not in the conversation's tools`);
        }
      }
      if (turn.toolCalls !== undefined && turns[index + 1]?.role !== 'tool') {
        problems.push(`${where}: its tool calls must be answered by the next turn, a tool turn`);
      }
    }
    if (turn.role === 'tool') {
      const calls = previous?.role === 'assistant' ? previous.toolCalls : undefined;
      if (calls === undefined) problems.push(`${where}: a tool turn must follow an assistant turn with toolCalls`);
      else problems.push(...checkResults(where, calls, turn.toolResults));
    }
  });
  return problems;
}

function checkResults(where: string, calls: readonly ToolCall[], results: readonly ToolResult[]): string[] {
  const problems: string[] = [];
  const open = new Set(calls.map((call) => call.id));
  results.forEach((result, index) => {
    if (!open.has(result.toolCallId)) {
      problems.push(
        `${where}.toolResults[${index}].toolCallId: "${result.toolCallId}" answers no open call of the previous turn`,
      );
    }
    open.delete(result.toolCallId);
    if (result.isError === true && result.output.trim() === '') {
      problems.push(`${where}.toolResults[${index}].output: an error result needs a message`);
    }
  });
  if (open.size > 0) problems.push(`${where}: no result for tool call(s) ${[...open].join(', ')}`);
  return problems;
}
