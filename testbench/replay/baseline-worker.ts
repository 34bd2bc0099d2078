// Worker-thread entry: measures one baseline of one conversation and posts each result back (see measureBaselines).
import { parentPort, workerData } from 'node:worker_threads';
import type { BaselineKind, WireToolSpec } from './build-baseline-request.ts';
import type { Conversation } from './conversation-format.ts';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { createBaselineRunner } from './run-baselines.ts';

/** What the parent passes as `workerData`. */
export type BaselineWorkerData = {
  readonly conversation: Conversation;
  readonly modelId: string;
  readonly system: string;
  readonly tools: readonly WireToolSpec[];
  readonly kind: BaselineKind;
};

const data = workerData as BaselineWorkerData;
const runner = createBaselineRunner({ modelId: data.modelId, system: data.system, tools: data.tools });
for (const call of listRecordedCalls(data.conversation)) {
  parentPort?.postMessage({ type: 'result', result: await runner.runKind(data.kind, call) });
}
parentPort?.postMessage({ type: 'done' });
