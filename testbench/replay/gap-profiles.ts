// Gap profiles for the cache-TTL replay: how long people leave between messages, taken from the fixtures' timestamps,
// and a retimer that gives a recorded conversation a profile's gaps before its user turns.
import type { Conversation, Turn } from './conversation-format.ts';
import { SESSION_GAP_KINDS } from './concatenate-sessions.ts';
import { createSeededRandom, drawBetween } from './seeded-random.ts';

/** The idle gap (ms) before the `index`-th user turn after the first, for one conversation. */
export type GapSource = (index: number) => number;

export type GapProfile = {
  readonly name: string;
  /** How the gaps were made, for the report. */
  readonly description: string;
  /** A gap source per conversation (seeded by its id, so runs repeat); absent: keep the times the sessions were built with. */
  readonly gapsFor?: (conversationId: string) => GapSource;
};

/** A conversation's turns only need their role and time here. */
type Timed = { readonly turns: readonly { readonly role: string; readonly at: string }[] };

/** The idle time before each user turn (its time minus the previous turn's), in file order; the first turn has none. */
export function gapsBeforeUserTurns(conversations: readonly Timed[]): number[] {
  return conversations.flatMap((conversation) =>
    conversation.turns.flatMap((turn, index) => {
      const previous = conversation.turns[index - 1];
      return turn.role === 'user' && previous !== undefined
        ? [Math.max(0, Date.parse(turn.at) - Date.parse(previous.at))]
        : [];
    })
  );
}

/** A profile that replays an observed gap sequence in order (keeping its bursts), from a seeded offset, cycling. */
export function sequenceProfile(name: string, description: string, gaps: readonly number[]): GapProfile {
  if (gaps.length === 0) throw new Error(`gap profile ${name}: no gaps observed`);
  return {
    name,
    description,
    gapsFor: (conversationId) => {
      const offset = Math.floor(createSeededRandom(`${name}:${conversationId}`)() * gaps.length);
      return (index) => gaps[(offset + index) % gaps.length] as number;
    },
  };
}

/** Every gap drawn uniformly from [min, max] ms. */
export function rangeProfile(name: string, description: string, min: number, max: number): GapProfile {
  return {
    name,
    description,
    gapsFor: (conversationId) => {
      const random = createSeededRandom(`${name}:${conversationId}`);
      const drawn: number[] = [];
      return (index) => {
        while (drawn.length <= index) drawn.push(drawBetween(random, min, max));
        return drawn[index] as number;
      };
    },
  };
}

/**
 * The conversation with the gap before every user turn after the first replaced by `gaps(i)`; every other turn keeps
 * its recorded delay after the turn before it. Invariants: same turns in the same order, times never decrease.
 */
export function applyGaps(conversation: Conversation, gaps: GapSource): Conversation {
  let userIndex = 0;
  let previousRecorded = Number.NaN;
  let previousNew = Number.NaN;
  const turns = conversation.turns.map((turn, index): Turn => {
    const recorded = Date.parse(turn.at);
    const delay = Math.max(0, recorded - previousRecorded);
    const at = index === 0 ? recorded : previousNew + (turn.role === 'user' ? gaps(userIndex++) : delay);
    previousRecorded = recorded;
    previousNew = at;
    return { ...turn, at: new Date(at).toISOString() };
  });
  return { ...conversation, turns };
}

/**
 * The four profiles of `npm run replay:ttl`: τ-bench's own gaps (all under 5 minutes), LoCoMo's (seconds inside a
 * session, days between sessions), τ-bench tasks chained with concatenate-sessions' realistic between-task gaps (what
 * `npm run bench` replays: no retiming), and someone answering every 10-60 minutes (synthetic: no fixture has such a
 * person; the range is concatenate-sessions' "medium" gap).
 */
export function createGapProfiles(
  fixtures: { readonly tau: readonly Timed[]; readonly locomo: readonly Timed[] },
): GapProfile[] {
  const medium = SESSION_GAP_KINDS.medium;
  return [
    sequenceProfile(
      'tau',
      "τ-bench airline: the fixture's gaps before user turns (20-90 s)",
      gapsBeforeUserTurns(fixtures.tau),
    ),
    sequenceProfile(
      'locomo',
      "LoCoMo: the fixture's gaps before user turns, in order (45 s inside a session, days between its sessions)",
      gapsBeforeUserTurns(fixtures.locomo),
    ),
    {
      name: 'mixed',
      description: 'τ-bench gaps inside a task; between chained tasks 50% < 5 min, 35% 10-60 min, 15% overnight',
    },
    rangeProfile('desk', 'someone answering every 10-60 minutes (synthetic)', medium.min, medium.max),
  ];
}
