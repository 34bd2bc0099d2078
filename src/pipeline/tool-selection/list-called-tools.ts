// The tools the model called in a stretch of conversation, most recent first: the best evidence of what it needs next.
import type { PromptMessage } from '../types/index.ts';

/**
 * Names of the tools called in `messages` (assistant toolUse blocks), unique, the most recently called first, at most
 * `limit` (default: all). Pure; messages of other roles and other block types are ignored.
 */
export function listCalledTools(messages: readonly PromptMessage[], limit = Number.POSITIVE_INFINITY): string[] {
  const names: string[] = [];
  for (let index = messages.length - 1; index >= 0 && names.length < limit; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    for (let block = message.content.length - 1; block >= 0 && names.length < limit; block -= 1) {
      const content = message.content[block];
      if (content?.type === 'tool_use' && !names.includes(content.name)) names.push(content.name);
    }
  }
  return names;
}
