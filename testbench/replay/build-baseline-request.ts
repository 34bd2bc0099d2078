// The Converse requests of the three baselines, built from the recorded history before a model call.
import type { WireBlock, WireMessage } from './list-recorded-calls.ts';

/** (a) naive, (b) naive with one moving cache point, (c) a sliding window with cache points. */
export const BASELINE_KINDS = ['naive', 'naive-cached', 'window-cached'] as const;
export type BaselineKind = (typeof BASELINE_KINDS)[number];

export const BASELINE_LABELS: Readonly<Record<BaselineKind, string>> = {
  'naive': '(a) naive',
  'naive-cached': '(b) naive + cache',
  'window-cached': '(c) 12-msg window + cache',
};

/** The window of baseline (c): what frameworks' "last N messages" memories keep by default. */
export const BASELINE_WINDOW_MESSAGES = 12;
const CACHE_POINT: WireBlock = { cachePoint: { type: 'default' } };

/** A tool as Converse declares it. */
export type WireToolSpec = {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly json: Readonly<Record<string, unknown>> };
};

export type BaselineRequestInput = {
  readonly kind: BaselineKind;
  readonly system: string;
  /** Every tool of the registry: the baselines send them all on every call. */
  readonly tools: readonly WireToolSpec[];
  readonly history: readonly WireMessage[];
  /** Small: only the input side of a baseline call is measured. */
  readonly maxTokens: number;
};

/**
 * Builds one baseline Converse body. Invariants: the history is never mutated; (a) has no cache point; (b) has one,
 * at the end of the history; (c) keeps the last BASELINE_WINDOW_MESSAGES messages moved to a safe start (a user message
 * without toolResult blocks, see cutWindow) with cache points after the system prompt and at the end of the history.
 */
export function buildBaselineRequest(input: BaselineRequestInput): Record<string, unknown> {
  const cached = input.kind !== 'naive';
  const kept = input.kind === 'window-cached' ? cutWindow(input.history, BASELINE_WINDOW_MESSAGES) : input.history;
  const messages = cached ? withTrailingCachePoint(kept) : kept;
  const system: WireBlock[] = input.system.trim() === '' ? [] : [{ text: input.system }];
  if (input.kind === 'window-cached' && system.length > 0) system.push(CACHE_POINT);
  return {
    messages,
    ...(system.length === 0 ? {} : { system }),
    ...(input.tools.length === 0 ? {} : { toolConfig: { tools: input.tools.map((toolSpec) => ({ toolSpec })) } }),
    inferenceConfig: { maxTokens: input.maxTokens },
  };
}

/**
 * The last `size` messages, with the start moved forward to the first user message that holds no toolResult (its
 * toolUse would be cut off); when the window holds no such message, the start moves back to the nearest one before it
 * (the window then exceeds `size`, as a framework must to stay valid). Returns the history unchanged when it is shorter.
 */
export function cutWindow(history: readonly WireMessage[], size: number): readonly WireMessage[] {
  if (history.length <= size) return history;
  const isSafeStart = (message: WireMessage | undefined): boolean =>
    message?.role === 'user' && !message.content.some((block) => 'toolResult' in block);
  const first = history.length - size;
  for (let start = first; start < history.length; start += 1) {
    if (isSafeStart(history[start])) return history.slice(start);
  }
  for (let start = first - 1; start >= 0; start -= 1) if (isSafeStart(history[start])) return history.slice(start);
  return history;
}

function withTrailingCachePoint(history: readonly WireMessage[]): readonly WireMessage[] {
  const last = history.at(-1);
  if (last === undefined) return history;
  return [...history.slice(0, -1), { role: last.role, content: [...last.content, CACHE_POINT] }];
}
