// Cuts one oversized tool result down to a token cap with a visible marker, instead of failing the whole request.
import { estimateBlockTokens, estimateTextTokens } from '../tokens/index.ts';
import type { ToolResultBlock } from '../types/index.ts';

/** A cut this close to the end of the kept text moves back to the last line or word break (fewer broken words). */
const BREAK_SEARCH_FRACTION = 0.2;
/** Upper bound of characters per token for ordinary text, used only to narrow the first search step. */
const GENEROUS_CHARACTERS_PER_TOKEN = 16;

/** The marker appended to a cut result: the model sees that it is incomplete and how much is missing. */
export function renderTruncationMarker(shownTokens: number, totalTokens: number): string {
  return `[… truncated: ${shownTokens} of ${totalTokens} tokens shown …]`;
}

function withText(block: ToolResultBlock, text: string): ToolResultBlock {
  return { type: 'tool_result', toolUseId: block.toolUseId, text, status: block.status };
}

function cutAt(text: string, length: number): string {
  let end = length;
  // Never split a surrogate pair.
  if (end > 0 && end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  const kept = text.slice(0, end);
  if (end === text.length) return kept;
  const lastBreak = Math.max(kept.lastIndexOf('\n'), kept.lastIndexOf(' '));
  return lastBreak > 0 && lastBreak >= end * (1 - BREAK_SEARCH_FRACTION) ? kept.slice(0, lastBreak) : kept;
}

function render(block: ToolResultBlock, kept: string, totalTokens: number): ToolResultBlock {
  const marker = renderTruncationMarker(kept.length === 0 ? 0 : estimateTextTokens(kept), totalTokens);
  return withText(block, kept.length === 0 ? marker : `${kept}\n${marker}`);
}

/**
 * `block` itself when its estimate is within `maxTokens`; otherwise a copy whose text is the longest prefix (cut at a
 * line or word break when one is near) followed by `[… truncated: N of M tokens shown …]`, with the same toolUseId and
 * status. The result's estimate is ≤ `maxTokens` unless the marker alone exceeds it, in which case only the marker is
 * kept. Deterministic; never returns empty text; never mutates `block`.
 */
export function truncateToolResult(block: ToolResultBlock, maxTokens: number): ToolResultBlock {
  if (estimateBlockTokens(block) <= maxTokens) return block;
  const text = block.text;
  const totalTokens = estimateTextTokens(text);
  const fits = (length: number): boolean =>
    estimateBlockTokens(render(block, cutAt(text, length), totalTokens)) <= maxTokens;
  let low = 0;
  let high = text.length - 1;
  const guess = Math.max(0, maxTokens) * GENEROUS_CHARACTERS_PER_TOKEN;
  if (guess < high && !fits(guess)) high = guess;
  // Largest length that fits; the estimate is close to monotone in the prefix length, and `fits` re-checks the result.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return render(block, cutAt(text, low), totalTokens);
}
