// The console page's browser script: signs in with a pasted bearer token (or the development link's #token=
// fragment), reads the console's JSON routes and draws the conversation list, the turn table and the charts.

/** Where the page keeps the token for this tab (never in a cookie: every data call sends it as a Bearer header). */
const TOKEN_KEY = 'tokenwise.console.token';

/** The page's script: plain ES2020, no template literals (it lives in one), DOM built with textContent only. */
export const CONSOLE_SCRIPT = `'use strict';
(function () {
  var TOKEN_KEY = ${JSON.stringify(TOKEN_KEY)};
  var charts = [];
  var $ = function (id) { return document.getElementById(id); };
  var usd = function (value) { return '$' + value.toFixed(value >= 1 ? 2 : 4); };
  var count = function (value) { return value.toLocaleString('en-US'); };

  var hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) {
    sessionStorage.setItem(TOKEN_KEY, hash.get('token'));
    history.replaceState(null, '', location.pathname + location.search);
  }

  function token() { return sessionStorage.getItem(TOKEN_KEY); }

  function showLogin(message) {
    $('app').hidden = true;
    $('signout').hidden = true;
    $('login').hidden = false;
    $('login-error').textContent = message || '';
  }

  function api(path) {
    return fetch(path, { headers: { authorization: 'Bearer ' + token(), accept: 'application/json' } }).then(function (response) {
      return response.json().then(function (body) {
        if (response.status === 401) {
          sessionStorage.removeItem(TOKEN_KEY);
          throw new Error('That token was refused: ' + (body.error ? body.error.message : response.status));
        }
        if (!response.ok) throw new Error(body.error ? body.error.message : 'HTTP ' + response.status);
        return body;
      });
    });
  }

  function cell(row, label, text, value) {
    var td = document.createElement('td');
    td.setAttribute('data-label', label);
    td.textContent = text;
    if (value !== undefined) td.setAttribute('data-value', String(value));
    row.appendChild(td);
    return td;
  }

  function total(container, label, field, text, value) {
    var box = document.createElement('div');
    var name = document.createElement('span');
    var strong = document.createElement('strong');
    name.textContent = label;
    strong.textContent = text;
    strong.setAttribute('data-field', field);
    strong.setAttribute('data-value', String(value));
    box.appendChild(name);
    box.appendChild(strong);
    container.appendChild(box);
  }

  function chart(id, config) {
    var created = new Chart($(id), config);
    charts.push(created);
  }

  function drawCharts(turns) {
    charts.forEach(function (one) { one.destroy(); });
    charts = [];
    var labels = turns.map(function (turn) { return String(turn.index); });
    var common = { responsive: true, maintainAspectRatio: false, animation: false, interaction: { mode: 'index', intersect: false } };
    var money = { ticks: { callback: function (value) { return '$' + Number(value).toFixed(3); } } };
    chart('cost-chart', {
      type: 'bar',
      data: { labels: labels, datasets: [
        { label: 'tokenwise', data: turns.map(function (t) { return t.costUSD; }), backgroundColor: '#1f7a5a' },
        { label: 'naive', data: turns.map(function (t) { return t.naiveCostUSD; }), backgroundColor: '#b4423a' },
      ] },
      options: Object.assign({}, common, { plugins: { title: { display: true, text: 'Cost per turn (USD)' } }, scales: { y: money } }),
    });
    chart('cumulative-chart', {
      type: 'line',
      data: { labels: labels, datasets: [
        { label: 'tokenwise', data: turns.map(function (t) { return t.cumulativeCostUSD; }), borderColor: '#1f7a5a', backgroundColor: '#1f7a5a' },
        { label: 'naive', data: turns.map(function (t) { return t.cumulativeNaiveCostUSD; }), borderColor: '#b4423a', backgroundColor: '#b4423a' },
      ] },
      options: Object.assign({}, common, { plugins: { title: { display: true, text: 'Cumulative cost (USD)' } }, scales: { y: money } }),
    });
    var layer = function (name, color) {
      return { label: name, backgroundColor: color, stack: 'prompt', data: turns.map(function (t) { return t.layers ? t.layers[name === 'current run' ? 'currentRun' : name] : 0; }) };
    };
    chart('layer-chart', {
      type: 'bar',
      data: { labels: labels, datasets: [
        layer('tools', '#4c6ef5'), layer('system', '#7950f2'), layer('summary', '#f59f00'), layer('window', '#12b886'),
        layer('current run', '#868e96'),
      ] },
      options: Object.assign({}, common, {
        plugins: { title: { display: true, text: 'Prompt layers per turn (tokens)' } },
        scales: { x: { stacked: true }, y: { stacked: true } },
      }),
    });
  }

  function showConversation(id) {
    document.querySelectorAll('#conversations button').forEach(function (button) {
      button.setAttribute('aria-current', String(button.getAttribute('data-id') === id));
    });
    var url = new URL(location.href);
    url.searchParams.set('conversation', id);
    history.replaceState(null, '', url.pathname + url.search);
    return api('/v1/console/conversations/' + encodeURIComponent(id) + '/turns').then(function (data) {
      $('title').textContent = data.conversation.title || data.conversation.id;
      var totals = $('totals');
      totals.textContent = '';
      var t = data.totals;
      total(totals, 'cost', 'costUSD', usd(t.costUSD), t.costUSD);
      total(totals, 'naive cost', 'naiveCostUSD', usd(t.naiveCostUSD), t.naiveCostUSD);
      total(totals, 'saving', 'savingPercent', t.savingPercent.toFixed(1) + '%', t.savingPercent);
      total(totals, 'cache read', 'cacheReadInputTokens', count(t.cacheReadInputTokens), t.cacheReadInputTokens);
      total(totals, 'cache write', 'cacheWriteInputTokens', count(t.cacheWriteInputTokens), t.cacheWriteInputTokens);
      total(totals, 'model calls', 'calls', count(t.calls), t.calls);
      var body = document.querySelector('#turns tbody');
      body.textContent = '';
      data.turns.forEach(function (turn) {
        var row = document.createElement('tr');
        row.setAttribute('data-turn', String(turn.index));
        var layers = turn.layers || { tools: 0, system: 0, summary: 0, window: 0, currentRun: 0 };
        var main = turn.calls.filter(function (call) { return call.kind === 'main'; });
        var ttls = main.length ? main[main.length - 1].cacheTtls : [];
        cell(row, '#', String(turn.index));
        cell(row, 'message', turn.userText || (turn.status === 'failed' ? '(failed: ' + turn.errorCode + ')' : ''));
        cell(row, 'tools', count(layers.tools), layers.tools);
        cell(row, 'system', count(layers.system), layers.system);
        cell(row, 'summary', count(layers.summary), layers.summary);
        cell(row, 'window', count(layers.window), layers.window);
        cell(row, 'current run', count(layers.currentRun), layers.currentRun);
        cell(row, 'cache read', count(turn.cacheReadInputTokens), turn.cacheReadInputTokens);
        cell(row, 'cache write', count(turn.cacheWriteInputTokens), turn.cacheWriteInputTokens);
        cell(row, 'cache miss', turn.cacheMissReason || '—').className = turn.cacheMissReason ? 'miss' : '';
        cell(row, 'TTL', ttls.length ? ttls[ttls.length - 1] : '—');
        cell(row, 'cost', usd(turn.costUSD), turn.costUSD);
        cell(row, 'naive', usd(turn.naiveCostUSD), turn.naiveCostUSD);
        cell(row, 'saving', turn.savingPercent.toFixed(1) + '%', turn.savingPercent);
        body.appendChild(row);
      });
      drawCharts(data.turns);
      document.body.setAttribute('data-loaded', id);
    });
  }

  function start() {
    if (!token()) return showLogin('');
    $('login').hidden = true;
    return api('/v1/console/conversations').then(function (data) {
      $('app').hidden = false;
      $('signout').hidden = false;
      var list = $('conversations');
      list.textContent = '';
      $('no-conversations').hidden = data.conversations.length > 0;
      data.conversations.forEach(function (conversation) {
        var item = document.createElement('li');
        var button = document.createElement('button');
        var small = document.createElement('small');
        button.setAttribute('data-id', conversation.id);
        button.textContent = conversation.title || conversation.id.slice(0, 12);
        small.textContent = conversation.turns + ' turns · ' + usd(conversation.costUSD) + ' · saved ' + conversation.savingPercent.toFixed(1) + '%';
        button.appendChild(small);
        button.addEventListener('click', function () { showConversation(conversation.id).catch(fail); });
        item.appendChild(button);
        list.appendChild(item);
      });
      var wanted = new URLSearchParams(location.search).get('conversation');
      var first = data.conversations.find(function (c) { return c.id === wanted; }) || data.conversations[0];
      if (first) return showConversation(first.id);
      document.body.setAttribute('data-loaded', 'none');
    });
  }

  function fail(error) {
    if (!token()) return showLogin(error.message);
    $('title').textContent = error.message;
  }

  $('login-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var value = $('token').value.trim().replace(/^Bearer\\s+/i, '');
    if (!value) return;
    sessionStorage.setItem(TOKEN_KEY, value);
    $('token').value = '';
    start().catch(fail);
  });
  $('signout').addEventListener('click', function () {
    sessionStorage.removeItem(TOKEN_KEY);
    showLogin('Signed out.');
  });
  var started = start();
  if (started) started.catch(fail);
})();
`;
