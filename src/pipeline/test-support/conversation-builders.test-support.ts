// Small builders for pipeline tests: messages, tool exchanges and numbered histories (test support only).
import type { ContentBlock, Message, ToolDefinition, ToolResultBlock, ToolUseBlock } from '../types/index.ts';
import type { WindowMessage } from '../window/index.ts';

export function userText(text: string): Message {
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function assistantText(text: string): Message {
  return { role: 'assistant', content: [{ type: 'text', text }] };
}

export function toolUse(id: string, name = 'lookup', input: Record<string, unknown> = { q: id }): ToolUseBlock {
  return { type: 'tool_use', id, name, input };
}

export function toolResult(
  id: string,
  text = `result of ${id}`,
  status: 'success' | 'error' = 'success',
): ToolResultBlock {
  return { type: 'tool_result', toolUseId: id, text, status };
}

export function assistantCalls(...uses: ToolUseBlock[]): Message {
  return { role: 'assistant', content: uses };
}

export function userResults(...results: ContentBlock[]): Message {
  return { role: 'user', content: results };
}

/** Numbers messages from `firstSeq` (default 1). */
export function numbered(messages: readonly Message[], firstSeq = 1): WindowMessage[] {
  return messages.map((message, index) => ({ seq: firstSeq + index, message }));
}

/** `turns` plain exchanges: user "u<n>" → assistant "a<n>". */
export function plainTurns(turns: number): Message[] {
  return Array.from({ length: turns }, (_, n) => [userText(`u${n}`), assistantText(`a${n}`)]).flat();
}

export function tool(name: string, description = `Does ${name}.`): ToolDefinition {
  return { name, description, inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };
}

/** Text of about `words` distinct words (for big tool results and summaries). */
export function words(count: number, prefix = 'word'): string {
  return Array.from({ length: count }, (_, n) => `${prefix}${n}`).join(' ');
}
