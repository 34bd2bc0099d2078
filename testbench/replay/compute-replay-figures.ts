// The numbers a replay reports: per conversation and in total, ours against each baseline, from reported usage only.
import { lookupModelFacts } from '../../src/config/models.ts';
import { BASELINE_KINDS, type BaselineKind } from './build-baseline-request.ts';
import type { CallKind } from './create-recording-model-caller.ts';
import { priceUsage } from './price-usage.ts';
import type { ConversationReplay } from './replay-conversation.ts';
import { addSides, emptySide, type SideFigures, tallyCall } from './tally-side.ts';
import { countToolCalls, type ToolCallFigures } from './count-tool-calls.ts';

export type { SideFigures, ToolCallFigures };
export type Side = 'ours' | BaselineKind;
export const SIDES: readonly Side[] = ['ours', ...BASELINE_KINDS];

export type FigureOptions = {
  readonly mainModelId: string;
  /** The prompt cap (TurnSettings.maxInputTokens). */
  readonly maxInputTokens: number;
  /** A main call within this long of the previous one is expected to read the cache. */
  readonly ttlMs: number;
};

export type ToolListChangeFigures = {
  readonly changes: number;
  /** …of which within a user turn (after find_tools). */
  readonly withinTurn: number;
  /** What the changed calls paid for their cache writes above the cache-read price (the prefix read otherwise). */
  readonly costUsd: number;
};

/** One point per user turn: the largest main prompt of the turn and the cost so far. */
export type TurnPoint = {
  readonly promptTokens: Readonly<Record<Side, number>>;
  readonly cumulativeCostUsd: Readonly<Record<Side, number>>;
};

export type ConversationFigures = {
  readonly id: string;
  readonly userTurns: number;
  readonly sides: Readonly<Record<Side, SideFigures>>;
  /** Our calls by kind (selector and summariser priced at the cheap model's prices). */
  readonly ourKinds: Readonly<
    Record<
      CallKind,
      {
        readonly calls: number;
        readonly promptTokens: number;
        readonly billedInputUsd: number;
        readonly totalUsd: number;
      }
    >
  >;
  readonly failedTurns: number;
  readonly persistedTurns: number;
  readonly ledgerCostUsd: number;
  readonly maxSummaryTokens: number;
  readonly maxWindowMessages: number;
  /** Exchanges where our main calls and the recording's calls differ in number (output tokens are then paired by index). */
  readonly misalignedExchanges: number;
  readonly scriptLeft: number;
  readonly unmatchedToolCalls: number;
  /**
   * The recording's tool calls and what became of them (a tool list that never changes would be cheap and useless, so
   * this is the quality check beside the cost): offered on the first try, recovered through find_tools, or missed.
   */
  readonly toolCalls: ToolCallFigures;
  /** Main calls whose tool list (names, in order) differs from the previous main call's, and what they cost. */
  readonly toolListChanges: ToolListChangeFigures;
  readonly points: readonly TurnPoint[];
};

/**
 * Invariants: every figure derives from usage the model (simulator) reported; each baseline call is charged the output
 * tokens of our main call at the same index of the same exchange (0 past our last call; our extra calls' output goes
 * to the exchange's last baseline call), so totals differ only by input.
 */
export function computeConversationFigures(replay: ConversationReplay, options: FigureOptions): ConversationFigures {
  const sides = Object.fromEntries(SIDES.map((side) => [side, emptySide()])) as Record<Side, SideFigures>;
  const ourKinds = { main: zeroKind(), selector: zeroKind(), summariser: zeroKind() };
  const previousAt: Partial<Record<Side, number>> = {};
  const cumulative = Object.fromEntries(SIDES.map((side) => [side, 0])) as Record<Side, number>;
  const points: TurnPoint[] = [];
  const window = lookupModelFacts(options.mainModelId).contextWindow;
  const limits = { cap: options.maxInputTokens, window, ttlMs: options.ttlMs };
  let misalignedExchanges = 0;
  for (const turn of replay.turns) {
    const peak = Object.fromEntries(SIDES.map((side) => [side, 0])) as Record<Side, number>;
    const outputs: number[] = [];
    for (const call of turn.calls) {
      const priced = priceUsage(call.usage, call.modelId);
      const kind = ourKinds[call.kind];
      kind.calls += 1;
      kind.promptTokens += call.promptTokens;
      kind.billedInputUsd += priced.billedInputUsd;
      kind.totalUsd += priced.totalUsd;
      cumulative.ours += priced.totalUsd;
      if (call.kind !== 'main') {
        const status = call.error === undefined ? 200 : call.error.bedrockError === 'ValidationException' ? 400 : 500;
        tallyCall(
          sides.ours,
          { ...call, isMain: false, priced, status, validationError: status === 400 },
          previousAt,
          'ours',
          limits,
        );
        continue;
      }
      outputs.push(call.usage.outputTokens);
      peak.ours = Math.max(peak.ours, call.promptTokens);
      const status = call.error === undefined ? 200 : call.error.bedrockError === 'ValidationException' ? 400 : 500;
      tallyCall(
        sides.ours,
        { ...call, isMain: true, priced, status, validationError: status === 400 },
        previousAt,
        'ours',
        limits,
      );
    }
    const baselineCalls = replay.baselineCalls.filter((call) => call.exchange === turn.exchange);
    if (baselineCalls.length !== outputs.length) misalignedExchanges += 1;
    const surplus = outputs.slice(baselineCalls.length).reduce((sum, tokens) => sum + tokens, 0);
    baselineCalls.forEach((call, index) => {
      const outputTokens = (outputs[index] ?? 0) + (index === baselineCalls.length - 1 ? surplus : 0);
      for (const kind of BASELINE_KINDS) {
        const result = call.results[kind];
        const usage = { ...result.usage, outputTokens };
        const priced = priceUsage(usage, options.mainModelId);
        cumulative[kind] += priced.totalUsd;
        peak[kind] = Math.max(peak[kind], result.promptTokens);
        tallyCall(
          sides[kind],
          {
            at: result.at,
            usage,
            promptTokens: result.promptTokens,
            isMain: true,
            priced,
            status: result.status,
            validationError: result.status === 400,
          },
          previousAt,
          kind,
          limits,
        );
      }
    });
    points.push({ promptTokens: peak, cumulativeCostUsd: { ...cumulative } });
  }
  const allCalls = replay.turns.flatMap((turn) => turn.calls);
  return {
    id: replay.id,
    userTurns: replay.turns.length,
    sides,
    ourKinds,
    failedTurns: replay.turns.filter((turn) => turn.error !== undefined).length,
    persistedTurns: replay.persisted.turns.complete,
    ledgerCostUsd: replay.persisted.ledger.main.costUSD + replay.persisted.ledger.selector.costUSD +
      replay.persisted.ledger.summariser.costUSD,
    maxSummaryTokens: Math.max(0, ...replay.turns.map((turn) => turn.summaryTokens)),
    maxWindowMessages: Math.max(0, ...allCalls.filter((call) => call.kind === 'main').map((call) => call.messages)),
    misalignedExchanges,
    scriptLeft: replay.turns.reduce((sum, turn) => sum + turn.scriptLeft, 0),
    unmatchedToolCalls: replay.unmatchedToolCalls,
    toolCalls: countToolCalls(replay),
    toolListChanges: countToolListChanges(replay),
    points,
  };
}

function countToolListChanges(replay: ConversationReplay): ToolListChangeFigures {
  let previous: string | undefined;
  let changes = 0;
  let withinTurn = 0;
  let costUsd = 0;
  for (const turn of replay.turns) {
    let first = true;
    for (const call of turn.calls) {
      if (call.kind !== 'main' || call.error !== undefined) continue;
      const list = call.tools.join('\n');
      if (previous !== undefined && list !== previous) {
        changes += 1;
        if (!first) withinTurn += 1;
        const prices = lookupModelFacts(call.modelId).pricePerMillion;
        costUsd += (call.usage.cacheWriteInputTokens * (prices.cacheWrite5m - prices.cacheRead)) / 1_000_000;
      }
      previous = list;
      first = false;
    }
  }
  return { changes, withinTurn, costUsd };
}

/** Sums conversations: side totals add up, maxima take the largest. */
export function sumSides(figures: readonly ConversationFigures[]): Readonly<Record<Side, SideFigures>> {
  return Object.fromEntries(
    SIDES.map((side) => [side, figures.reduce((sum, one) => addSides(sum, one.sides[side]), emptySide())]),
  ) as Record<Side, SideFigures>;
}

function zeroKind() {
  return { calls: 0, promptTokens: 0, billedInputUsd: 0, totalUsd: 0 };
}
