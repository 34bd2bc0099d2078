// The budget guard: a FIXED fallback ladder that brings a prompt under its cap or refuses clearly, never silently.
import { cutAtSentence } from '../tokens/index.ts';
import { estimateTextTokens } from '../tokens/index.ts';
import type { Message, ToolDefinition } from '../types/index.ts';
import { isSafeBoundary } from '../window/index.ts';
import type { WindowMessage } from '../window/index.ts';
import { truncateToolResult } from '../window/index.ts';

/** The parts of a prompt the ladder may reduce; everything else (standard tools, system, pins) stays as it is. */
export type BudgetLayers = {
  /** Selected domain tools in ranked order: the last is dropped first. */
  readonly domainTools: readonly ToolDefinition[];
  readonly summary: { readonly text: string } | null;
  readonly window: readonly WindowMessage[];
};

export type FallbackStep =
  | { readonly step: 'fewer-domain-tools'; readonly dropped: string }
  | { readonly step: 'smaller-window'; readonly droppedSeqs: readonly number[] }
  | { readonly step: 'truncate-old-tool-results'; readonly count: number; readonly maxTokens: number }
  | { readonly step: 'shorter-summary'; readonly fromTokens: number; readonly toTokens: number };

export type FitToBudgetOptions = {
  readonly layers: BudgetLayers;
  readonly maxInputTokens: number;
  readonly contextWindow: number;
  readonly maxTokens: number;
  /** Estimated input tokens of the whole request built from `layers` (the same estimate the validity check uses). */
  readonly measure: (layers: BudgetLayers) => number;
  /** A tool the ladder must keep (the one toolChoice names). */
  readonly keepToolName?: string;
};

export type FitToBudgetResult =
  | {
    readonly ok: true;
    readonly layers: BudgetLayers;
    readonly estimatedInputTokens: number;
    readonly limit: number;
    readonly steps: readonly FallbackStep[];
  }
  | {
    readonly ok: false;
    readonly reason: 'over-budget';
    readonly estimatedInputTokens: number;
    readonly limit: number;
    readonly steps: readonly FallbackStep[];
  };

/** Tool results older than the latest step are cut to this in the ladder's third step (enough to keep their gist). */
export const OLD_TOOL_RESULT_MAX_TOKENS = 120;

function truncateOldResults(
  window: readonly WindowMessage[],
  maxTokens: number,
): { window: WindowMessage[]; count: number } {
  let count = 0;
  const lastIndex = window.length - 1;
  const result = window.map((entry, index) => {
    if (index === lastIndex || !entry.message.content.some((block) => block.type === 'tool_result')) return entry;
    const content = entry.message.content.map((block) => {
      if (block.type !== 'tool_result') return block;
      const cut = truncateToolResult(block, maxTokens);
      if (cut !== block) count += 1;
      return cut;
    });
    const message: Message = { role: entry.message.role, content };
    return { seq: entry.seq, message };
  });
  return { window: result, count };
}

/**
 * Fits `layers` under min(maxInputTokens, contextWindow − maxTokens) by the fixed ladder, each rung only while still over:
 * 1. drop domain tools from the lowest-ranked (never `keepToolName`); 2. drop the oldest window chunk up to the next safe
 * boundary, never the current turn (from the last safe boundary on); 3. cut tool results before the last message to
 * OLD_TOOL_RESULT_MAX_TOKENS; 4. cut the summary at a sentence (dropped when nothing is left); 5. refuse with
 * `{ ok: false, reason: 'over-budget' }`. An ok result's `measure` is within the limit. Steps are reported in order.
 */
export function fitToBudget(options: FitToBudgetOptions): FitToBudgetResult {
  const limit = Math.min(options.maxInputTokens, options.contextWindow - options.maxTokens);
  const steps: FallbackStep[] = [];
  let layers = options.layers;
  let total = options.measure(layers);
  const apply = (next: BudgetLayers, step: FallbackStep): void => {
    layers = next;
    steps.push(step);
    total = options.measure(layers);
  };
  for (let index = layers.domainTools.length - 1; index >= 0 && total > limit; index -= 1) {
    const tool = layers.domainTools[index] as ToolDefinition;
    if (tool.name === options.keepToolName) continue;
    apply({ ...layers, domainTools: layers.domainTools.filter((_, position) => position !== index) }, {
      step: 'fewer-domain-tools',
      dropped: tool.name,
    });
  }
  while (total > limit) {
    const safe = layers.window.flatMap((entry, index) => (isSafeBoundary(entry.message) ? [index] : []));
    const currentTurn = safe[safe.length - 1];
    const next = safe.find((index) => index > 0);
    if (currentTurn === undefined || next === undefined || next > currentTurn) break;
    const droppedSeqs = layers.window.slice(0, next).map((entry) => entry.seq);
    apply({ ...layers, window: layers.window.slice(next) }, { step: 'smaller-window', droppedSeqs });
  }
  if (total > limit) {
    const { window, count } = truncateOldResults(layers.window, OLD_TOOL_RESULT_MAX_TOKENS);
    if (count > 0) {
      apply({ ...layers, window }, { step: 'truncate-old-tool-results', count, maxTokens: OLD_TOOL_RESULT_MAX_TOKENS });
    }
  }
  while (total > limit && layers.summary !== null) {
    const fromTokens = estimateTextTokens(layers.summary.text);
    const text = cutAtSentence(
      layers.summary.text,
      Math.max(0, Math.min(fromTokens - 1, fromTokens - (total - limit))),
    );
    apply({ ...layers, summary: text.length === 0 ? null : { text } }, {
      step: 'shorter-summary',
      fromTokens,
      toTokens: estimateTextTokens(text),
    });
  }
  if (total > limit) return { ok: false, reason: 'over-budget', estimatedInputTokens: total, limit, steps };
  return { ok: true, layers, estimatedInputTokens: total, limit, steps };
}
