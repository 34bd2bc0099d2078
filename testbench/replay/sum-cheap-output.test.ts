import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sumCheapOutputUsd } from './sum-cheap-output.ts';

const kind = (billedInputUsd: number, totalUsd: number) => ({ calls: 1, promptTokens: 100, billedInputUsd, totalUsd });

describe('sumCheapOutputUsd', () => {
  it('adds the selector and summariser replies of every conversation, never the main calls', () => {
    const conversations = [
      { ourKinds: { main: kind(1, 5), selector: kind(0.1, 0.15), summariser: kind(0.2, 0.5) } },
      { ourKinds: { main: kind(2, 9), selector: kind(0, 0), summariser: kind(0.3, 0.35) } },
    ];
    assert.ok(Math.abs(sumCheapOutputUsd(conversations) - (0.05 + 0.3 + 0 + 0.05)) < 1e-12);
    assert.equal(sumCheapOutputUsd([]), 0);
  });
});
