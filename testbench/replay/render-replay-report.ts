// The offline HTML report: the chart library inlined, charts of prompt tokens per turn and cumulative cost, the tables.
import { BASELINE_LABELS } from './build-baseline-request.ts';
import { type Side, SIDES } from './compute-replay-figures.ts';
import { renderReplayTable } from './render-replay-table.ts';
import type { ReplayRun } from './run-replay.ts';
import { sumCheapOutputUsd } from './sum-cheap-output.ts';
import { summariseComparison } from './summarise-comparison.ts';

const SIDE_LABELS: Readonly<Record<Side, string>> = { ours: 'ours (tokenwise)', ...BASELINE_LABELS };
const SIDE_COLOURS: Readonly<Record<Side, string>> = {
  'ours': '#1b7f3b',
  'naive': '#b3261e',
  'naive-cached': '#e08a00',
  'window-cached': '#3465a4',
};

export type ReportOptions = {
  /** The text of chart.js's UMD build (node_modules/chart.js/dist/chart.umd.js), embedded as is. */
  readonly chartLibrary: string;
  /** Shown in the title, e.g. the input file name. */
  readonly title?: string;
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(
    /'/g,
    '&#39;',
  );
}

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The library with its source-map comment removed (the map is not shipped) and any `</script` defused. */
function inlineLibrary(text: string): string {
  return text.replace(/\/\/# sourceMappingURL=\S*/g, '').replace(/<\/script/gi, '<\\/script');
}

/**
 * A single self-contained HTML page. Invariants: it loads nothing (no src/href to another file or host, no CDN); the
 * charts use one point per user turn across the run's conversations in order, the cost curve cumulative over the run;
 * the tables are the terminal's, as preformatted text, so both outputs always agree.
 */
export function renderReplayReport(run: ReplayRun, options: ReportOptions): string {
  const labels: string[] = [];
  const prompt = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  const cost = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  const offset = Object.fromEntries(SIDES.map((side) => [side, 0])) as Record<Side, number>;
  for (const conversation of run.conversations) {
    conversation.points.forEach((point, index) => {
      labels.push(`${conversation.id} #${index + 1}`);
      for (const side of SIDES) {
        prompt[side].push(point.promptTokens[side]);
        cost[side].push(Number((offset[side] + point.cumulativeCostUsd[side]).toFixed(6)));
      }
    });
    for (const side of SIDES) offset[side] += conversation.points.at(-1)?.cumulativeCostUsd[side] ?? 0;
  }
  const dataset = (series: Record<Side, number[]>) =>
    SIDES.map((side) => ({
      label: SIDE_LABELS[side],
      data: series[side],
      borderColor: SIDE_COLOURS[side],
      backgroundColor: SIDE_COLOURS[side],
    }));
  const chartData = { labels, prompt: dataset(prompt), cost: dataset(cost), cap: run.maxInputTokens };
  const comparison = summariseComparison(run.totals, sumCheapOutputUsd(run.conversations));
  const title = `Replay report${options.title === undefined ? '' : `: ${options.title}`}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
pre { background: #f6f6f6; padding: 1rem; overflow-x: auto; font-size: 12px; }
.chart { position: relative; height: 360px; margin-bottom: 2rem; }
.headline { font-size: 1.1rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="headline">Billed input cost (cache-weighted, selector and summariser included): <strong>${
    comparison.percentOfNaive.toFixed(1)
  }%</strong> of the naive baseline (a),
<strong>${comparison.percentOfBestCached.toFixed(1)}%</strong> of the better cached baseline ${
    escapeHtml(SIDE_LABELS[comparison.bestCached])
  }; with the selector's and summariser's replies too (output the baselines never pay): <strong>${
    comparison.allInPercentOfBestCached.toFixed(1)
  }%</strong>.
Input tokens: ${comparison.inputTokensPercentOfNaive.toFixed(1)}% of naive. Cache reads on ${
    comparison.ourCacheReadPercent.toFixed(1)
  }% of main calls after the first within the TTL.
Mode: ${escapeHtml(run.mode)}; main model ${escapeHtml(run.mainModelId)}, cheap model ${
    escapeHtml(run.cheapModelId)
  }; ${run.domainToolPolicy === 'all' ? 'every domain tool on every request' : 'domain tools selected per request'}.</p>
<h2>Prompt tokens per user turn (largest main call of the turn)</h2>
<div class="chart"><canvas id="prompt-chart"></canvas></div>
<h2>Cumulative cost (USD, output tokens charged equally to every side)</h2>
<div class="chart"><canvas id="cost-chart"></canvas></div>
<h2>Tables</h2>
<pre>${escapeHtml(renderReplayTable(run))}</pre>
<script>${inlineLibrary(options.chartLibrary)}</script>
<script>
const replayData = ${toScriptJson(chartData)};
const common = { animation: false, responsive: true, maintainAspectRatio: false, elements: { point: { radius: 0 }, line: { borderWidth: 1.5 } }, interaction: { mode: 'index', intersect: false }, scales: { x: { ticks: { maxTicksLimit: 20 } } } };
new Chart(document.getElementById('prompt-chart'), { type: 'line', data: { labels: replayData.labels, datasets: replayData.prompt }, options: common });
new Chart(document.getElementById('cost-chart'), { type: 'line', data: { labels: replayData.labels, datasets: replayData.cost }, options: common });
</script>
</body>
</html>
`;
}
