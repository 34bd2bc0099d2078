// How many identifiers and dates of messages leaving the window the summary kept: in its deterministic fact list, and
// anywhere in its text. What counts as one comes from an independent reference (find-identifiers-and-dates.ts), not
// from the extractor under test.
import { foldFactKey, parseFactList, readMessageText } from '../../src/pipeline/summary/index.ts';
import type { Message } from '../../src/pipeline/types/index.ts';
import { findIdentifiersAndDates } from './find-identifiers-and-dates.ts';

export type FactRetention = {
  /** Distinct identifiers and dates in the messages. */
  readonly total: number;
  /** Of those, listed in the summary's fact list (the deterministic part). */
  readonly inList: number;
  /** Of those, present anywhere in the summary (list or prose), compared with the fold of fact keys. */
  readonly inSummary: number;
};

export const NO_FACTS: FactRetention = { total: 0, inList: 0, inSummary: 0 };

/** The identifiers and dates of `messages` (each once), looked for in `summary` (folded, as fact keys are). Pure. */
export function measureFactRetention(messages: readonly Message[], summary: string): FactRetention {
  const keys = new Set<string>();
  for (const message of messages) {
    for (const item of findIdentifiersAndDates(readMessageText(message))) keys.add(foldFactKey(item));
  }
  const listed = parseFactList(summary, 0).entries.map((entry) => entry.key).join(' | ');
  const folded = foldFactKey(summary);
  const all = [...keys];
  return {
    total: all.length,
    inList: all.filter((key) => listed.includes(key)).length,
    inSummary: all.filter((key) => folded.includes(key)).length,
  };
}

export function addRetention(a: FactRetention, b: FactRetention): FactRetention {
  return { total: a.total + b.total, inList: a.inList + b.inList, inSummary: a.inSummary + b.inSummary };
}
