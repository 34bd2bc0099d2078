import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summariseComparison } from './summarise-comparison.ts';
import { emptySide } from './tally-side.ts';

const side = (billedInputUsd: number) => ({ ...emptySide(), billedInputUsd });
const SIDES = { ours: side(4.85), naive: side(200), 'naive-cached': side(30), 'window-cached': side(10) };

describe('summariseComparison', () => {
  it("compares our billed input with the cheaper cached baseline, and all-in with our cheap model's replies added", () => {
    const comparison = summariseComparison(SIDES, 0.21);
    assert.equal(comparison.bestCached, 'window-cached');
    assert.ok(Math.abs(comparison.percentOfBestCached - 48.5) < 1e-9);
    assert.ok(Math.abs(comparison.allInPercentOfBestCached - 50.6) < 1e-9);
    assert.ok(Math.abs(comparison.percentOfNaive - 2.425) < 1e-9);
  });

  it('reads all-in as billed input when no reply cost is given', () => {
    const comparison = summariseComparison(SIDES);
    assert.equal(comparison.allInPercentOfBestCached, comparison.percentOfBestCached);
  });
});
