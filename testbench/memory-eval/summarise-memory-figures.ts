// Totals of a memory-eval run, per fixture half (the `split` of each conversation's meta) and overall.
import type { ConversationMemoryFigures } from './evaluate-memory-conversation.ts';
import { addRetention, type FactRetention, NO_FACTS } from './measure-fact-retention.ts';

export type MemoryTotals = {
  readonly label: string;
  readonly conversations: number;
  readonly questions: number;
  readonly failedQuestions: number;
  readonly evidence: { readonly window: number; readonly summary: number; readonly gone: number };
  /** Mean over questions whose answer has content words; null when none. */
  readonly lexicalRetention: number | null;
  readonly factsAtEviction: FactRetention;
  readonly factsAtEnd: FactRetention;
  readonly failedTurns: number;
  readonly summaryGaps: number;
  /** Only when answers were asked. */
  readonly answers?: {
    readonly oursF1: number;
    readonly fullF1: number;
    /** oursF1 / fullF1 (null when the full history scored 0). */
    readonly ratio: number | null;
    readonly oursCostUsd: number;
    readonly fullCostUsd: number;
    readonly errors: number;
  };
};

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Pure. Groups in first-seen order of `split`, then "all" (only when there is more than one group). */
export function summariseMemoryFigures(conversations: readonly ConversationMemoryFigures[]): MemoryTotals[] {
  const groups = new Map<string, ConversationMemoryFigures[]>();
  for (const figures of conversations) {
    const label = figures.split ?? 'all';
    groups.set(label, [...(groups.get(label) ?? []), figures]);
  }
  const totals = [...groups].map(([label, members]) => total(label, members));
  return groups.size > 1 ? [...totals, total('all', conversations)] : totals;
}

function total(label: string, members: readonly ConversationMemoryFigures[]): MemoryTotals {
  const questions = members.flatMap((figures) => figures.questions);
  const statuses = questions.flatMap((question) => question.evidence.map((entry) => entry.status));
  const answered = questions.filter((question) => question.ours !== undefined && question.full !== undefined);
  const oursF1 = mean(answered.map((question) => question.ours?.f1 ?? 0)) ?? 0;
  const fullF1 = mean(answered.map((question) => question.full?.f1 ?? 0)) ?? 0;
  const sum = (pick: (question: (typeof questions)[number]) => number) =>
    questions.reduce((acc, question) => acc + pick(question), 0);
  return {
    label,
    conversations: members.length,
    questions: questions.length,
    failedQuestions: questions.filter((question) => question.error !== undefined).length,
    evidence: {
      window: statuses.filter((status) => status === 'window').length,
      summary: statuses.filter((status) => status === 'summary').length,
      gone: statuses.filter((status) => status === 'gone').length,
    },
    lexicalRetention: mean(questions.flatMap((question) => question.lexicalRetention ?? [])),
    factsAtEviction: members.reduce((acc, figures) => addRetention(acc, figures.factsAtEviction), NO_FACTS),
    factsAtEnd: members.reduce((acc, figures) => addRetention(acc, figures.factsAtEnd), NO_FACTS),
    failedTurns: members.reduce((acc, figures) => acc + figures.failedTurns, 0),
    summaryGaps: members.reduce((acc, figures) => acc + figures.summaryGaps, 0),
    ...(answered.length === 0 ? {} : {
      answers: {
        oursF1,
        fullF1,
        ratio: fullF1 === 0 ? null : oursF1 / fullF1,
        oursCostUsd: sum((question) => question.ours?.costUSD ?? 0),
        fullCostUsd: sum((question) => question.full?.costUSD ?? 0),
        errors: answered.filter((question) => question.ours?.error !== undefined || question.full?.error !== undefined)
          .length,
      },
    }),
  };
}

/** "93.1% (27/29)", or "n/a (0)" with nothing to count. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? 'n/a (0)' : `${((100 * part) / whole).toFixed(1)}% (${part}/${whole})`;
}
