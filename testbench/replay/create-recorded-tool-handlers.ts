// Tool handlers that answer with a recording's outputs: one queue per tool name, in recorded call order.
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import type { Conversation } from './conversation-format.ts';

export type RecordedToolHandlers = {
  /** A handler for every name in `toolNames` (and every tool the recording calls). */
  readonly handlers: ReadonlyMap<string, ToolHandler>;
  /** Calls answered with an error because no recorded output was left for that tool. */
  unmatchedCalls(): number;
  /** Recorded outputs never asked for. */
  unusedOutputs(): number;
};

export type RecordedToolHandlersOptions = {
  readonly conversation: Conversation;
  /** Tools to answer even when the recording never calls them (they get the "no recording" error). */
  readonly toolNames?: readonly string[];
  /** Called with the recorded time of each output served (the replay moves its clock there). */
  readonly onAnswer?: (at: number) => void;
};

type Recorded = { readonly output: string; readonly isError: boolean; readonly at: number };

/**
 * Invariants: the n-th call of a tool gets the n-th recorded output of that tool, whatever its input (a replayed
 * model that calls differently still gets realistic text); a call past the recording gets an error result naming the
 * tool; an empty recorded output stays empty (the turn loop maps it to its own placeholder).
 */
export function createRecordedToolHandlers(options: RecordedToolHandlersOptions): RecordedToolHandlers {
  const queues = new Map<string, Recorded[]>();
  const turns = options.conversation.turns;
  turns.forEach((turn, index) => {
    if (turn.role !== 'assistant' || turn.toolCalls === undefined) return;
    const next = turns[index + 1];
    const results = next?.role === 'tool' ? next.toolResults : [];
    for (const call of turn.toolCalls) {
      const result = results.find((candidate) => candidate.toolCallId === call.id);
      if (result === undefined || next === undefined) continue;
      const queue = queues.get(call.name) ?? [];
      queue.push({ output: result.output, isError: result.isError === true, at: Date.parse(next.at) });
      queues.set(call.name, queue);
    }
  });
  let unmatched = 0;
  const handlers = new Map<string, ToolHandler>();
  for (const name of new Set([...(options.toolNames ?? []), ...queues.keys()])) {
    handlers.set(name, async () => {
      const next = queues.get(name)?.shift();
      if (next === undefined) {
        unmatched += 1;
        return {
          status: 'error',
          text: `Tool ${name}: no recorded output is left for this call in the replayed conversation.`,
        };
      }
      options.onAnswer?.(next.at);
      return { status: next.isError ? 'error' : 'success', text: next.output };
    });
  }
  return {
    handlers,
    unmatchedCalls: () => unmatched,
    unusedOutputs: () => [...queues.values()].reduce((sum, queue) => sum + queue.length, 0),
  };
}
