// A memory-eval conversation as the replay plays it: consecutive messages of one side merged into one turn, and where
// every message id (and every question) lands among the replay's exchanges.
import type { Conversation, Turn } from '../replay/index.ts';
import type { MemoryConversation } from './memory-format.ts';

export type ReplayPlan = {
  readonly conversation: Conversation;
  /** Message id → the exchange holding it and which side of it (user turn or the recorded reply). */
  readonly placeOf: ReadonlyMap<string, { readonly exchange: number; readonly role: 'user' | 'assistant' }>;
  /** Question ids asked after each exchange index (every question is asked once its askedAfter exchange is done). */
  readonly questionsAfter: ReadonlyMap<number, readonly string[]>;
};

/** Pure. The input must be a parsed MemoryConversation (first message the user's, ids unique). */
export function toReplayConversation(memory: MemoryConversation): ReplayPlan {
  const turns: { at: string; role: 'user' | 'assistant'; text: string }[] = [];
  const placeOf = new Map<string, { exchange: number; role: 'user' | 'assistant' }>();
  let exchange = -1;
  for (const message of memory.messages) {
    const last = turns.at(-1);
    if (last?.role === message.role) last.text = `${last.text}\n${message.text}`;
    else {
      if (message.role === 'user') exchange += 1;
      turns.push({ at: message.at, role: message.role, text: message.text });
    }
    placeOf.set(message.id, { exchange, role: message.role });
  }
  const lastExchange = exchange;
  const questionsAfter = new Map<number, string[]>();
  for (const question of memory.questions) {
    const after = question.askedAfter === undefined
      ? lastExchange
      : placeOf.get(question.askedAfter)?.exchange ?? lastExchange;
    questionsAfter.set(after, [...(questionsAfter.get(after) ?? []), question.id]);
  }
  const conversation: Conversation = {
    id: memory.id,
    ...(memory.source === undefined ? {} : { source: memory.source }),
    ...(memory.system === undefined ? {} : { system: memory.system }),
    turns: turns as Turn[],
  };
  return { conversation, placeOf, questionsAfter };
}
