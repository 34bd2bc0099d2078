import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AssetPair } from './asset-types.ts';
import {
  assistantCalls,
  numbered,
  toolResult,
  toolUse,
  userResults,
  userText,
} from '../test-support/conversation-builders.test-support.ts';
import { pinAssets } from './pin-assets.ts';
import type { PinAssetsOptions } from './pin-assets.ts';

function assetPair(assetId: string, id: string): AssetPair {
  return {
    assetId,
    toolUse: toolUse(id, 'get_asset', { id: assetId }),
    toolResult: toolResult(id, `text of ${assetId}`),
  };
}

const rules = assetPair('ctx_rules', 'tooluse_rules');
const entry = assetPair('entry_prompt_chat', 'tooluse_entry');
const windowWithEntry = numbered([userText('hi'), assistantCalls(entry.toolUse), userResults(entry.toolResult)], 20);

function run(parts: Partial<PinAssetsOptions>) {
  return pinAssets({
    pairs: [rules, entry],
    window: [],
    session: { turns: 3, tokens: 2_000 },
    limits: { maxTurns: 50, maxTokens: 100_000 },
    ...parts,
  });
}

describe('pinAssets', () => {
  const cases: {
    name: string;
    parts: Partial<PinAssetsOptions>;
    pinned: AssetPair[];
    dropped: { assetId: string; reason: string }[];
  }[] = [
    { name: 'pins every pair outside the window, in order', parts: {}, pinned: [rules, entry], dropped: [] },
    {
      name: 'does not pin a pair that is still in the window',
      parts: { window: windowWithEntry },
      pinned: [rules],
      dropped: [{ assetId: 'entry_prompt_chat', reason: 'in-window' }],
    },
    {
      name: 'pins each asset once',
      parts: { pairs: [rules, assetPair('ctx_rules', 'tooluse_again'), rules] },
      pinned: [rules],
      dropped: [
        { assetId: 'ctx_rules', reason: 'duplicate' },
        { assetId: 'ctx_rules', reason: 'duplicate' },
      ],
    },
    {
      name: 'drops pins once the session reaches the turn limit',
      parts: { session: { turns: 50, tokens: 0 } },
      pinned: [],
      dropped: [
        { assetId: 'ctx_rules', reason: 'session-limit' },
        { assetId: 'entry_prompt_chat', reason: 'session-limit' },
      ],
    },
    {
      name: 'drops pins once the session reaches the token limit',
      parts: { session: { turns: 1, tokens: 4_000 }, limits: { maxTokens: 4_000 } },
      pinned: [],
      dropped: [
        { assetId: 'ctx_rules', reason: 'session-limit' },
        { assetId: 'entry_prompt_chat', reason: 'session-limit' },
      ],
    },
    {
      name: 'never triggers an absent limit',
      parts: { session: { turns: 10_000, tokens: 10_000_000 }, limits: {} },
      pinned: [rules, entry],
      dropped: [],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = run(testCase.parts);
      assert.deepEqual(result, { pinned: testCase.pinned, dropped: testCase.dropped });
      for (const [index, pin] of result.pinned.entries()) {
        assert.equal(pin, testCase.pinned[index], 'the original pair, not a copy');
      }
    });
  }
});
