// The shapes passed between planning a tool selection, the cheap model's call and applying its answer.
import type { PromptRequest } from '../types/index.ts';

export type Bounds = { readonly minTools: number; readonly maxTools: number; readonly ranked: readonly string[] };
export type ToolSelectionPlan =
  | { readonly kind: 'keep'; readonly selected: readonly string[]; readonly reason: string }
  | { readonly kind: 'local'; readonly selected: readonly string[]; readonly reason: string }
  | ({
    readonly kind: 'ask';
    readonly request: PromptRequest;
    readonly shortlist: readonly string[];
    readonly fallback: readonly string[];
  } & Bounds);

export type ToolSelection = {
  readonly selected: readonly string[];
  /** 'keep' and 'local' echo a plan that needed no call. */
  readonly source: 'model' | 'fallback' | 'keep' | 'local';
  /** Names the model gave that were not on the shortlist (or not strings), or beyond maxTools; in its order. */
  readonly dropped: readonly string[];
};
