// ADR 0028: the system prompt only NAMES the asset ids; the model fetches each asset once per session with `get_asset`.
import type { ToolDefinition } from '../types/index.ts';

export const GET_ASSET_TOOL_NAME = 'get_asset';

const GET_ASSET_DESCRIPTION =
  'Returns the full text of a reference asset (rules or instructions) by id. Call it once per asset: the text stays in the conversation.';

/** The built-in standard tool without an id list (any string id; unknown ids get an error listing the valid ones). */
export const GET_ASSET_TOOL: ToolDefinition = Object.freeze({
  name: GET_ASSET_TOOL_NAME,
  description: GET_ASSET_DESCRIPTION,
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({ id: Object.freeze({ type: 'string', description: 'The asset id.' }) }),
    required: Object.freeze(['id']),
  }),
});

/** The ids sorted and deduplicated, so the same set always renders to the same bytes (a stable cached prefix). */
function normaliseIds(assetIds: readonly string[]): string[] {
  return [...new Set(assetIds)].sort();
}

/** `get_asset` whose `id` is an enum of `assetIds` (sorted, deduplicated); GET_ASSET_TOOL when the list is empty. */
export function createGetAssetTool(assetIds: readonly string[]): ToolDefinition {
  const ids = normaliseIds(assetIds);
  if (ids.length === 0) return GET_ASSET_TOOL;
  return {
    name: GET_ASSET_TOOL_NAME,
    description: GET_ASSET_DESCRIPTION,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', enum: ids, description: 'The asset id.' } },
      required: ['id'],
    },
  };
}

/**
 * The system-prompt text naming the asset ids (sorted, deduplicated) and telling the model to call `get_asset(id)` once
 * per asset; '' when there are none. Names only, never asset content: a few dozen tokens plus the ids.
 */
export function renderAssetIndex(assetIds: readonly string[]): string {
  const ids = normaliseIds(assetIds);
  if (ids.length === 0) return '';
  return [
    `Reference assets for this conversation: ${ids.join(', ')}.`,
    `Before relying on one, call ${GET_ASSET_TOOL_NAME} with its id, once per asset: its text then stays in the conversation, so do not request it again.`,
  ].join('\n');
}
