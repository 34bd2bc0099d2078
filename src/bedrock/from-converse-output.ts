// Maps Bedrock's Converse output (and stream events) back to vendor-neutral replies.
import type { ContentBlock as WireBlock, TokenUsage } from '@aws-sdk/client-bedrock-runtime';
import type { ContentBlock, StopReason, Usage } from '../pipeline/types/index.ts';

const STOP_REASONS: ReadonlySet<string> = new Set([
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'guardrail_intervened',
  'content_filtered',
  'malformed_model_output',
  'malformed_tool_use',
  'model_context_window_exceeded',
]);

/** Unknown future stop reasons read as end_turn rather than failing the turn. */
export function toStopReason(value: string | undefined): StopReason {
  return value !== undefined && STOP_REASONS.has(value) ? (value as StopReason) : 'end_turn';
}

export function toUsage(usage: TokenUsage | undefined): Usage {
  const details = (usage?.cacheDetails ?? [])
    .filter((detail) => detail.ttl === '5m' || detail.ttl === '1h')
    .map((detail) => ({ ttl: detail.ttl as '5m' | '1h', inputTokens: detail.inputTokens ?? 0 }));
  return {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cacheReadInputTokens: usage?.cacheReadInputTokens ?? 0,
    cacheWriteInputTokens: usage?.cacheWriteInputTokens ?? 0,
    ...(details.length === 0 ? {} : { cacheDetails: details }),
  };
}

/** Keeps text and toolUse blocks; drops kinds the pipeline does not model (reasoning, citations…). */
export function fromWireBlocks(blocks: readonly WireBlock[] | undefined): ContentBlock[] {
  const content: ContentBlock[] = [];
  for (const block of blocks ?? []) {
    if (block.text !== undefined && block.text.length > 0) content.push({ type: 'text', text: block.text });
    else if (block.toolUse !== undefined) {
      const input = block.toolUse.input;
      content.push({
        type: 'tool_use',
        id: block.toolUse.toolUseId ?? '',
        name: block.toolUse.name ?? '',
        input: typeof input === 'object' && input !== null && !Array.isArray(input)
          ? (input as Record<string, unknown>)
          : {},
      });
    }
  }
  return content;
}
