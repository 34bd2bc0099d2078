import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { estimateTextTokens } from '../tokens/index.ts';
import { createGetAssetTool, GET_ASSET_TOOL, renderAssetIndex } from './render-asset-index.ts';

const ADR_IDS = ['summary_prompt_chat', 'ctx_rules', 'entry_prompt_chat', 'ctx_prompt_chat', 'ctx_rules'];

describe('renderAssetIndex', () => {
  it('names the ids (sorted, once each) and tells the model to call get_asset once', () => {
    const text = renderAssetIndex(ADR_IDS);
    assert.match(text, /ctx_prompt_chat, ctx_rules, entry_prompt_chat, summary_prompt_chat\./u);
    assert.match(text, /call get_asset with its id, once per asset/u);
    assert.equal(text, renderAssetIndex([...ADR_IDS].reverse()));
  });

  it('stays well under 200 tokens for the ADR assets', () => {
    assert.ok(
      estimateTextTokens(renderAssetIndex(ADR_IDS)) < 200,
      'expected: estimateTextTokens(renderAssetIndex(ADR_IDS)) < 200',
    );
  });

  it('is empty without assets', () => {
    assert.equal(renderAssetIndex([]), '');
  });
});

describe('createGetAssetTool', () => {
  it('lists the ids as an enum', () => {
    assert.deepEqual(createGetAssetTool(ADR_IDS).inputSchema, {
      type: 'object',
      properties: {
        id: {
          type: 'string',
          enum: ['ctx_prompt_chat', 'ctx_rules', 'entry_prompt_chat', 'summary_prompt_chat'],
          description: 'The asset id.',
        },
      },
      required: ['id'],
    });
  });

  it('falls back to the plain tool without ids', () => {
    assert.equal(createGetAssetTool([]), GET_ASSET_TOOL);
    assert.equal(GET_ASSET_TOOL.name, 'get_asset');
    assert.equal(GET_ASSET_TOOL.inputSchema['type'], 'object');
  });
});
