// Cuts every oversized tool result of a window to the per-result cap (see truncateToolResult), reusing what fits.
import type { PromptEstimator } from '../tokens/index.ts';
import type { WindowMessage } from './slide-window.ts';
import { truncateToolResult } from './truncate-tool-result.ts';

/**
 * The window with each tool result over `maxTokens` cut with a visible marker. Entries with nothing to cut are the same
 * objects (so memoised estimates and the cached prefix stay put); others are new; the input is never mutated.
 */
export function capToolResults(
  window: readonly WindowMessage[],
  maxTokens: number,
  estimate: PromptEstimator,
): WindowMessage[] {
  return window.map((entry) => {
    // A message within the cap holds no block over it (a message costs its blocks plus framing): nothing to cut.
    if (estimate.message(entry.message) <= maxTokens) return entry;
    const content = entry.message.content.map((
      block,
    ) => (block.type === 'tool_result' ? truncateToolResult(block, maxTokens) : block));
    return content.every((block, index) => block === entry.message.content[index])
      ? entry
      : { seq: entry.seq, message: { role: entry.message.role, content } };
  });
}
