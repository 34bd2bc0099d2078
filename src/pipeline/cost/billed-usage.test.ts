import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pickBilledUsage, sumBilledUsage } from './billed-usage.ts';

// A main call that read the cached prefix and a summariser call: the shapes a turn's ledger rows have.
const mainCall = {
  turnId: 'turn-1',
  kind: 'main',
  inputTokens: 420,
  outputTokens: 180,
  cacheReadInputTokens: 6_100,
  cacheWriteInputTokens: 900,
  costUSD: 0.008_5,
  naiveCostUSD: 0.061,
  cacheMissReason: null,
};
const summariserCall = {
  turnId: 'turn-1',
  kind: 'summariser',
  inputTokens: 2_300,
  outputTokens: 310,
  cacheReadInputTokens: 0,
  cacheWriteInputTokens: 0,
  costUSD: 0.003_9,
  naiveCostUSD: 0,
  cacheMissReason: null,
};

describe('sumBilledUsage', () => {
  it('adds every token count and both costs, and returns only the usage fields', () => {
    const total = sumBilledUsage([mainCall, summariserCall]);
    assert.deepEqual(Object.keys(total).sort(), [
      'cacheReadInputTokens',
      'cacheWriteInputTokens',
      'costUSD',
      'inputTokens',
      'naiveCostUSD',
      'outputTokens',
    ]);
    assert.equal(total.inputTokens, 2_720);
    assert.equal(total.outputTokens, 490);
    assert.equal(total.cacheReadInputTokens, 6_100);
    assert.equal(total.cacheWriteInputTokens, 900);
    assert.ok(Math.abs(total.costUSD - 0.012_4) < 1e-12);
    assert.ok(Math.abs(total.naiveCostUSD - 0.061) < 1e-12);
  });

  it('is all zeros for a turn that made no call', () => {
    assert.deepEqual(sumBilledUsage([]), {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheWriteInputTokens: 0,
      costUSD: 0,
      naiveCostUSD: 0,
    });
  });
});

describe('pickBilledUsage', () => {
  it('drops what a ledger row carries beyond the usage', () => {
    assert.deepEqual(pickBilledUsage(mainCall), {
      inputTokens: 420,
      outputTokens: 180,
      cacheReadInputTokens: 6_100,
      cacheWriteInputTokens: 900,
      costUSD: 0.008_5,
      naiveCostUSD: 0.061,
    });
  });
});
