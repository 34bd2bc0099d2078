// The memory eval's figures as plain text for the terminal: one block per fixture half, then overall.
import { formatShare, type MemoryTotals } from './summarise-memory-figures.ts';

const percent = (value: number | null): string => (value === null ? 'n/a' : `${(100 * value).toFixed(1)}%`);

/** One block per totals entry; the answer lines only when answers were asked. Pure. */
export function renderMemoryTable(totals: readonly MemoryTotals[], simulatedAnswers: boolean): string {
  return totals.map((entry) => {
    const evidence = entry.evidence.window + entry.evidence.summary + entry.evidence.gone;
    const lines = [
      `${entry.label}: ${entry.conversations} conversations, ${entry.questions} questions` +
      (entry.failedQuestions > 0 ? ` (${entry.failedQuestions} without a prompt)` : ''),
      `  evidence in window ${formatShare(entry.evidence.window, evidence)}, in summary range ${
        formatShare(entry.evidence.summary, evidence)
      }, gone ${formatShare(entry.evidence.gone, evidence)}`,
      `  lexical retention (gold content words in context): ${percent(entry.lexicalRetention)}`,
      `  ids+dates kept at eviction: fact list ${
        formatShare(entry.factsAtEviction.inList, entry.factsAtEviction.total)
      }, whole summary ${formatShare(entry.factsAtEviction.inSummary, entry.factsAtEviction.total)}`,
      `  ids+dates of everything covered, still in the last summary: ${
        formatShare(entry.factsAtEnd.inSummary, entry.factsAtEnd.total)
      }`,
      `  failed turns ${entry.failedTurns}, summary gaps ${entry.summaryGaps}`,
    ];
    if (entry.answers !== undefined) {
      const a = entry.answers;
      lines.push(
        `  answer F1${simulatedAnswers ? ' (simulator answers: plumbing only, not a quality figure)' : ''}: ` +
          `tokenwise ${a.oursF1.toFixed(3)}, full history ${a.fullF1.toFixed(3)}, ratio ${
            a.ratio === null ? 'n/a' : a.ratio.toFixed(3)
          }`,
        `  answer cost: tokenwise $${a.oursCostUsd.toFixed(4)}, full history $${a.fullCostUsd.toFixed(4)}` +
          (a.errors > 0 ? `, ${a.errors} answer calls failed` : ''),
      );
    }
    return lines.join('\n');
  }).join('\n');
}
