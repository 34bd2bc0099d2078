// Folds ConverseStream events into one reply, forwarding text deltas as they come.
import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { AppError } from '../errors.ts';
import type { ContentBlock, ModelReply, StopReason, Usage } from '../pipeline/types/index.ts';
import { toStopReason, toUsage } from './from-converse-output.ts';

type Partial = { kind: 'text'; text: string } | { kind: 'tool_use'; id: string; name: string; json: string };

function parseToolInput(json: string, name: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (cause) {
    throw new AppError('model_error', `Bedrock streamed malformed input for tool ${name}`, { cause });
  }
  throw new AppError('model_error', `Bedrock streamed a non-object input for tool ${name}`);
}

/**
 * Consumes the whole stream. A stream that ends without messageStop is a broken stream (`model_unavailable`);
 * exception frames surface as the SDK's exceptions and are translated by the caller.
 */
export async function collectStream(
  stream: AsyncIterable<ConverseStreamOutput>,
  onText?: (text: string) => void,
): Promise<ModelReply> {
  const blocks = new Map<number, Partial>();
  let stopReason: StopReason | undefined;
  let usage: Usage | undefined;
  for await (const event of stream) {
    if (event.contentBlockStart?.start?.toolUse !== undefined) {
      const start = event.contentBlockStart.start.toolUse;
      blocks.set(event.contentBlockStart.contentBlockIndex ?? 0, {
        kind: 'tool_use',
        id: start.toolUseId ?? '',
        name: start.name ?? '',
        json: '',
      });
    } else if (event.contentBlockDelta !== undefined) {
      const index = event.contentBlockDelta.contentBlockIndex ?? 0;
      const delta = event.contentBlockDelta.delta;
      const current = blocks.get(index);
      if (delta?.text !== undefined) {
        blocks.set(index, { kind: 'text', text: (current?.kind === 'text' ? current.text : '') + delta.text });
        if (delta.text.length > 0) onText?.(delta.text);
      } else if (delta?.toolUse?.input !== undefined && current?.kind === 'tool_use') {
        current.json += delta.toolUse.input;
      }
    } else if (event.messageStop !== undefined) {
      stopReason = toStopReason(event.messageStop.stopReason);
    } else if (event.metadata !== undefined) {
      usage = toUsage(event.metadata.usage);
    }
  }
  if (stopReason === undefined) throw new AppError('model_unavailable', 'Bedrock stream ended before messageStop');
  const content: ContentBlock[] = [...blocks.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, block]): ContentBlock[] =>
      block.kind === 'text'
        ? block.text.length === 0 ? [] : [{ type: 'text', text: block.text }]
        : [{ type: 'tool_use', id: block.id, name: block.name, input: parseToolInput(block.json, block.name) }]
    );
  return { content, stopReason, usage: usage ?? toUsage(undefined) };
}
