// Says where a replay's main-call cache writes went: which change since the previous call made each call write.
import type { CallRecord } from './create-recording-model-caller.ts';

/**
 * Why a main call wrote, judged against the conversation's previous main call, first cause in this order:
 * - `first`: the conversation's first main call;
 * - `gap`: more than 5 minutes since the previous call (the 5-minute cache lapsed; a 1-hour cache may still read);
 * - `tool-list`: the tool list changed (every checkpoint behind the tools is rewritten);
 * - `window-slide`: the request has fewer messages than the previous one (a chunk left the window, the summary moved);
 * - `new-messages`: the prefix only grew (the turn's new messages and their cache points).
 */
export type WriteCause = 'first' | 'gap' | 'tool-list' | 'window-slide' | 'new-messages';

export const WRITE_CAUSES: readonly WriteCause[] = ['first', 'gap', 'tool-list', 'window-slide', 'new-messages'];

/** The 5-minute cache TTL, in milliseconds. */
const SHORT_TTL_MS = 5 * 60_000;

export type CacheWriteFigures = {
  /** Cache-write tokens per cause. */
  readonly tokens: Readonly<Record<WriteCause, number>>;
  /** Main calls per cause. */
  readonly calls: Readonly<Record<WriteCause, number>>;
};

/** Every main call of the conversations (each an ordered list of its calls), grouped by why it wrote. Failed calls are skipped. */
export function classifyCacheWrites(conversations: readonly (readonly CallRecord[])[]): CacheWriteFigures {
  const tokens = Object.fromEntries(WRITE_CAUSES.map((cause) => [cause, 0])) as Record<WriteCause, number>;
  const calls = { ...tokens };
  for (const records of conversations) {
    let previous: CallRecord | undefined;
    for (const call of records) {
      if (call.kind !== 'main' || call.error !== undefined) continue;
      const cause: WriteCause = previous === undefined
        ? 'first'
        : call.at - previous.at > SHORT_TTL_MS
        ? 'gap'
        : call.tools.join('\n') !== previous.tools.join('\n')
        ? 'tool-list'
        : call.messages < previous.messages
        ? 'window-slide'
        : 'new-messages';
      tokens[cause] += call.usage.cacheWriteInputTokens;
      calls[cause] += 1;
      previous = call;
    }
  }
  return { tokens, calls };
}

/** One line: each cause's share of the write tokens and its call count, largest first. */
export function describeCacheWrites(figures: CacheWriteFigures): string {
  const total = WRITE_CAUSES.reduce((sum, cause) => sum + figures.tokens[cause], 0);
  const labels: Record<WriteCause, string> = {
    'first': 'first calls',
    'gap': 'after a gap over 5 minutes',
    'tool-list': 'tool-list changes',
    'window-slide': 'window slides (summary updated)',
    'new-messages': 'new messages of a turn',
  };
  const parts = [...WRITE_CAUSES]
    .sort((a, b) => figures.tokens[b] - figures.tokens[a])
    .map((cause) =>
      `${labels[cause]} ${total > 0 ? ((100 * figures.tokens[cause]) / total).toFixed(1) : '0.0'}% (${
        figures.calls[cause]
      } calls)`
    );
  return `Our cache writes by cause: ${parts.join(', ')}.`;
}
