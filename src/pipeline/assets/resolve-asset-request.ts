// Answers one `get_asset` call from the session's asset cache: the text reaches the model once per session.
import type { AssetResolution } from './asset-types.ts';

export type ResolveAssetRequestOptions = {
  /** The `id` input of the get_asset call (unknown: it comes from the model). */
  readonly assetId: unknown;
  /** Asset id → full text. */
  readonly assets: ReadonlyMap<string, string>;
  /** Ids whose original get_asset result is still visible to the model in this session (in the window or pinned). */
  readonly exposedInSession: ReadonlySet<string>;
};

/** Longest id quoted back in an error (the id comes from the model and could be anything). */
const MAX_QUOTED_ID_LENGTH = 64;

/**
 * 'first': the full text (to be stored as the original toolResult and recorded as an exposure); 'repeat': a short note
 * that the asset was already provided earlier in this session, never the text again; 'unknown': an error text listing
 * the valid ids (send it with status 'error'). Never returns empty text.
 */
export function resolveAssetRequest(options: ResolveAssetRequestOptions): AssetResolution {
  const { assetId, assets, exposedInSession } = options;
  const text = typeof assetId === 'string' ? assets.get(assetId) : undefined;
  if (typeof assetId !== 'string' || text === undefined) {
    const valid = [...assets.keys()].sort();
    const shown = typeof assetId === 'string'
      ? JSON.stringify(assetId.slice(0, MAX_QUOTED_ID_LENGTH))
      : `a ${assetId === null ? 'null' : typeof assetId} value`;
    const list = valid.length === 0 ? 'there are no assets in this conversation' : `valid ids: ${valid.join(', ')}`;
    return { kind: 'unknown', text: `Unknown asset id ${shown}: ${list}.` };
  }
  if (exposedInSession.has(assetId)) {
    return {
      kind: 'repeat',
      text:
        `Asset "${assetId}" was already provided earlier in this session and is not repeated: use the earlier get_asset result.`,
    };
  }
  return { kind: 'first', text: text.length === 0 ? `(asset "${assetId}" is empty)` : text };
}
