// Measures each conversation's three baselines, in this thread or in one worker thread per baseline (same code, same results).
import { Worker } from 'node:worker_threads';
import { BASELINE_KINDS, type BaselineKind, type WireToolSpec } from './build-baseline-request.ts';
import type { BaselineWorkerData, BaselineWorkerReply, BaselineWorkerRequest } from './baseline-worker.ts';
import type { Conversation } from './conversation-format.ts';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { type BaselineCallResult, createBaselineRunner } from './run-baselines.ts';

export type BaselineCallFigures = {
  readonly exchange: number;
  readonly step: number;
  readonly results: Readonly<Record<BaselineKind, BaselineCallResult>>;
};

export type BaselineMeasurerOptions = {
  readonly modelId: string;
  readonly tools: readonly WireToolSpec[];
  /** One worker thread per baseline: the three simulators then run beside the replay (Node only; needs tsx for .ts). */
  readonly inWorkers?: boolean;
};

export type BaselineMeasurer = {
  /**
   * Every recorded call of the conversation, one entry each (listRecordedCalls order) with every baseline's result.
   * Conversations are measured one after another, in the run's order (a call while another runs rejects).
   * `onProgress` is called once per baseline request measured.
   */
  measure(conversation: Conversation, onProgress?: () => void): Promise<readonly BaselineCallFigures[]>;
  /** Stops the workers; the measurer takes no conversation after it. */
  close(): Promise<void>;
};

/**
 * One measurer per replay run. Invariants: each baseline keeps one simulator for the whole run (see
 * createBaselineRunner), so a conversation's baselines read what the run's earlier conversations cached, as ours do;
 * workers change the wall time, never a figure. A worker failure rejects the measurement under way and every later one.
 */
export function createBaselineMeasurer(options: BaselineMeasurerOptions): BaselineMeasurer {
  let busy = false;
  let closed = false;
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) throw new Error('createBaselineMeasurer: closed, it measures no more conversations');
    if (busy) throw new Error('createBaselineMeasurer: measure one conversation at a time');
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  };
  if (options.inWorkers !== true) {
    const runner = createBaselineRunner({ modelId: options.modelId, tools: options.tools });
    return {
      measure: (conversation, onProgress) =>
        exclusive(async () => {
          const figures: BaselineCallFigures[] = [];
          for (const call of listRecordedCalls(conversation)) {
            figures.push({
              exchange: call.exchange,
              step: call.step,
              results: await runner.run(call, conversation.system ?? ''),
            });
            for (let index = 0; index < BASELINE_KINDS.length; index += 1) onProgress?.();
          }
          return figures;
        }),
      close: async () => {
        closed = true;
      },
    };
  }
  const workers = BASELINE_KINDS.map((kind) => startWorker({ modelId: options.modelId, tools: options.tools, kind }));
  return {
    measure: (conversation, onProgress) =>
      exclusive(async () => {
        const calls = listRecordedCalls(conversation);
        const perKind = await Promise.all(workers.map((worker) => worker.measure(conversation, onProgress)));
        return calls.map((call, index) => ({
          exchange: call.exchange,
          step: call.step,
          results: Object.fromEntries(
            BASELINE_KINDS.map((kind, kindIndex) => [kind, perKind[kindIndex]?.[index] as BaselineCallResult]),
          ) as Record<BaselineKind, BaselineCallResult>,
        }));
      }),
    close: async () => {
      closed = true;
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}

type BaselineWorker = {
  measure(conversation: Conversation, onProgress: (() => void) | undefined): Promise<BaselineCallResult[]>;
  close(): Promise<void>;
};

/** One worker thread measuring one baseline for the whole run; it answers one conversation at a time. */
function startWorker(data: BaselineWorkerData): BaselineWorker {
  // Deno runs TypeScript workers itself; on Node the bootstrap registers tsx's loader inside the worker first.
  const entry = 'Deno' in globalThis ? './baseline-worker.ts' : './baseline-worker-bootstrap.mjs';
  const worker = new Worker(new URL(entry, import.meta.url), { workerData: data });
  let failure: Error | undefined;
  let closing = false;
  let pending:
    | {
      readonly results: BaselineCallResult[];
      readonly onProgress: (() => void) | undefined;
      resolve(results: BaselineCallResult[]): void;
      reject(error: Error): void;
    }
    | undefined;
  const fail = (error: Error): void => {
    failure ??= error;
    pending?.reject(failure);
    pending = undefined;
  };
  worker.on('message', (message: BaselineWorkerReply) => {
    if (pending === undefined) return;
    if (message.type === 'result') {
      pending.results.push(message.result);
      pending.onProgress?.();
    } else {
      pending.resolve(pending.results);
      pending = undefined;
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!closing || pending !== undefined) fail(new Error(`baseline worker ${data.kind} exited with code ${code}`));
  });
  return {
    measure: (conversation, onProgress) =>
      new Promise((resolve, reject) => {
        if (failure !== undefined) {
          reject(failure);
          return;
        }
        pending = { results: [], onProgress, resolve, reject };
        const request: BaselineWorkerRequest = { type: 'measure', conversation };
        worker.postMessage(request);
      }),
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  };
}
