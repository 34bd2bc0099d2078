// Builds long sessions by chaining conversations end to end, with the pauses real users take between tasks.
import type { Conversation, ToolCall, Turn } from './conversation-format.ts';
import { parseConversation } from './conversation-format.ts';
import { createSeededRandom, drawBetween } from './seeded-random.ts';

/** Gap kinds between chained conversations, their ranges (ms) and how many of each in every block of 20 gaps. */
export const SESSION_GAP_KINDS = {
  /** The user comes straight back: the 5-minute cache is still warm. */
  short: { min: 30_000, max: 290_000, perBlock: 10 },
  /** A break: the 5-minute cache has expired, a 1-hour one has not. */
  medium: { min: 10 * 60_000, max: 60 * 60_000, perBlock: 7 },
  /** Back the next day: every cache has expired. */
  overnight: { min: 9 * 3_600_000, max: 15 * 3_600_000, perBlock: 3 },
} as const;
const GAP_BLOCK = 20;

export type SessionGaps = { readonly kind: 'realistic'; readonly seed: string } | {
  readonly kind: 'fixed';
  readonly milliseconds: readonly number[];
};

export type ConcatenateSessionsOptions = {
  /** A session is closed once it holds at least this many user turns. */
  readonly targetUserTurns: number;
  /** Default `{ kind: 'realistic', seed: 'sessions' }`; fixed gaps are used in a cycle. */
  readonly gaps?: SessionGaps;
  readonly maxSessions?: number;
  readonly idPrefix?: string;
  /** Epoch ms of the first session's first turn; default: the first conversation's own start. */
  readonly startAt?: number;
};

export type ConcatenateSessionsResult =
  | { readonly ok: true; readonly sessions: readonly Conversation[]; readonly unused: number }
  | { readonly ok: false; readonly reason: string };

/**
 * Chains conversations in order into sessions of ≥ targetUserTurns user turns. Invariants: each input is used at most
 * once and unchanged except its times (shifted as a block, so its inner rhythm is kept) and clashing call ids (renamed
 * with their results); timestamps never decrease within a session or from one session to the next; every gap, including
 * the one between sessions, comes from `gaps`; inputs left over that cannot fill another session are counted in `unused`.
 */
export function concatenateSessions(
  conversations: readonly Conversation[],
  options: ConcatenateSessionsOptions,
): ConcatenateSessionsResult {
  const available = conversations.reduce((sum, conversation) => sum + countUserTurns(conversation), 0);
  if (!(options.targetUserTurns >= 1)) return { ok: false, reason: 'targetUserTurns must be at least 1' };
  if (available < options.targetUserTurns) {
    return { ok: false, reason: `not enough user turns: ${available} available, ${options.targetUserTurns} needed` };
  }
  const gaps = options.gaps ?? { kind: 'realistic', seed: 'sessions' };
  const gapAt = gaps.kind === 'fixed'
    ? (index: number) => gaps.milliseconds[index % gaps.milliseconds.length] ?? 0
    : createRealisticGaps(gaps.seed);
  const maxSessions = options.maxSessions ?? Number.POSITIVE_INFINITY;
  const complete: Conversation[][] = [];
  let group: Conversation[] = [];
  let userTurns = 0;
  for (const conversation of conversations) {
    if (complete.length >= maxSessions) break;
    group.push(conversation);
    userTurns += countUserTurns(conversation);
    if (userTurns >= options.targetUserTurns) {
      complete.push(group);
      group = [];
      userTurns = 0;
    }
  }
  let cursor = options.startAt ?? Date.parse(conversations[0]?.turns[0]?.at ?? '');
  let gapIndex = 0;
  const sessions: Conversation[] = [];
  for (const [sessionIndex, group] of complete.entries()) {
    const systems = new Set(group.map((c) => `${c.system ?? ''}\u0000${c.systemFile ?? ''}`));
    if (systems.size > 1) {
      return { ok: false, reason: `session ${sessionIndex + 1} would mix different system prompts` };
    }
    const usedIds = new Set<string>();
    const turns: Turn[] = [];
    const gapsMs: number[] = [];
    for (const [segmentIndex, conversation] of group.entries()) {
      if (sessionIndex + segmentIndex > 0) {
        const gap = gapAt(gapIndex++);
        cursor += gap;
        if (segmentIndex > 0) gapsMs.push(gap);
      }
      const shift = cursor - Date.parse(conversation.turns[0]?.at ?? '');
      const taken = new Set([...usedIds, ...callIds(conversation.turns)]);
      const segment = conversation.turns.map((turn) =>
        renameCalls(shiftTurn(turn, shift), { usedIds, taken, segmentIndex })
      );
      for (const id of callIds(segment)) usedIds.add(id);
      turns.push(...segment);
      cursor = Date.parse(turns.at(-1)?.at ?? '');
    }
    const first = group[0];
    const tools = group.every((c) => c.tools !== undefined)
      ? [...new Set(group.flatMap((c) => c.tools ?? []))]
      : undefined;
    const session: Conversation = {
      id: `${options.idPrefix ?? 'session'}-${sessionIndex + 1}`,
      source: `concatenated from ${group.length} conversations`,
      ...(first?.system === undefined ? {} : { system: first.system }),
      ...(first?.systemFile === undefined ? {} : { systemFile: first.systemFile }),
      ...(tools === undefined ? {} : { tools }),
      meta: { segments: group.map((c) => c.id), gapsMs },
      turns,
    };
    const checked = parseConversation(session);
    if (!checked.ok) return { ok: false, reason: `session ${sessionIndex + 1}: ${checked.message}` };
    sessions.push(checked.conversation);
  }
  const used = complete.reduce((sum, group) => sum + group.length, 0);
  return { ok: true, sessions, unused: conversations.length - used };
}

/** The realistic gap sequence: every block of 20 holds 10 short, 7 medium and 3 overnight gaps in a seeded order. */
export function createRealisticGaps(seed: string): (index: number) => number {
  const random = createSeededRandom(seed);
  const drawn: number[] = [];
  return (index) => {
    while (drawn.length <= index) {
      const kinds = Object.values(SESSION_GAP_KINDS).flatMap((kind) =>
        Array.from({ length: kind.perBlock }, () => kind)
      );
      for (let i = kinds.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [kinds[i], kinds[j]] = [kinds[j] as (typeof kinds)[number], kinds[i] as (typeof kinds)[number]];
      }
      drawn.push(...kinds.slice(0, GAP_BLOCK).map((kind) => drawBetween(random, kind.min, kind.max)));
    }
    return drawn[index] ?? 0;
  };
}

function countUserTurns(conversation: Conversation): number {
  return conversation.turns.filter((turn) => turn.role === 'user').length;
}

function shiftTurn(turn: Turn, shift: number): Turn {
  return { ...turn, at: new Date(Date.parse(turn.at) + shift).toISOString() };
}

function callIds(turns: readonly Turn[]): string[] {
  return turns.flatMap((turn) => (turn.role === 'assistant' ? (turn.toolCalls ?? []).map((call) => call.id) : []));
}

type RenameContext = {
  readonly usedIds: ReadonlySet<string>;
  readonly taken: ReadonlySet<string>;
  readonly segmentIndex: number;
};

/**
 * Renames a call id an earlier segment already used to one no segment so far uses (deterministic, so a result gets the
 * same new id as its call).
 */
function renameCalls(turn: Turn, { usedIds, taken, segmentIndex }: RenameContext): Turn {
  const rename = (id: string) => {
    if (!usedIds.has(id)) return id;
    let candidate = `${id.slice(0, 56)}_s${segmentIndex}`;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${id.slice(0, 50)}_s${segmentIndex}_${n}`;
    return candidate;
  };
  if (turn.role === 'assistant' && turn.toolCalls !== undefined) {
    return { ...turn, toolCalls: turn.toolCalls.map((call): ToolCall => ({ ...call, id: rename(call.id) })) };
  }
  if (turn.role === 'tool') {
    return {
      ...turn,
      toolResults: turn.toolResults.map((result) => ({ ...result, toolCallId: rename(result.toolCallId) })),
    };
  }
  return turn;
}
