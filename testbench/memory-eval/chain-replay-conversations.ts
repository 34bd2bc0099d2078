// Recorded replay conversations (docs/replay-format.md) as memory-eval conversations without questions: the spoken
// turns of several conversations chained into one long one, to measure what the summary keeps of identifier-rich talk.
import type { Conversation } from '../replay/index.ts';
import type { MemoryConversation, MemoryMessage } from './memory-format.ts';
import { parseMemoryConversation } from './memory-format.ts';

/**
 * Chains `perChain` conversations at a time (in order; the last chain may be shorter) into one memory conversation
 * each, id `<prefix>-<n>`. Only user texts and assistant texts are kept (tool calls and results are left out: the
 * memory format holds what people said); message ids are `<conversation id>#<turn index>`. Times must not go back
 * across the chained conversations (the replay importers guarantee it for one file). Pure; bad chains are skipped.
 */
export function chainReplayConversations(
  conversations: readonly Conversation[],
  options: { readonly perChain: number; readonly idPrefix: string; readonly source?: string },
): MemoryConversation[] {
  const chains: MemoryConversation[] = [];
  for (let start = 0; start < conversations.length; start += options.perChain) {
    const part = conversations.slice(start, start + options.perChain);
    const messages: MemoryMessage[] = part.flatMap((conversation) =>
      conversation.turns.flatMap((turn, index) => {
        if (turn.role === 'tool' || turn.text === undefined) return [];
        return [{ id: `${conversation.id}#${index}`, at: turn.at, role: turn.role, text: turn.text }];
      })
    );
    const parsed = parseMemoryConversation({
      id: `${options.idPrefix}-${chains.length + 1}`,
      ...(options.source === undefined ? {} : { source: options.source }),
      messages,
      questions: [],
      meta: { chained: part.map((conversation) => conversation.id) },
    });
    if (parsed.ok) chains.push(parsed.conversation);
  }
  return chains;
}
