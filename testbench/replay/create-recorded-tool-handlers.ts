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
  /** Drops the next recorded output of a tool: the call the replayed model could not make (a miss). */
  skip(name: string): void;
  /**
   * Ends an exchange whose recording called `recordedNames` (one entry per call): outputs of those calls that were
   * neither served nor skipped (a call the turn never ran, e.g. at the step cap) are dropped, so the next exchange
   * gets its own outputs. Returns how many were dropped.
   */
  settle(recordedNames: readonly string[]): number;
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
  /** Outputs taken (served or skipped) per tool since the last settle. */
  const taken = new Map<string, number>();
  const take = (name: string): Recorded | undefined => {
    const next = queues.get(name)?.shift();
    if (next !== undefined) taken.set(name, (taken.get(name) ?? 0) + 1);
    return next;
  };
  const handlers = new Map<string, ToolHandler>();
  for (const name of new Set([...(options.toolNames ?? []), ...queues.keys()])) {
    handlers.set(name, async () => {
      const next = take(name);
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
    skip: (name) => void take(name),
    settle(recordedNames) {
      const expected = new Map<string, number>();
      for (const name of recordedNames) expected.set(name, (expected.get(name) ?? 0) + 1);
      let dropped = 0;
      for (const [name, count] of expected) {
        for (let left = count - (taken.get(name) ?? 0); left > 0 && take(name) !== undefined; left -= 1) dropped += 1;
      }
      taken.clear();
      return dropped;
    },
  };
}
