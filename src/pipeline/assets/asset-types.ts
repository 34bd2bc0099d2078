// Shapes shared by the asset steps (ADR 0028): what a get_asset call resolves to and the pair that gets pinned.
import type { ToolResultBlock, ToolUseBlock } from '../types/index.ts';

export type AssetResolution =
  | { readonly kind: 'first'; readonly text: string }
  | { readonly kind: 'repeat'; readonly text: string }
  | { readonly kind: 'unknown'; readonly text: string };

/** The ORIGINAL get_asset toolUse/toolResult pair of this session, as stored when the asset was first provided. */
export type AssetPair = {
  readonly assetId: string;
  readonly toolUse: ToolUseBlock;
  readonly toolResult: ToolResultBlock;
};
