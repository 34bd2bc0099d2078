// Gives recorded-but-untimed turns realistic, deterministic timestamps (sources like tau-bench carry none).
import type { AssistantTurn, Conversation, ToolTurn, Turn, UserTurn } from './conversation-format.ts';
import { createSeededRandom, drawBetween } from './seeded-random.ts';

type WithoutAt<T> = Omit<T, 'at'>;
/** A turn before it has a time. */
export type UntimedTurn = WithoutAt<UserTurn> | WithoutAt<AssistantTurn> | WithoutAt<ToolTurn>;

/** A person reads the answer and types the next message: 20-90 s after the previous turn. */
export const USER_DELAY_MS = { min: 20_000, max: 90_000 } as const;
/** The model answers a few seconds after the user or the tools. */
export const ASSISTANT_DELAY_MS = { min: 2_000, max: 8_000 } as const;
/** Tools answer in under a second. */
export const TOOL_DELAY_MS = { min: 100, max: 900 } as const;

export type AssignTimestampsOptions = { readonly seed: string; readonly startAt: number };

/**
 * Timestamps turns in order: the first turn at `startAt` (epoch ms), every later one a seeded delay after the previous
 * (user 20-90 s, assistant 2-8 s, tool 0.1-0.9 s). Deterministic in (turns, seed, startAt); times strictly increase.
 */
export function assignTimestamps(turns: readonly UntimedTurn[], options: AssignTimestampsOptions): readonly Turn[] {
  const random = createSeededRandom(options.seed);
  let time = options.startAt;
  return turns.map((turn, index) => {
    if (index > 0) time += drawDelay(random, turn.role);
    return { at: new Date(time).toISOString(), ...turn } as Turn;
  });
}

function drawDelay(random: () => number, role: Turn['role']): number {
  const range = role === 'user' ? USER_DELAY_MS : role === 'assistant' ? ASSISTANT_DELAY_MS : TOOL_DELAY_MS;
  return drawBetween(random, range.min, range.max);
}

/** A conversation as an importer builds it, before it has times. */
export type UntimedConversation = Omit<Conversation, 'turns'> & { readonly turns: readonly UntimedTurn[] };

/** Between two imported conversations of one file: 30 s to 20 min, so one simulated clock can replay the file in order. */
export const CONVERSATION_GAP_MS = { min: 30_000, max: 20 * 60_000 } as const;

/**
 * Times a file's conversations one after the other: the first starts at `startAt`, each later one a gap (seeded by its
 * id) after the previous one's last turn. Invariant: timestamps never decrease across the whole list, in list order.
 */
export function timeConversations(
  conversations: readonly UntimedConversation[],
  options: { readonly startAt: number },
): readonly Conversation[] {
  let next = options.startAt;
  return conversations.map((conversation) => {
    const turns = assignTimestamps(conversation.turns, { seed: conversation.id, startAt: next });
    const end = Date.parse(turns.at(-1)?.at ?? new Date(next).toISOString());
    next = end +
      drawBetween(createSeededRandom(`gap:${conversation.id}`), CONVERSATION_GAP_MS.min, CONVERSATION_GAP_MS.max);
    return { ...conversation, turns };
  });
}
