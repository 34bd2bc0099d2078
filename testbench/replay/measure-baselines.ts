// Measures a conversation's three baselines, in this thread or in one worker thread per baseline (same code, same results).
import { Worker } from 'node:worker_threads';
import { BASELINE_KINDS, type BaselineKind, type WireToolSpec } from './build-baseline-request.ts';
import type { BaselineWorkerData } from './baseline-worker.ts';
import type { Conversation } from './conversation-format.ts';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { type BaselineCallResult, createBaselineRunner } from './run-baselines.ts';

export type BaselineCallFigures = {
  readonly exchange: number;
  readonly step: number;
  readonly results: Readonly<Record<BaselineKind, BaselineCallResult>>;
};

export type MeasureBaselinesOptions = {
  readonly conversation: Conversation;
  readonly modelId: string;
  readonly tools: readonly WireToolSpec[];
  /** One worker thread per baseline: the three simulators then run beside the replay (Node only; needs tsx for .ts). */
  readonly inWorkers?: boolean;
  /** Called once per baseline request measured. */
  readonly onProgress?: () => void;
};

/**
 * Invariants: one entry per recorded call (listRecordedCalls order) with every baseline's result; each baseline keeps
 * its own simulator whichever way it runs, so workers change the wall time, never a figure. A worker failure rejects.
 */
export async function measureBaselines(options: MeasureBaselinesOptions): Promise<readonly BaselineCallFigures[]> {
  const calls = listRecordedCalls(options.conversation);
  const system = options.conversation.system ?? '';
  if (options.inWorkers !== true) {
    const runner = createBaselineRunner({ modelId: options.modelId, system, tools: options.tools });
    const figures: BaselineCallFigures[] = [];
    for (const call of calls) {
      figures.push({ exchange: call.exchange, step: call.step, results: await runner.run(call) });
      for (let index = 0; index < BASELINE_KINDS.length; index += 1) options.onProgress?.();
    }
    return figures;
  }
  const perKind = await Promise.all(
    BASELINE_KINDS.map((kind) =>
      runWorker(
        { conversation: options.conversation, modelId: options.modelId, system, tools: options.tools, kind },
        options.onProgress,
      )
    ),
  );
  return calls.map((call, index) => ({
    exchange: call.exchange,
    step: call.step,
    results: Object.fromEntries(
      BASELINE_KINDS.map((kind, kindIndex) => [kind, perKind[kindIndex]?.[index] as BaselineCallResult]),
    ) as Record<BaselineKind, BaselineCallResult>,
  }));
}

function runWorker(data: BaselineWorkerData, onProgress: (() => void) | undefined): Promise<BaselineCallResult[]> {
  return new Promise((resolve, reject) => {
    const results: BaselineCallResult[] = [];
    // Deno runs TypeScript workers itself; on Node the bootstrap registers tsx's loader inside the worker first.
    const entry = 'Deno' in globalThis ? './baseline-worker.ts' : './baseline-worker-bootstrap.mjs';
    const worker = new Worker(new URL(entry, import.meta.url), { workerData: data });
    worker.on('message', (message: { type: 'result'; result: BaselineCallResult } | { type: 'done' }) => {
      if (message.type === 'result') {
        results.push(message.result);
        onProgress?.();
      } else resolve(results);
    });
    worker.on('error', reject);
    worker.on(
      'exit',
      (
        code,
      ) => (code === 0 ? resolve(results) : reject(new Error(`baseline worker ${data.kind} exited with code ${code}`))),
    );
  });
}
