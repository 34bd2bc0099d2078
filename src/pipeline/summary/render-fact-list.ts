// The kept facts as a compact block at the end of the summary, chosen by priority under a token budget, and read back
// from a stored summary (so the list carries over from one summary update to the next with no extra storage).
import { estimateTextTokens } from '../tokens/index.ts';
import { FACT_KINDS, type FactKind, foldFactKey } from './extract-facts.ts';
import type { FactEntry } from './update-fact-list.ts';

/** The first line of the block; everything after it in a stored summary is the fact list. */
export const FACT_LIST_HEADER = 'Kept facts (exact, most important first):';

const LABELS = new Map<FactKind, string>([
  ['identifier', 'ids'],
  ['date', 'dates'],
  ['amount', 'amounts'],
  ['name', 'names'],
  ['commitment', 'commitments'],
  ['preference', 'preferences'],
]);
const KINDS_BY_LABEL = new Map([...LABELS].map(([kind, label]) => [label, kind]));
const MENTIONS_SUFFIX = / ×(\d{1,6})$/;

/** One entry as listed: its text (list separators replaced), then ` ×N` when mentioned more than once. */
function renderEntry(entry: FactEntry): string {
  const text = entry.text.replace(/[;\n]/g, ',').replace(MENTIONS_SUFFIX, '');
  return entry.mentions > 1 ? `${text} ×${entry.mentions}` : text;
}

function renderBlock(entries: readonly FactEntry[]): string {
  const lines = FACT_KINDS.flatMap((kind) => {
    const items = entries.filter((entry) => entry.kind === kind).map(renderEntry);
    return items.length === 0 ? [] : [`- ${LABELS.get(kind)}: ${items.join('; ')}`];
  });
  return lines.length === 0 ? '' : `${FACT_LIST_HEADER}\n${lines.join('\n')}`;
}

export type RenderedFactList = { readonly text: string; readonly tokens: number; readonly kept: readonly FactEntry[] };

/**
 * The block for `ranked` (highest priority first) within `maxTokens`: entries are taken in priority order while the
 * block still fits (a long one that does not fit is skipped, shorter ones after it may still fit), then listed by kind,
 * in priority order within a kind. Empty text when nothing fits or nothing is known. Pure.
 */
export function renderFactList(ranked: readonly FactEntry[], maxTokens: number): RenderedFactList {
  const kept: FactEntry[] = [];
  let text = '';
  for (const entry of ranked) {
    const candidate = renderBlock([...kept, entry]);
    if (estimateTextTokens(candidate) <= maxTokens) {
      kept.push(entry);
      text = candidate;
    }
  }
  return { text, tokens: text === '' ? 0 : estimateTextTokens(text), kept };
}

/**
 * Splits a stored summary into its prose and its fact list. Parsed entries keep their mention counts; their order in the
 * block (by kind, priority within) becomes their recency, all at or below `coversUpToSeq`. A summary without the header
 * is all prose. Never throws.
 */
export function parseFactList(summary: string, coversUpToSeq: number): { prose: string; entries: FactEntry[] } {
  const at = summary.lastIndexOf(FACT_LIST_HEADER);
  if (at < 0) return { prose: summary.trim(), entries: [] };
  const entries: FactEntry[] = [];
  const lines = summary.slice(at + FACT_LIST_HEADER.length).split('\n');
  let rank = 0;
  for (const line of lines) {
    const match = /^- ([a-z]+): (.*)$/.exec(line.trim());
    const kind = match === null ? undefined : KINDS_BY_LABEL.get(match[1] as string);
    if (kind === undefined) continue;
    for (const item of (match?.[2] ?? '').split('; ')) {
      const mentions = MENTIONS_SUFFIX.exec(item);
      const text = item.replace(MENTIONS_SUFFIX, '').trim();
      if (text === '') continue;
      entries.push({
        kind,
        text,
        key: foldFactKey(text),
        mentions: mentions === null ? 1 : Number(mentions[1]),
        lastSeq: coversUpToSeq - rank,
      });
      rank += 1;
    }
  }
  return { prose: summary.slice(0, at).trim(), entries };
}
