import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CacheLayer } from '../assembly/index.ts';
import type { CheckpointPrint, PromptFingerprint } from './diagnose-cache-miss.ts';
import { parseCacheWatch, parsePromptFingerprint } from './parse-cache-state.ts';
import {
  type CacheWatch,
  type CacheWatchEvent,
  createCacheWatch,
  observeCacheCall,
  withheldCachePoints,
} from './watch-cache-points.ts';

const FIVE_MINUTES = 5 * 60_000;
const SETTINGS = { unreadLimit: 3, probeEvery: 4 };
const MIN_CACHE = 1_024;

/** One call of a conversation whose tools are `tools`, at `at`, the `turn`-th exchange of its history. */
function call(turn: number, at: number, tools = 'calendar,notes'): PromptFingerprint {
  const history = (n: number) => `${tools}|history-${n}`;
  const layers: CheckpointPrint[] = [
    { layer: 'standard-tools', key: 'standard', tokens: 900, placed: false, ttlMs: 0 },
    { layer: 'system', key: `system|${tools}`, tokens: 2_400, placed: true, ttlMs: FIVE_MINUTES },
    {
      layer: 'stable-history',
      key: turn > 1 ? history(turn - 1) : '',
      tokens: 2_400 + 300 * (turn - 1),
      placed: turn > 1,
      ttlMs: turn > 1 ? FIVE_MINUTES : 0,
    },
    { layer: 'request-end', key: history(turn), tokens: 2_400 + 300 * turn, placed: true, ttlMs: FIVE_MINUTES },
  ];
  return {
    at,
    toolsKey: tools,
    systemKey: 'system',
    summaryKey: 'summary',
    historyKey: history(turn - 1),
    firstCheckpointTokens: 2_400,
    ttlMs: FIVE_MINUTES,
    totalTokens: 2_400 + 300 * turn,
    layers,
  };
}

/** The same call with some layers not placed (as the plan does for withheld ones). */
function without(print: PromptFingerprint, withheld: ReadonlyMap<CacheLayer, string>): PromptFingerprint {
  return {
    ...print,
    layers: print.layers.map((layer) => withheld.has(layer.layer) ? { ...layer, placed: false, ttlMs: 0 } : layer),
  };
}

type Step = { readonly print: PromptFingerprint; readonly read: number; readonly written: number };

/** Runs calls through the watch as the turn loop does; returns the final watch and every event with its call index. */
function run(steps: readonly Step[], start: CacheWatch = createCacheWatch()) {
  let watch = start;
  let previous: PromptFingerprint | null = null;
  const events: (CacheWatchEvent & { call: number })[] = [];
  const plans: ReadonlyMap<CacheLayer, string>[] = [];
  steps.forEach((step, index) => {
    const plan = withheldCachePoints(watch);
    plans.push(plan);
    const current = without(step.print, plan);
    const written = current.layers.some((layer) => layer.placed) ? step.written : 0;
    const observed = observeCacheCall({
      watch,
      previous,
      current,
      usage: { cacheReadInputTokens: step.read, cacheWriteInputTokens: written },
      actualInputTokens: current.totalTokens,
      minCacheTokens: MIN_CACHE,
      settings: SETTINGS,
    });
    events.push(...observed.events.map((event) => ({ ...event, call: index + 1 })));
    watch = observed.watch;
    previous = current;
  });
  return { watch, events, plans };
}

describe('observeCacheCall', () => {
  it('leaves a healthy conversation alone: every write is read by the next call', () => {
    const steps = Array.from({ length: 8 }, (_, index) => {
      const turn = index + 1;
      // Each call reads the previous request's prefix and writes its own last exchange.
      return { print: call(turn, turn * 60_000), read: turn === 1 ? 0 : 2_400 + 300 * (turn - 1), written: 300 };
    });
    const { watch, events } = run(steps);
    assert.deepEqual(events, []);
    assert.deepEqual(watch.withheld, []);
    assert.deepEqual(watch.unread, {});
  });

  it('withholds checkpoints whose writes are never read (unexplained) and probes them every M calls', () => {
    // A cache that never reads: every call writes its whole prefix again.
    const steps = Array.from({ length: 12 }, (_, index) => ({
      print: call(index + 1, (index + 1) * 60_000),
      read: 0,
      written: 2_400 + 300 * (index + 1),
    }));
    const { events, plans } = run(steps);
    // Calls 1-3 wrote; calls 2, 3 and 4 did not read them: withheld when call 4 is observed.
    assert.deepEqual(events.filter((event) => event.call === 4), [
      { type: 'withheld', layer: 'system', cause: 'unexplained', unreadWrites: 3, call: 4 },
      { type: 'withheld', layer: 'request-end', cause: 'unexplained', unreadWrites: 3, call: 4 },
    ]);
    assert.deepEqual([...plans[4]!.keys()].sort(), ['request-end', 'stable-history', 'system']);
    assert.match(plans[4]!.get('system')!, /its last 3 writes were never read \(unexplained\)/u);
    // Four calls without them, then one probe; its write is not read either, so they are withheld again at once.
    const probes = events.filter((event) => event.type === 'probe').map((event) => [event.call, event.layer]);
    assert.deepEqual(probes, [[8, 'system'], [8, 'request-end']]);
    assert.equal(plans[8]!.size, 0);
    assert.deepEqual(
      events.filter((event) => event.call === 10).map((event) => [event.type, event.layer, event.cause]),
      [['withheld', 'system', 'unexplained'], ['withheld', 'request-end', 'unexplained']],
    );
  });

  it('brings a probed checkpoint back for good when the cache reads it again', () => {
    const never = Array.from({ length: 8 }, (_, index) => ({
      print: call(index + 1, (index + 1) * 60_000),
      read: 0,
      written: 2_400 + 300 * (index + 1),
    }));
    // From call 9 (the probe) the cache works: call 10 reads what call 9 wrote.
    const healthy = Array.from({ length: 4 }, (_, index) => {
      const turn = index + 9;
      return { print: call(turn, turn * 60_000), read: turn === 9 ? 0 : 2_400 + 300 * (turn - 1), written: 300 };
    });
    const { watch, plans } = run([...never, ...healthy]);
    assert.equal(plans[8]!.size, 0, 'the probe call places everything');
    assert.deepEqual(watch.withheld, []);
    assert.deepEqual(plans[11], new Map());
  });

  it('withholds the checkpoints after a tool set that changes every call, and restores them once it holds still', () => {
    const tools = ['calendar', 'notes', 'habits', 'reading', 'tasks', 'tasks', 'tasks'];
    const steps = tools.map((set, index) => ({
      print: call(index + 1, (index + 1) * 60_000, set),
      // The standard tools are read each time; nothing after them survives the change of tools.
      read: index === 0 ? 0 : 900,
      written: 1_500 + 300 * (index + 1),
    }));
    const { events, plans } = run(steps);
    assert.deepEqual(
      events.map((event) => [event.call, event.type, event.layer, event.cause]),
      [
        [4, 'withheld', 'system', 'tool-set-changed'],
        [4, 'withheld', 'request-end', 'tool-set-changed'],
        // Call 6 repeats call 5's tools: the prefix a write would have closed was there to read.
        [6, 'restored', 'system', 'tool-set-changed'],
        [6, 'restored', 'request-end', 'tool-set-changed'],
      ],
    );
    assert.equal(plans[4]!.size, 3);
    assert.equal(plans[6]!.size, 0);
  });

  it('names ttl-lapsed when the calls come further apart than the TTL, and restores when they come closer', () => {
    const gaps = [0, 6, 12, 18, 24, 25, 26];
    const steps = gaps.map((minutes, index) => ({
      print: call(index + 1, minutes * 60_000),
      read: 0,
      written: 2_400 + 300 * (index + 1),
    }));
    const { events } = run(steps);
    assert.deepEqual(
      events.map((event) => [event.call, event.type, event.layer, event.cause]),
      [
        [4, 'withheld', 'system', 'ttl-lapsed'],
        [4, 'withheld', 'request-end', 'ttl-lapsed'],
        [6, 'restored', 'system', 'ttl-lapsed'],
        [6, 'restored', 'request-end', 'ttl-lapsed'],
      ],
    );
  });

  it('counts only writes in a row: a read in between starts the count again', () => {
    const steps = [1, 2, 3, 4, 5, 6].map((turn) => ({
      print: call(turn, turn * 60_000),
      read: turn === 4 ? 2_400 + 300 * 3 : 0,
      written: 2_400 + 300 * turn,
    }));
    const { watch, events } = run(steps);
    assert.deepEqual(events, []);
    // Call 4 read the system prefix, so its system point wrote nothing: only call 5's write went unread since.
    assert.deepEqual(watch.unread, { system: 1, 'request-end': 2 });
  });
});

describe('parsePromptFingerprint', () => {
  it('reads back a stored fingerprint and refuses an older shape without checkpoint prints', () => {
    const print = call(3, 180_000);
    assert.deepEqual(parsePromptFingerprint(JSON.parse(JSON.stringify(print))), print);
    const { layers: _layers, totalTokens: _total, ...older } = print;
    assert.equal(parsePromptFingerprint(older), null);
    assert.equal(parsePromptFingerprint({ ...print, layers: [{ layer: 'tools', key: 'x' }] }), null);
  });
});

describe('parseCacheWatch', () => {
  it('reads back what observeCacheCall wrote, through JSON', () => {
    const steps = Array.from({ length: 5 }, (_, index) => ({
      print: call(index + 1, (index + 1) * 60_000),
      read: 0,
      written: 2_400,
    }));
    const { watch } = run(steps);
    assert.deepEqual(parseCacheWatch(JSON.parse(JSON.stringify(watch))), watch);
  });

  it('starts again from an empty watch on anything malformed', () => {
    assert.deepEqual(parseCacheWatch(null), createCacheWatch());
    assert.deepEqual(parseCacheWatch({ wrote: 'system' }), createCacheWatch());
    assert.deepEqual(
      parseCacheWatch({
        wrote: ['system', 'nonsense'],
        unread: { system: 2, other: 4 },
        withheld: [{ layer: 'system', cause: 'who-knows', unreadWrites: 3, since: 0, calls: 0, ttlMs: 0 }],
      }),
      { wrote: ['system'], unread: { system: 2 }, withheld: [] },
    );
  });
});
