// Deterministic token estimates for prompt parts. Claude's tokenizer is not available offline, so this errs high
// (≈3.5 characters a token for prose, denser for punctuation and digits) and a learned per-model correction adjusts it.
import type { ContentBlock, PromptRequest, ToolDefinition } from './prompt-types.ts';
import { isCachePoint } from './prompt-types.ts';

/** Fixed cost of the framing around each message (role markers). */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** Fixed cost of each tool definition's framing. */
const TOOL_OVERHEAD_TOKENS = 8;

/** Tokens of a piece of text: never negative, 0 only for the empty string, same text → same count. */
export function estimateTextTokens(text: string): number {
  if (text.length === 0) return 0;
  let tokens = 0;
  for (const piece of text.match(/[A-Za-z]+|\d+|\s+|[^\sA-Za-z\d]/gu) ?? []) {
    const first = piece.charCodeAt(0);
    if (first <= 32) tokens += piece.length > 4 ? 1 : 0.25;
    else if (/\d/.test(piece)) tokens += Math.ceil(piece.length / 3);
    else if (/[A-Za-z]/.test(piece)) tokens += Math.max(1, Math.ceil(piece.length / 4.2));
    else tokens += first > 0x2000 ? 1.5 : 1;
  }
  return Math.max(1, Math.ceil(tokens));
}

export function estimateBlockTokens(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return estimateTextTokens(block.text);
    case 'tool_use':
      return 6 + estimateTextTokens(block.name) + estimateTextTokens(JSON.stringify(block.input));
    case 'tool_result':
      return 6 + estimateTextTokens(block.text);
  }
}

export function estimateMessageTokens(message: { readonly content: readonly (ContentBlock | { readonly type: 'cache_point' })[] }): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  for (const block of message.content) if (!isCachePoint(block)) tokens += estimateBlockTokens(block as ContentBlock);
  return tokens;
}

export function estimateToolTokens(tool: ToolDefinition): number {
  return TOOL_OVERHEAD_TOKENS + estimateTextTokens(tool.name) + estimateTextTokens(tool.description) + estimateTextTokens(JSON.stringify(tool.inputSchema));
}

/** Estimated input tokens of a whole request (tools, system, messages), before any per-model correction. */
export function estimateRequestTokens(request: PromptRequest): number {
  let tokens = 0;
  for (const tool of request.tools) if (!isCachePoint(tool)) tokens += estimateToolTokens(tool);
  for (const block of request.system) if (!isCachePoint(block)) tokens += estimateTextTokens(block.text);
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}
