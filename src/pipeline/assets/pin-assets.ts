// Keeps each get_asset pair of the session visible after the window moves past it, until the session passes a threshold.
import type { AssetPair } from './asset-types.ts';
import type { WindowMessage } from '../window/index.ts';

export type PinAssetsOptions = {
  /** The session's original get_asset pairs, in the order the assets were first provided. */
  readonly pairs: readonly AssetPair[];
  /** The current window: a pair still inside it is visible already and is not pinned (never duplicated). */
  readonly window: readonly WindowMessage[];
  /** How far the session has gone: completed user turns and the tokens of its latest prompt (caller's measure). */
  readonly session: { readonly turns: number; readonly tokens: number };
  /** Pins are dropped once the session reaches either limit (ADR 0028 follow-up: the rules are internalised by then). */
  readonly limits: { readonly maxTurns?: number; readonly maxTokens?: number };
};

export type PinAssetsResult = {
  /** Pairs to re-insert at the start of the messages, in the order given, each id and toolUse id at most once. */
  readonly pinned: readonly AssetPair[];
  readonly dropped: readonly {
    readonly assetId: string;
    readonly reason: 'in-window' | 'duplicate' | 'session-limit';
  }[];
};

/**
 * Which pairs to pin: those whose toolUse id is not in the window, once per asset id and toolUse id, while the session
 * is under both limits (an absent limit never triggers). After the limit, nothing is pinned: the caller should then treat
 * those assets as no longer exposed (so a new get_asset call returns the text again). Pure; input order is kept.
 */
export function pinAssets(options: PinAssetsOptions): PinAssetsResult {
  const { pairs, window, session, limits } = options;
  const inWindow = new Set<string>();
  for (const entry of window) {
    for (const block of entry.message.content) if (block.type === 'tool_use') inWindow.add(block.id);
  }
  const overLimit = (limits.maxTurns !== undefined && session.turns >= limits.maxTurns) ||
    (limits.maxTokens !== undefined && session.tokens >= limits.maxTokens);
  const pinned: AssetPair[] = [];
  const dropped: PinAssetsResult['dropped'][number][] = [];
  const seenAssets = new Set<string>();
  const seenUses = new Set<string>();
  for (const pair of pairs) {
    const { assetId } = pair;
    if (inWindow.has(pair.toolUse.id)) dropped.push({ assetId, reason: 'in-window' });
    else if (seenAssets.has(assetId) || seenUses.has(pair.toolUse.id)) {
      dropped.push({ assetId, reason: 'duplicate' });
    } else if (overLimit) dropped.push({ assetId, reason: 'session-limit' });
    else pinned.push(pair);
    seenAssets.add(assetId);
    seenUses.add(pair.toolUse.id);
  }
  return { pinned, dropped };
}
