// The console page: static HTML that loads chart.js and the console script (no data inside; the script reads the
// JSON routes with a bearer token the person pastes, or takes once from the development link's #token= fragment).

/** The page: layout and styles only (the console script fills it in). */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>tokenwise console</title>
<style>
  :root { --ink: #1d2430; --muted: #5b6576; --line: #dde2ea; --ours: #1f7a5a; --naive: #b4423a; --bg: #f6f7f9; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--ink); background: var(--bg); }
  header { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: #fff; border-bottom: 1px solid var(--line); }
  header h1 { font-size: 16px; margin: 0; flex: 1; }
  header button { font: inherit; }
  main { display: grid; grid-template-columns: 260px 1fr; gap: 16px; padding: 16px; }
  nav, section.panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px; min-width: 0; }
  nav h2, section.panel h2 { font-size: 15px; margin: 0 0 8px; }
  nav ul { list-style: none; margin: 0; padding: 0; }
  nav li button { width: 100%; text-align: left; border: 0; background: none; padding: 8px; border-radius: 6px; font: inherit; cursor: pointer; }
  nav li button[aria-current="true"] { background: #e8f3ee; }
  nav small { display: block; color: var(--muted); }
  .totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 8px; margin-bottom: 12px; }
  .totals div { border: 1px solid var(--line); border-radius: 6px; padding: 8px; }
  .totals span { display: block; color: var(--muted); font-size: 12px; }
  .totals strong { font-size: 16px; }
  .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 12px; margin-bottom: 12px; }
  .chart { position: relative; height: 240px; border: 1px solid var(--line); border-radius: 6px; padding: 6px; }
  table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
  th, td { padding: 6px 8px; border-bottom: 1px solid var(--line); text-align: right; vertical-align: top; }
  th:nth-child(2), td:nth-child(2) { text-align: left; max-width: 260px; overflow-wrap: anywhere; }
  th { font-size: 12px; color: var(--muted); font-weight: 600; }
  .miss { color: var(--naive); }
  .hint { color: var(--muted); }
  #login { max-width: 480px; margin: 40px auto; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; }
  #login input { width: 100%; font: inherit; padding: 8px; margin: 8px 0; }
  [hidden] { display: none !important; }
  @media (max-width: 760px) {
    main { grid-template-columns: 1fr; padding: 8px; gap: 8px; }
    .chart { height: 200px; }
    table, thead, tbody, tr, td { display: block; }
    thead { display: none; }
    tr { border: 1px solid var(--line); border-radius: 6px; margin-bottom: 8px; padding: 4px 0; }
    td { border: 0; padding: 2px 8px; text-align: right; }
    td::before { content: attr(data-label); float: left; color: var(--muted); }
    td:nth-child(2) { text-align: left; max-width: none; }
    td:nth-child(2)::before { content: none; }
  }
</style>
</head>
<body>
<header><h1>tokenwise console</h1><span id="who" class="hint"></span><button id="signout" hidden>Sign out</button></header>
<div id="login" hidden>
  <h2>Open the console</h2>
  <p>Paste a bearer token (the same one the chat API takes). In simulator mode, open the <code>console</code> link
  printed in the <code>development_token</code> log line instead.</p>
  <form id="login-form"><input id="token" type="password" autocomplete="off" placeholder="Bearer token" aria-label="Bearer token">
  <button type="submit">Open</button></form>
  <p id="login-error" class="miss" role="alert"></p>
</div>
<main id="app" hidden>
  <nav><h2>Conversations</h2><ul id="conversations"></ul><p id="no-conversations" class="hint" hidden>No conversations yet.</p></nav>
  <section class="panel" id="detail">
    <h2 id="title">Select a conversation</h2>
    <div class="totals" id="totals"></div>
    <div class="charts">
      <div class="chart"><canvas id="cost-chart" aria-label="Cost per turn, tokenwise against naive"></canvas></div>
      <div class="chart"><canvas id="cumulative-chart" aria-label="Cumulative cost, tokenwise against naive"></canvas></div>
      <div class="chart"><canvas id="layer-chart" aria-label="Prompt layers per turn in tokens"></canvas></div>
    </div>
    <table id="turns"><thead><tr><th>#</th><th>message</th><th>tools</th><th>system</th><th>summary</th><th>window</th>
    <th>current run</th><th>cache read</th><th>cache write</th><th>cache miss</th><th>TTL</th><th>cost</th><th>naive</th>
    <th>saving</th></tr></thead><tbody></tbody></table>
  </section>
</main>
<script src="/console/chart.js"></script>
<script src="/console/app.js"></script>
</body>
</html>
`;
