import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveAssetRequest } from './resolve-asset-request.ts';

const assets = new Map([
  ['ctx_rules', 'Rule 1. Rule 2.'],
  ['entry_prompt_chat', 'Capture entries.'],
  ['empty', ''],
]);

describe('resolveAssetRequest', () => {
  const cases: {
    name: string;
    assetId: unknown;
    exposed: string[];
    expected: ReturnType<typeof resolveAssetRequest>;
  }[] = [
    {
      name: 'gives the full text the first time',
      assetId: 'ctx_rules',
      exposed: [],
      expected: { kind: 'first', text: 'Rule 1. Rule 2.' },
    },
    {
      name: 'gives a short note, not the text, on a repeat',
      assetId: 'ctx_rules',
      exposed: ['ctx_rules'],
      expected: {
        kind: 'repeat',
        text:
          'Asset "ctx_rules" was already provided earlier in this session and is not repeated: use the earlier get_asset result.',
      },
    },
    {
      name: 'gives the text of another asset first time',
      assetId: 'entry_prompt_chat',
      exposed: ['ctx_rules'],
      expected: { kind: 'first', text: 'Capture entries.' },
    },
    {
      name: 'never returns empty text',
      assetId: 'empty',
      exposed: [],
      expected: { kind: 'first', text: '(asset "empty" is empty)' },
    },
    {
      name: 'lists the valid ids for an unknown id',
      assetId: 'nope',
      exposed: [],
      expected: { kind: 'unknown', text: 'Unknown asset id "nope": valid ids: ctx_rules, empty, entry_prompt_chat.' },
    },
    {
      name: 'handles a non-string id from the model',
      assetId: 42,
      exposed: [],
      expected: {
        kind: 'unknown',
        text: 'Unknown asset id a number value: valid ids: ctx_rules, empty, entry_prompt_chat.',
      },
    },
    {
      name: 'treats inherited keys as unknown',
      assetId: 'constructor',
      exposed: [],
      expected: {
        kind: 'unknown',
        text: 'Unknown asset id "constructor": valid ids: ctx_rules, empty, entry_prompt_chat.',
      },
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(
        resolveAssetRequest({ assetId: testCase.assetId, assets, exposedInSession: new Set(testCase.exposed) }),
        testCase.expected,
      );
    });
  }

  it('says when there are no assets at all', () => {
    assert.deepEqual(resolveAssetRequest({ assetId: 'x', assets: new Map(), exposedInSession: new Set() }), {
      kind: 'unknown',
      text: 'Unknown asset id "x": there are no assets in this conversation.',
    });
  });
});
