// Model facts by substring of the model id, with overrides first.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClock, DEFAULT_EPOCH_MS } from './clock.ts';
import { FALLBACK_MODEL_FACTS, lookupModelFacts } from './model-table.ts';

describe('lookupModelFacts', () => {
  const cases: [string, number, boolean][] = [
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 1024, true],
    ['anthropic.claude-haiku-4-5-20251001-v1%3A0', 4096, true],
    ['anthropic.claude-3-5-haiku-20241022-v1:0', 2048, false],
    ['anthropic.claude-3-7-sonnet-20250219-v1:0', 1024, false],
    ['anthropic.claude-sonnet-4-20250514-v1:0', 1024, false],
    ['anthropic.claude-opus-4-1-20250805-v1:0', 1024, false],
    ['global.anthropic.claude-opus-4-5-20251101-v1:0', 4096, true],
    ['anthropic.claude-sonnet-4-6', 1024, true],
  ];
  for (const [id, minimum, oneHour] of cases) {
    it(`knows ${id}`, () => {
      const facts = lookupModelFacts(id);
      assert.deepEqual([facts.minimumCacheTokens, facts.supportsOneHourTtl, facts.contextWindow], [
        minimum,
        oneHour,
        200_000,
      ]);
    });
  }

  it('prefers overrides and falls back for unknown ids', () => {
    const small = { ...FALLBACK_MODEL_FACTS, contextWindow: 1000 };
    assert.equal(lookupModelFacts('my-model', [{ match: 'my-model', facts: small }]).contextWindow, 1000);
    assert.equal(lookupModelFacts('unknown-model'), FALLBACK_MODEL_FACTS);
  });
});

describe('createClock', () => {
  it('starts at a fixed epoch, advances and refuses to run back', () => {
    const clock = createClock();
    assert.equal(clock.now(), DEFAULT_EPOCH_MS);
    clock.advance(10);
    assert.equal(clock.now(), DEFAULT_EPOCH_MS + 10);
    assert.throws(() => clock.advance(-1), RangeError);
    clock.set(5);
    assert.equal(clock.now(), 5);
  });
});
