// Per-assembly memo of token estimates: one prompt is measured several times (budget ladder, cache points, report), and
// most of its parts are the same objects each time, so each part is estimated once.
import { estimateMessageTokens, estimateTextTokens, estimateToolTokens } from './estimate-tokens.ts';
import type { ContentBlock, PromptMessage, ToolDefinition } from '../types/index.ts';

/** The part estimates the pipeline sums; same numbers as estimate-tokens.ts. */
export type PromptEstimator = {
  readonly tool: (tool: ToolDefinition) => number;
  readonly text: (text: string) => number;
  readonly message: (message: PromptMessage | { readonly content: readonly ContentBlock[] }) => number;
};

/** The plain estimators, without memory. */
export const PLAIN_ESTIMATOR: PromptEstimator = {
  tool: estimateToolTokens,
  text: estimateTextTokens,
  message: estimateMessageTokens,
};

/**
 * An estimator remembering each tool and message object (by identity) and each text it has measured. Results equal
 * PLAIN_ESTIMATOR's as long as the objects are not mutated (pipeline values are readonly). Create one per assembly and
 * drop it: its memory is local, so the pipeline stays pure.
 */
export function createMemoEstimator(): PromptEstimator {
  const tools = new WeakMap<object, number>();
  const messages = new WeakMap<object, number>();
  const texts = new Map<string, number>();
  const remember = <K>(
    cache: { get(key: K): number | undefined; set(key: K, value: number): unknown },
    key: K,
    measure: () => number,
  ): number => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const value = measure();
    cache.set(key, value);
    return value;
  };
  return {
    tool: (tool) => remember(tools, tool, () => estimateToolTokens(tool)),
    text: (text) => remember(texts, text, () => estimateTextTokens(text)),
    message: (message) => remember(messages, message, () => estimateMessageTokens(message)),
  };
}
