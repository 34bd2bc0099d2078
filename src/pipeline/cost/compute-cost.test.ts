import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computeCost, computeSavingPercent, computeUncachedCost } from './compute-cost.ts';

const SONNET = { input: 3, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3, output: 15 };
const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);

describe('computeCost', () => {
  const cases = [
    {
      name: 'charges plain input and output',
      usage: { inputTokens: 1_000_000, outputTokens: 0, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 },
      expected: 3,
    },
    {
      name: 'charges cache reads at the read price',
      usage: { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 1_000_000, cacheWriteInputTokens: 0 },
      expected: 0.3,
    },
    {
      name: 'charges writes at 5m unless details say 1h',
      usage: {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheWriteInputTokens: 2_000_000,
        cacheDetails: [{ ttl: '1h' as const, inputTokens: 1_000_000 }],
      },
      expected: 3.75 + 6,
    },
    {
      name: 'charges output',
      usage: { inputTokens: 0, outputTokens: 1000, cacheReadInputTokens: 0, cacheWriteInputTokens: 0 },
      expected: 0.015,
    },
  ];
  for (const c of cases) it(c.name, () => close(computeCost(c.usage, SONNET), c.expected));
});

describe('computeUncachedCost', () => {
  it('prices every input token at the input price', () =>
    close(computeUncachedCost(2000, 100, SONNET), 0.006 + 0.0015));
});

describe('computeSavingPercent', () => {
  it('is the share saved against the baseline', () => assert.equal(computeSavingPercent(25, 100), 75));
  it('is 0 for a zero baseline', () => assert.equal(computeSavingPercent(1, 0), 0));
});
