// Worker-thread entry: measures one baseline for a whole run, one conversation per request (see createBaselineMeasurer).
import { parentPort, workerData } from 'node:worker_threads';
import type { BaselineKind, WireToolSpec } from './build-baseline-request.ts';
import type { Conversation } from './conversation-format.ts';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { type BaselineCallResult, createBaselineRunner } from './run-baselines.ts';

/** What the parent passes as `workerData`. */
export type BaselineWorkerData = {
  readonly modelId: string;
  readonly tools: readonly WireToolSpec[];
  readonly kind: BaselineKind;
};

/** The parent's request: measure this conversation's calls (after the run's earlier ones, on the same cache). */
export type BaselineWorkerRequest = { readonly type: 'measure'; readonly conversation: Conversation };

/** One result per recorded call, in order, then `done`. */
export type BaselineWorkerReply =
  | { readonly type: 'result'; readonly result: BaselineCallResult }
  | { readonly type: 'done' };

const data = workerData as BaselineWorkerData;
const runner = createBaselineRunner({ modelId: data.modelId, tools: data.tools });
// Requests come one at a time (the parent waits for `done`), so the calls reach the simulator in the run's order.
parentPort?.on('message', async (request: BaselineWorkerRequest) => {
  for (const call of listRecordedCalls(request.conversation)) {
    const reply: BaselineWorkerReply = {
      type: 'result',
      result: await runner.runKind(data.kind, call, request.conversation.system ?? ''),
    };
    parentPort?.postMessage(reply);
  }
  const done: BaselineWorkerReply = { type: 'done' };
  parentPort?.postMessage(done);
});
