// The floating window of recent messages: it grows from `min` to `max` and only then evicts one whole chunk at a safe
// boundary, so the cached message prefix changes when a chunk leaves, not on every turn.
import { DEFAULT_LIMITS } from '../../defaults.ts';
import { AppError } from '../../errors.ts';
import type { Message } from '../types/index.ts';

/** A stored message with its position in the conversation (strictly increasing, oldest first). */
export type WindowMessage = { readonly seq: number; readonly message: Message };

export type SlideWindowOptions = {
  /** Every message not yet covered by the summary, oldest first, including the current turn. */
  readonly messages: readonly WindowMessage[];
  /** The window shrinks back to about this many messages after an eviction (default 10). */
  readonly min?: number;
  /** The window grows to this many messages before anything is evicted (default 15). */
  readonly max?: number;
};

export type SlideWindowResult = {
  /** What goes into the prompt now. */
  readonly window: readonly WindowMessage[];
  /** The chunk to summarise next, oldest first; empty unless something has to leave. */
  readonly evict: readonly WindowMessage[];
};

export const DEFAULT_WINDOW_MIN = DEFAULT_LIMITS.windowMin;
export const DEFAULT_WINDOW_MAX = DEFAULT_LIMITS.windowMax;

/** A real user turn: a user message carrying no tool results. A window may start only here. */
export function isSafeBoundary(message: Message): boolean {
  return message.role === 'user' && !message.content.some((block) => block.type === 'tool_result');
}

function checkOptions(messages: readonly WindowMessage[], min: number, max: number): void {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) {
    throw new AppError(
      'config_invalid',
      `window sizes must be integers with 1 <= min <= max (got min ${min}, max ${max}): fix WINDOW_MIN_MESSAGES / WINDOW_MAX_MESSAGES`,
    );
  }
  for (let index = 1; index < messages.length; index += 1) {
    const previous = messages[index - 1] as WindowMessage;
    const current = messages[index] as WindowMessage;
    if (!(current.seq > previous.seq)) {
      throw new AppError(
        'bad_request',
        `window messages must be in strictly increasing seq order (seq ${current.seq} follows ${previous.seq})`,
      );
    }
  }
}

/**
 * Splits the uncovered messages into the prompt window and the chunk to evict.
 * Invariants: `evict ++ window` equals `messages` (nothing lost or duplicated, order kept); the window starts at a safe
 * boundary (so it never starts with an assistant message and never separates a toolUse from its toolResults) whenever
 * `messages` contains one; with at most `max` messages from the first safe boundary nothing is evicted; above `max` the
 * window restarts at the latest safe boundary that still keeps at least `min` messages, and if there is none (a long
 * tool loop) it keeps more rather than cutting a tool exchange. Leading messages before the first safe boundary (an
 * orphaned tool exchange) are always evicted. The result depends on `messages` alone, so an append-only history yields
 * the same window start until the next eviction. Throws AppError on bad sizes or out-of-order seqs.
 */
export function slideWindow(options: SlideWindowOptions): SlideWindowResult {
  const { messages, min = DEFAULT_WINDOW_MIN, max = DEFAULT_WINDOW_MAX } = options;
  checkOptions(messages, min, max);
  const safe: number[] = [];
  messages.forEach((entry, index) => {
    if (isSafeBoundary(entry.message)) safe.push(index);
  });
  const first = safe[0];
  if (first === undefined) return { window: messages.slice(), evict: [] };
  let cut = first;
  if (messages.length - first > max) {
    for (let position = safe.length - 1; position >= 0; position -= 1) {
      const index = safe[position] as number;
      if (messages.length - index >= min) {
        cut = index;
        break;
      }
    }
  }
  return { window: messages.slice(cut), evict: messages.slice(0, cut) };
}
