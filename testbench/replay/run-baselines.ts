// Measures the baselines: each on its own simulator (its own cache, kept for the whole run) at the recorded call times.
import {
  createClock,
  createSimulator,
  lookupModelFacts as lookupSimulatorFacts,
  type Simulator,
  type Usage,
} from '../simulator/index.ts';
import {
  BASELINE_KINDS,
  type BaselineKind,
  buildBaselineRequest,
  type WireToolSpec,
} from './build-baseline-request.ts';
import type { RecordedCall } from './list-recorded-calls.ts';

/** Baseline calls only need their input measured: a few output tokens keep them fast. */
export const BASELINE_MAX_TOKENS = 16;

export type BaselineCallResult = {
  /** Epoch ms on the baseline's clock (the recorded time, or later: see createBaselineRunner). */
  readonly at: number;
  readonly status: number;
  /** Usage as the simulator reported it (zeros when it rejected the request). */
  readonly usage: Usage;
  /** inputTokens + cacheReadInputTokens + cacheWriteInputTokens. */
  readonly promptTokens: number;
  /** The simulator's message when status is not 200. */
  readonly error?: string;
};

export type BaselineRunner = {
  /**
   * Sends the call's request of every baseline, with `system` (the conversation's), to that baseline's simulator, with
   * the clock at `call.at` (or later: it never moves back).
   */
  run(call: RecordedCall, system: string): Promise<Readonly<Record<BaselineKind, BaselineCallResult>>>;
  /** The same for one baseline only (a worker measuring one baseline). */
  runKind(kind: BaselineKind, call: RecordedCall, system: string): Promise<BaselineCallResult>;
};

export type BaselineRunnerOptions = {
  readonly modelId: string;
  readonly tools: readonly WireToolSpec[];
};

const ZERO_USAGE: Usage = {
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  cacheReadInputTokens: 0,
  cacheWriteInputTokens: 0,
};

/**
 * One runner per replay run, as ours runs every conversation on one simulator: a prefix one conversation cached (the
 * tools and a system prompt the next conversation shares) serves the next within its TTL, for the baselines as for
 * ours. Invariants: each baseline has a simulator of its own (the three never share a cache) with the real model's
 * facts except an unbounded context window, so a naive prompt past the model's window is still measured (the report
 * counts those calls as over the window instead of losing them); each baseline's clock never moves back.
 */
export function createBaselineRunner(options: BaselineRunnerOptions): BaselineRunner {
  const facts = { ...lookupSimulatorFacts(options.modelId), contextWindow: Number.MAX_SAFE_INTEGER };
  const simulators = new Map<BaselineKind, Simulator>(
    BASELINE_KINDS.map((
      kind,
    ) => [kind, createSimulator({ clock: createClock(0), models: [{ match: '', facts }], seed: kind })]),
  );
  const url = `https://bedrock-runtime.us-east-1.amazonaws.com/model/${encodeURIComponent(options.modelId)}/converse`;
  async function send(kind: BaselineKind, call: RecordedCall, system: string): Promise<BaselineCallResult> {
    const simulator = simulators.get(kind) as Simulator;
    simulator.clock.set(Math.max(simulator.clock.now(), call.at));
    // The time the call is made: the recorded one, unless an earlier conversation of the run ended after it.
    const at = simulator.clock.now();
    const body = buildBaselineRequest({
      kind,
      system,
      tools: options.tools,
      history: call.history,
      maxTokens: BASELINE_MAX_TOKENS,
    });
    const response = await simulator.fetch(
      new Request(url, {
        method: 'POST',
        headers: { authorization: 'Bearer replay', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const answer = (await response.json()) as { usage?: Usage; message?: string };
    // Only the newest entry is needed: keep the log from holding every full-history request.
    simulator.log.clear();
    if (response.status !== 200 || answer.usage === undefined) {
      return {
        at,
        status: response.status,
        usage: ZERO_USAGE,
        promptTokens: 0,
        error: answer.message ?? `status ${response.status}`,
      };
    }
    const usage = answer.usage;
    return {
      at,
      status: 200,
      usage,
      promptTokens: usage.inputTokens + usage.cacheReadInputTokens + usage.cacheWriteInputTokens,
    };
  }
  return {
    async run(call, system) {
      const entries = await Promise.all(
        BASELINE_KINDS.map(async (kind) => [kind, await send(kind, call, system)] as const),
      );
      return Object.fromEntries(entries) as Record<BaselineKind, BaselineCallResult>;
    },
    runKind: send,
  };
}
