import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallFigures, TurnCalls } from '../store/console-store.ts';
import { CONSOLE_TEXT_CHARS, shapeConsoleTurns } from './shape-console-turns.ts';

function call(kind: CallFigures['kind'], costUSD: number, extra: Partial<CallFigures> = {}): CallFigures {
  return {
    kind,
    modelId: kind === 'main' ? 'sonnet' : 'haiku',
    inputTokens: 10,
    outputTokens: 5,
    cacheReadInputTokens: kind === 'main' ? 2_000 : 0,
    cacheWriteInputTokens: 100,
    naiveInputTokens: kind === 'main' ? 6_000 : 0,
    costUSD,
    naiveCostUSD: kind === 'main' ? 0.02 : 0,
    cacheMissReason: null,
    promptLayers: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...extra,
  };
}

const layers = (window: number) => ({
  tools: 1_500,
  system: 300,
  summary: 0,
  window,
  currentRun: 20,
  cachePoints: [{ layer: 'system', ttl: '1h' as const, prefixTokens: 1_800 }, {
    layer: 'request-end',
    ttl: '5m' as const,
    prefixTokens: 1_800 + window,
  }],
});

function turn(turnId: string, calls: CallFigures[], userText: string | null = 'Book a table for two'): TurnCalls {
  return {
    turnId,
    status: 'complete',
    startedAt: '2026-03-02T09:00:00.000Z',
    finishedAt: null,
    errorCode: null,
    userText,
    calls,
  };
}

describe('shapeConsoleTurns', () => {
  it('sums each turn, keeps running totals, and takes the layers of its last main call', () => {
    const shaped = shapeConsoleTurns([
      turn('a', [
        call('selector', 0.001),
        call('main', 0.004, { cacheMissReason: 'first-call', promptLayers: layers(0) }),
        call('main', 0.002, { promptLayers: layers(120) }),
        call('summariser', 0.001),
      ]),
      turn('b', [call('main', 0.003, { promptLayers: layers(200) })], 'x'.repeat(1_000)),
    ]);
    assert.deepEqual(shaped.map((t) => [t.index, t.calls.length, t.cacheMissReason]), [[1, 4, 'first-call'], [
      2,
      1,
      null,
    ]]);
    assert.ok(Math.abs((shaped[0]?.costUSD ?? 0) - 0.008) < 1e-12);
    assert.equal(shaped[0]?.naiveCostUSD, 0.04);
    assert.equal(shaped[0]?.cacheReadInputTokens, 4_000);
    assert.equal(shaped[0]?.layers?.window, 120);
    assert.deepEqual(shaped[0]?.calls[1]?.cacheTtls, ['1h', '5m']);
    assert.ok(Math.abs((shaped[1]?.cumulativeCostUSD ?? 0) - 0.011) < 1e-12);
    assert.equal(shaped[1]?.cumulativeNaiveCostUSD, 0.06);
    assert.equal(shaped[1]?.userText?.length, CONSOLE_TEXT_CHARS);
    assert.equal(shaped[1]?.savingPercent, 85);
  });

  it('shows a turn without recorded layers (older rows, or a failed turn) with null layers', () => {
    const [only] = shapeConsoleTurns([turn('c', [call('main', 0.01)], null)]);
    assert.equal(only?.layers, null);
    assert.equal(only?.userText, null);
  });
});
