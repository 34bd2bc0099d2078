// Shapes a conversation's turns and ledger rows into the console's per-turn figures (cost, naive cost, layers, cache).
import { computeSavingPercent } from '../pipeline/cost/index.ts';
import type { CallFigures, TurnCalls } from '../store/console-store.ts';

/** User text shown per turn is cut to this many characters. */
export const CONSOLE_TEXT_CHARS = 280;

export type ConsoleLayers = {
  readonly tools: number;
  readonly system: number;
  readonly summary: number;
  readonly window: number;
  readonly currentRun: number;
};

export type ConsoleCall = {
  readonly kind: CallFigures['kind'];
  readonly modelId: string;
  readonly inputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly outputTokens: number;
  readonly costUSD: number;
  readonly naiveCostUSD: number;
  readonly cacheMissReason: string | null;
  readonly layers: ConsoleLayers | null;
  /** TTLs of the cache points placed, in prefix order (main calls). */
  readonly cacheTtls: readonly string[];
};

export type ConsoleTurn = {
  /** 1-based position among the listed turns. */
  readonly index: number;
  readonly turnId: string;
  readonly status: TurnCalls['status'];
  readonly startedAt: string;
  readonly errorCode: string | null;
  readonly userText: string | null;
  readonly calls: readonly ConsoleCall[];
  /** Layers of the turn's last main call (the largest prompt of the turn); null when none was recorded. */
  readonly layers: ConsoleLayers | null;
  readonly inputTokens: number;
  readonly cacheReadInputTokens: number;
  readonly cacheWriteInputTokens: number;
  readonly outputTokens: number;
  readonly costUSD: number;
  readonly naiveCostUSD: number;
  readonly savingPercent: number;
  /** The first main call's cache-miss cause (null when it read the cache or none was expected). */
  readonly cacheMissReason: string | null;
  readonly cumulativeCostUSD: number;
  readonly cumulativeNaiveCostUSD: number;
};

function toCall(call: CallFigures): ConsoleCall {
  const layers = call.promptLayers;
  return {
    kind: call.kind,
    modelId: call.modelId,
    inputTokens: call.inputTokens,
    cacheReadInputTokens: call.cacheReadInputTokens,
    cacheWriteInputTokens: call.cacheWriteInputTokens,
    outputTokens: call.outputTokens,
    costUSD: call.costUSD,
    naiveCostUSD: call.naiveCostUSD,
    cacheMissReason: call.cacheMissReason,
    layers: layers === null ? null : {
      tools: layers.tools,
      system: layers.system,
      summary: layers.summary,
      window: layers.window,
      currentRun: layers.currentRun,
    },
    cacheTtls: (layers?.cachePoints ?? []).map((point) => point.ttl),
  };
}

/** Sums per turn and running totals; every ledger row counts exactly once. */
export function shapeConsoleTurns(turns: readonly TurnCalls[]): ConsoleTurn[] {
  let cumulativeCost = 0;
  let cumulativeNaive = 0;
  return turns.map((turn, position) => {
    const calls = turn.calls.map(toCall);
    const sum = (pick: (call: ConsoleCall) => number) => calls.reduce((total, call) => total + pick(call), 0);
    const main = calls.filter((call) => call.kind === 'main');
    const costUSD = sum((call) => call.costUSD);
    const naiveCostUSD = sum((call) => call.naiveCostUSD);
    cumulativeCost += costUSD;
    cumulativeNaive += naiveCostUSD;
    return {
      index: position + 1,
      turnId: turn.turnId,
      status: turn.status,
      startedAt: turn.startedAt,
      errorCode: turn.errorCode,
      userText: turn.userText === null ? null : turn.userText.slice(0, CONSOLE_TEXT_CHARS),
      calls,
      layers: main.findLast((call) => call.layers !== null)?.layers ?? null,
      inputTokens: sum((call) => call.inputTokens),
      cacheReadInputTokens: sum((call) => call.cacheReadInputTokens),
      cacheWriteInputTokens: sum((call) => call.cacheWriteInputTokens),
      outputTokens: sum((call) => call.outputTokens),
      costUSD,
      naiveCostUSD,
      savingPercent: computeSavingPercent(costUSD, naiveCostUSD),
      cacheMissReason: main[0]?.cacheMissReason ?? null,
      cumulativeCostUSD: cumulativeCost,
      cumulativeNaiveCostUSD: cumulativeNaive,
    };
  });
}
