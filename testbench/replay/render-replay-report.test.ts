import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { emptySide } from './tally-side.ts';
import { escapeHtml, renderReplayReport } from './render-replay-report.ts';
import type { ReplayRun } from './run-replay.ts';

const CHART_LIBRARY = readFileSync(
  fileURLToPath(new URL('../../node_modules/chart.js/dist/chart.umd.js', import.meta.url)),
  'utf8',
);

function side(billedInputUsd: number, promptTokens: number) {
  return {
    ...emptySide(),
    calls: 2,
    mainCalls: 2,
    billedInputUsd,
    totalUsd: billedInputUsd + 0.01,
    promptTokens,
    inputTokens: promptTokens,
  };
}

const SIDES = {
  'ours': side(0.01, 1_000),
  'naive': side(0.2, 20_000),
  'naive-cached': side(0.05, 20_000),
  'window-cached': side(0.04, 12_000),
};
const RUN: ReplayRun = {
  mode: 'simulator',
  mainModelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  cheapModelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
  maxInputTokens: 24_000,
  domainToolPolicy: 'select',
  autoChoice: {
    policy: 'select',
    toolCount: 30,
    catalogueTokens: 8_485,
    autoLimit: 6_000,
    reason: 'DOMAIN_TOOLS=auto',
  },
  databaseUrl: null,
  standIns: [],
  conversations: [
    {
      id: '</script><img src="https://evil.example/x.png">',
      userTurns: 2,
      sides: SIDES,
      ourKinds: {
        main: { calls: 2, promptTokens: 1_000, billedInputUsd: 0.01, totalUsd: 0.02 },
        selector: { calls: 0, promptTokens: 0, billedInputUsd: 0, totalUsd: 0 },
        summariser: { calls: 0, promptTokens: 0, billedInputUsd: 0, totalUsd: 0 },
      },
      failedTurns: 0,
      persistedTurns: 2,
      ledgerCostUsd: 0.02,
      maxSummaryTokens: 0,
      maxWindowMessages: 3,
      misalignedExchanges: 0,
      scriptLeft: 0,
      unmatchedToolCalls: 0,
      toolCalls: {
        recorded: 4,
        offered: 2,
        recovered: 1,
        missed: 1,
        missedByDomain: { weather: 1 },
        missedByReason: { 'not-found': 1 },
        notOfferedBySelection: { 'no-selector-call': 1, 'not-picked': 1 },
      },
      toolListChanges: { changes: 1, withinTurn: 1, costUsd: 0.001 },
      points: [
        {
          promptTokens: { 'ours': 400, 'naive': 9_000, 'naive-cached': 9_000, 'window-cached': 6_000 },
          cumulativeCostUsd: { 'ours': 0.01, 'naive': 0.1, 'naive-cached': 0.03, 'window-cached': 0.02 },
        },
        {
          promptTokens: { 'ours': 600, 'naive': 11_000, 'naive-cached': 11_000, 'window-cached': 6_000 },
          cumulativeCostUsd: { 'ours': 0.02, 'naive': 0.21, 'naive-cached': 0.06, 'window-cached': 0.05 },
        },
      ],
    },
  ],
  totals: SIDES,
  replays: [],
};

describe('renderReplayReport', () => {
  const html = renderReplayReport(RUN, { chartLibrary: CHART_LIBRARY, title: 'fixture.jsonl' });

  it('embeds the chart library itself and draws both charts with it', () => {
    assert.ok(html.includes('Chart.js v4'), 'the library banner is inline');
    assert.ok(html.length > CHART_LIBRARY.length, 'the whole library is inline');
    assert.ok(html.includes("new Chart(document.getElementById('prompt-chart')"), 'prompt chart');
    assert.ok(html.includes("new Chart(document.getElementById('cost-chart')"), 'cost chart');
    assert.ok(html.includes('"label":"(a) naive"'), 'the baselines are series');
  });

  it('loads nothing from elsewhere: no src or href attribute, no link or import, no source map', () => {
    assert.doesNotMatch(html, /<[a-z][^>]*\s(src|href|srcset|poster|data)\s*=/i);
    assert.doesNotMatch(html, /<(link|iframe|img|object|embed)\b/i);
    assert.doesNotMatch(html, /<link\b|@import|sourceMappingURL/i);
    assert.equal(html.match(/<script>/g)?.length, 2);
    assert.equal(html.match(/<\/script>/g)?.length, 2, 'a conversation id cannot close a script element');
  });

  it('shows the headline ratios and escapes conversation ids', () => {
    assert.ok(html.includes('<strong>5.0%</strong> of the naive baseline (a)'), 'percent of naive');
    assert.ok(
      html.includes('<strong>25.0%</strong> of the better cached baseline (c) 12-msg window + cache'),
      'percent of best cached',
    );
    assert.ok(html.includes(escapeHtml('</script><img')), 'the id is escaped in the table');
  });

  it('says which domain tool policy the run used', () => {
    assert.ok(html.includes('domain tools selected per request.</p>'));
    const all = renderReplayReport({ ...RUN, domainToolPolicy: 'all' }, { chartLibrary: CHART_LIBRARY, title: 't' });
    assert.ok(all.includes('every domain tool on every request.</p>'));
  });
});
