import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TokenCorrection, TokenSample } from './learn-token-correction.ts';
import {
  correctionRatio,
  correctTokens,
  createTokenCorrection,
  MAX_RATIO,
  MIN_RATIO,
  restoreTokenCorrection,
  totalInputTokens,
  updateTokenCorrection,
} from './learn-token-correction.ts';

const SONNET = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const HAIKU = 'anthropic.claude-haiku-4-5-20251001-v1:0';

function learn(samples: readonly TokenSample[], from: TokenCorrection = createTokenCorrection()): TokenCorrection {
  return samples.reduce(updateTokenCorrection, from);
}

describe('createTokenCorrection', () => {
  it('starts with no model learned', () => assert.deepEqual(createTokenCorrection(), { models: [] }));
});

describe('totalInputTokens', () => {
  it('adds the uncached remainder, cache reads and cache writes', () => {
    assert.equal(totalInputTokens({ inputTokens: 12, cacheReadInputTokens: 2048, cacheWriteInputTokens: 300 }), 2360);
  });
});

describe('updateTokenCorrection', () => {
  const cases: readonly { name: string; samples: readonly TokenSample[]; expected: TokenCorrection }[] = [
    {
      name: 'takes the first ratio as it is',
      samples: [{ modelId: SONNET, estimated: 1000, actual: 900 }],
      expected: { models: [['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: 0.9, samples: 1 }]] },
    },
    {
      name: 'averages the first samples plainly',
      samples: [
        { modelId: SONNET, estimated: 1000, actual: 900 },
        { modelId: SONNET, estimated: 1000, actual: 1100 },
      ],
      expected: { models: [['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: 1, samples: 2 }]] },
    },
    {
      name: 'shares one ratio between an inference profile and its base model',
      samples: [
        { modelId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0', estimated: 1000, actual: 800 },
        { modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', estimated: 1000, actual: 800 },
      ],
      expected: { models: [['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: 0.8, samples: 2 }]] },
    },
    {
      name: 'keeps models apart, the latest updated last',
      samples: [
        { modelId: HAIKU, estimated: 1000, actual: 700 },
        { modelId: SONNET, estimated: 1000, actual: 900 },
        { modelId: HAIKU, estimated: 1000, actual: 700 },
      ],
      expected: {
        models: [
          ['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: 0.9, samples: 1 }],
          ['anthropic.claude-haiku-4-5-20251001-v1:0', { ratio: 0.7, samples: 2 }],
        ],
      },
    },
    {
      name: 'clamps the ratio at the top',
      samples: [{ modelId: SONNET, estimated: 1000, actual: 4000 }],
      expected: { models: [['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: MAX_RATIO, samples: 1 }]] },
    },
    {
      name: 'clamps the ratio at the bottom',
      samples: [{ modelId: SONNET, estimated: 1000, actual: 300 }],
      expected: { models: [['anthropic.claude-sonnet-4-5-20250929-v1:0', { ratio: MIN_RATIO, samples: 1 }]] },
    },
    {
      name: 'ignores a zero actual',
      samples: [{ modelId: SONNET, estimated: 1000, actual: 0 }],
      expected: { models: [] },
    },
    {
      name: 'ignores a negative estimate',
      samples: [{ modelId: SONNET, estimated: -5, actual: 100 }],
      expected: { models: [] },
    },
    {
      name: 'ignores NaN and infinity',
      samples: [{ modelId: SONNET, estimated: Number.NaN, actual: 100 }, {
        modelId: SONNET,
        estimated: 1000,
        actual: Number.POSITIVE_INFINITY,
      }],
      expected: { models: [] },
    },
    {
      name: 'ignores tiny requests dominated by framing',
      samples: [{ modelId: SONNET, estimated: 10, actual: 9 }],
      expected: { models: [] },
    },
    {
      name: 'ignores ratios too wild to be tokenizer drift',
      samples: [{ modelId: SONNET, estimated: 1000, actual: 50_000 }, {
        modelId: SONNET,
        estimated: 50_000,
        actual: 1000,
      }],
      expected: { models: [] },
    },
    {
      name: 'ignores an empty model id',
      samples: [{ modelId: ' ', estimated: 1000, actual: 900 }],
      expected: { models: [] },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(learn(c.samples), c.expected));

  it('weights recent samples exponentially once warmed up', () => {
    const warm = learn(Array.from({ length: 20 }, () => ({ modelId: SONNET, estimated: 1000, actual: 1000 })));
    const next = updateTokenCorrection(warm, { modelId: SONNET, estimated: 1000, actual: 1500 });
    assert.ok(Math.abs((next.models[0]?.[1].ratio ?? 0) - 1.1) < 1e-12);
  });

  it('returns the same state for an ignored sample and never mutates its input', () => {
    const state = learn([{ modelId: SONNET, estimated: 1000, actual: 900 }]);
    const frozen = structuredClone(state);
    assert.equal(updateTokenCorrection(state, { modelId: SONNET, estimated: 0, actual: 900 }), state);
    updateTokenCorrection(state, { modelId: SONNET, estimated: 1000, actual: 1200 });
    assert.deepEqual(state, frozen);
  });

  it('remembers at most 16 models, forgetting the least recently updated', () => {
    const state = learn(
      Array.from({ length: 20 }, (_, index) => ({ modelId: `model-${index}`, estimated: 1000, actual: 1000 })),
    );
    assert.equal(state.models.length, 16);
    assert.equal(state.models[0]?.[0], 'model-4');
    assert.equal(state.models[15]?.[0], 'model-19');
  });
});

describe('correctTokens', () => {
  const state = learn([{ modelId: SONNET, estimated: 1000, actual: 850 }]);
  const cases = [
    {
      name: 'applies the learned ratio, rounding up',
      modelId: SONNET,
      estimated: 1001,
      expected: { estimate: 1001, corrected: 851 },
    },
    {
      name: 'finds the ratio through another inference profile',
      modelId: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
      estimated: 200,
      expected: { estimate: 200, corrected: 170 },
    },
    {
      name: 'leaves an unknown model alone',
      modelId: HAIKU,
      estimated: 1000,
      expected: { estimate: 1000, corrected: 1000 },
    },
    { name: 'keeps 0 at 0', modelId: SONNET, estimated: 0, expected: { estimate: 0, corrected: 0 } },
    {
      name: 'treats a nonsense estimate as 0',
      modelId: SONNET,
      estimated: Number.NaN,
      expected: { estimate: 0, corrected: 0 },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(correctTokens(state, c.modelId, c.estimated), c.expected));
});

describe('restoreTokenCorrection', () => {
  it('rebuilds what was stored, so a fresh process corrects as the one that learned', () => {
    const learned = learn([
      { modelId: SONNET, estimated: 1000, actual: 1180 },
      { modelId: HAIKU, estimated: 2000, actual: 1900 },
    ]);
    const stored = learned.models.map(([modelKey, { ratio, samples }]) => ({ modelKey, ratio, samples }));
    const restored = restoreTokenCorrection(stored);
    assert.deepEqual(restored, learned);
    assert.deepEqual(correctTokens(restored, SONNET, 500), { estimate: 500, corrected: 590 });
    assert.equal(correctionRatio(restored, 'eu.anthropic.claude-haiku-4-5-20251001-v1:0'), 0.95);
    assert.equal(correctionRatio(restored, 'amazon.nova-pro-v1:0'), 1);
  });

  it('clamps ratios edited out of range and skips entries it cannot use', () => {
    const restored = restoreTokenCorrection([
      { modelKey: 'anthropic.claude-sonnet-4-5', ratio: 9, samples: 3 },
      { modelKey: '', ratio: 1.1, samples: 3 },
      { modelKey: 'anthropic.claude-haiku-4-5', ratio: Number.NaN, samples: 3 },
      { modelKey: 'anthropic.claude-opus-4-1', ratio: 0.1, samples: -1 },
    ]);
    assert.deepEqual(restored, { models: [['anthropic.claude-sonnet-4-5', { ratio: MAX_RATIO, samples: 3 }]] });
  });

  it('keeps the sixteen most recently updated models', () => {
    const entries = Array.from({ length: 20 }, (_, index) => ({ modelKey: `model-${index}`, ratio: 1, samples: 1 }));
    const restored = restoreTokenCorrection(entries);
    assert.equal(restored.models.length, 16);
    assert.equal(restored.models[0]?.[0], 'model-4');
  });
});
