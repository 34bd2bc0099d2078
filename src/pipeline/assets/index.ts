// Assets (ADR 0028): the system prompt names asset ids, get_asset answers once per session, pinned pairs stay visible.
export type { AssetPair, AssetResolution } from './asset-types.ts';
export { pinAssets } from './pin-assets.ts';
export type { PinAssetsOptions, PinAssetsResult } from './pin-assets.ts';
export { createGetAssetTool, GET_ASSET_TOOL, GET_ASSET_TOOL_NAME, renderAssetIndex } from './render-asset-index.ts';
export { resolveAssetRequest } from './resolve-asset-request.ts';
export type { ResolveAssetRequestOptions } from './resolve-asset-request.ts';
