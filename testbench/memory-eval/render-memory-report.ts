// The memory eval as one self-contained HTML page: totals per fixture half, then every question with its evidence and
// (when asked) both answers.
import { escapeHtml } from '../replay/render-replay-report.ts';
import type { ConversationMemoryFigures } from './evaluate-memory-conversation.ts';
import { renderMemoryTable } from './render-memory-table.ts';
import type { MemoryTotals } from './summarise-memory-figures.ts';

const STYLE = 'body{font:14px system-ui,sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;' +
  'width:100%}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}th{background:#f4f4f4}' +
  '.window{color:#06612b}.summary{color:#8a5a00}.gone{color:#a00}pre{background:#f8f8f8;padding:1em}';

const fixed = (value: number | null | undefined, digits = 2): string =>
  value === null || value === undefined ? '' : value.toFixed(digits);

function questionRows(figures: ConversationMemoryFigures): string {
  return figures.questions.map((question) => {
    const evidence = question.evidence.map((entry) =>
      `<span class="${entry.status}">${escapeHtml(entry.id)}: ${entry.status}</span>`
    ).join('<br>');
    const answer = (side: typeof question.ours) =>
      side === undefined ? '' : `${escapeHtml(side.error ?? side.text)}<br>F1 ${fixed(side.f1)}`;
    return `<tr><td>${escapeHtml(question.id)}</td><td>${escapeHtml(question.category ?? '')}</td><td>${
      escapeHtml(question.question)
    }</td><td>${escapeHtml(question.answer)}</td><td>${evidence || '—'}</td><td>${
      fixed(question.lexicalRetention)
    }</td><td>${question.contextTokens}</td><td>${answer(question.ours)}</td><td>${answer(question.full)}</td></tr>`;
  }).join('\n');
}

/** Pure: the same figures give the same page. `title` names the input file. */
export function renderMemoryReport(
  input: {
    readonly title: string;
    readonly totals: readonly MemoryTotals[];
    readonly conversations: readonly ConversationMemoryFigures[];
    readonly simulatedAnswers: boolean;
  },
): string {
  const sections = input.conversations.map((figures) =>
    `<h2>${escapeHtml(figures.id)}${figures.split === undefined ? '' : ` (${escapeHtml(figures.split)})`}</h2>
<p>${figures.exchanges} exchanges, ${figures.summaryUpdates} summary updates, ${figures.summaryGaps} gaps, last summary ${figures.finalSummaryTokens} tokens, ${figures.failedTurns} failed turns.</p>
<table><tr><th>id</th><th>cat.</th><th>question</th><th>gold answer</th><th>evidence</th><th>lexical retention</th><th>prompt tokens</th><th>tokenwise answer</th><th>full-history answer</th></tr>
${questionRows(figures)}
</table>`
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Memory eval: ${
    escapeHtml(input.title)
  }</title><style>${STYLE}</style></head><body>
<h1>Memory eval: ${escapeHtml(input.title)}</h1>
<pre>${escapeHtml(renderMemoryTable(input.totals, input.simulatedAnswers))}</pre>
<p>Evidence: <span class="window">window</span> = the message is in the prompt; <span class="summary">summary</span> =
the summary's range covers it (what it kept of it is in the lexical retention); <span class="gone">gone</span> = neither.</p>
${sections}
</body></html>
`;
}
