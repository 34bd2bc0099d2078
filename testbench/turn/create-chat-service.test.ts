import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import { createChatService } from '../../src/turn/create-chat-service.ts';
import { refreshSummary } from '../../src/turn/refresh-summary.ts';
import {
  CHEAP_MODEL,
  countedInputTokens,
  createTurnFixture,
  requestTexts,
  type TurnFixture,
  USER,
} from './turn-test-support.ts';

const TURNS = 40;
/** Tight enough that the largest request comes within about 5% of it. */
const MAX_INPUT_TOKENS = 3_000;
/** Causes a miss may be given once the cache was warm; 'unexplained' would mean the diagnosis failed. */
const SENSIBLE_WARM_MISSES = new Set(['summary-changed', 'window-moved', 'ttl-lapsed', 'tool-set-changed']);

type LedgerRow = {
  kind: string;
  model_id: string;
  turn_id: string | null;
  cache_read_tokens: number;
  cache_miss_reason: string | null;
};

/** A user message of about 60 words, different every turn. */
function question(turn: number): string {
  const words = [
    'what',
    'should',
    'I',
    'plan',
    'for',
    'the',
    'next',
    'week',
    'given',
    'everything',
    'we',
    'discussed',
    'so',
    'far',
    'about',
    'my',
    'schedule',
  ];
  return `Question ${turn}: ${
    Array.from({ length: 60 }, (_, index) => words[(index * 5 + turn) % words.length]).join(' ')
  }?`;
}

let fixture: TurnFixture;

describe('createChatService', () => {
  before(async () => {
    fixture = await createTurnFixture({ settings: { maxInputTokens: MAX_INPUT_TOKENS } });
  });
  after(() => fixture.close());

  it(`keeps a ${TURNS}-turn conversation bounded, summarised and cached`, async () => {
    const conversationId = await fixture.createConversation();
    const scope = { ownerId: USER, conversationId };
    fixture.simulator.log.clear();
    let previousCoverage = 0;
    let read = 0;
    let total = 0;
    const evictingTurns: number[] = [];
    for (let turn = 1; turn <= TURNS; turn += 1) {
      const before = await fixture.store.loadMemory(scope);
      const callsBefore = fixture.mainRequests().length;
      fixture.simulator.script.enqueue({
        model: 'sonnet',
        text: `Answer ${turn}: here is a plan for the week with a few short steps to follow.`,
      });
      const result = await fixture.service.sendMessage({ userId: USER, conversationId, text: question(turn) });
      await fixture.service.drain();
      const [request] = fixture.mainRequests().slice(callsBefore);
      assert.ok(request !== undefined && request.status === 200, `turn ${turn}: the main call was accepted`);
      // Every message is in the window or covered by the summary the request was built with.
      const stored = await fixture.store.loadUncovered({ ...scope, afterSeq: before.coversUpToSeq });
      const sent = new Set(requestTexts(request));
      const lastSeq = stored.at(-1)?.seq ?? 0;
      for (const message of stored) {
        if (message.seq < lastSeq) {
          assert.ok(sent.has(message.text), `turn ${turn}: message ${message.seq} is in the window or covered`);
        }
      }
      assert.ok(
        countedInputTokens(request) <= MAX_INPUT_TOKENS,
        `turn ${turn}: ${countedInputTokens(request)} input tokens ≤ ${MAX_INPUT_TOKENS}`,
      );
      const after = await fixture.store.loadMemory(scope);
      assert.ok(after.coversUpToSeq >= previousCoverage, `turn ${turn}: coverage never moves back`);
      const uncovered = await fixture.store.loadUncovered(scope);
      assert.ok(
        uncovered.length <= fixture.deps.settings.windowMax,
        `turn ${turn}: ${uncovered.length} uncovered messages ≤ windowMax`,
      );
      // The summary the prompt was built with is the one of the previous turn: the cached prefix is intact.
      if (turn > 1 && !evictingTurns.includes(turn - 1)) {
        assert.ok(
          result.usage.cacheReadInputTokens > 0,
          `turn ${turn}: a turn after one that evicted nothing reads the cache`,
        );
      }
      if (after.coversUpToSeq > before.coversUpToSeq) evictingTurns.push(turn);
      previousCoverage = after.coversUpToSeq;
      read += result.usage.cacheReadInputTokens;
      total += result.usage.inputTokens + result.usage.cacheReadInputTokens + result.usage.cacheWriteInputTokens;
    }
    const memory = await fixture.store.loadMemory(scope);
    assert.ok(
      memory.summary.length > 0 && memory.coversUpToSeq > 40,
      `a summary covers most of the conversation (up to ${memory.coversUpToSeq})`,
    );
    assert.ok(evictingTurns.length >= 3, `the window moved several times (${evictingTurns.join(',')})`);
    const rows = (await fixture.database.read({
      sql: 'SELECT * FROM usage_ledger WHERE conversation_id = ? ORDER BY created_at, rowid',
      args: [conversationId],
    })).rows as unknown as LedgerRow[];
    const summariser = rows.filter((row) => row.kind === 'summariser');
    assert.ok(
      summariser.length >= evictingTurns.length &&
        summariser.every((row) => row.model_id === CHEAP_MODEL && row.turn_id === null),
      'summaries come from the cheap model',
    );
    const main = rows.filter((row) => row.kind === 'main');
    assert.equal(main.length, TURNS);
    assert.equal(main[0]?.cache_miss_reason, 'first-call');
    for (const row of main.slice(1)) {
      if (row.cache_read_tokens > 0) assert.equal(row.cache_miss_reason, null);
      else {assert.ok(
          SENSIBLE_WARM_MISSES.has(row.cache_miss_reason ?? ''),
          `a miss names a sensible cause (${row.cache_miss_reason})`,
        );}
    }
    const share = read / total;
    console.log(
      `# long conversation: cache-read share of main input ${
        (share * 100).toFixed(1)
      }% over ${TURNS} turns; summary ${memory.summaryTokens} tokens covering ${memory.coversUpToSeq} messages; ${evictingTurns.length} evicting turns`,
    );
    assert.ok(share > 0.5, `most main input is read from the cache (${(share * 100).toFixed(1)}%)`);
  });

  it('keeps every request valid and the window bounded when tool traffic crosses the summary boundary', async () => {
    const small = await createTurnFixture({
      settings: { windowMin: 4, windowMax: 6, maxInputTokens: MAX_INPUT_TOKENS },
    });
    try {
      const conversationId = await small.createConversation();
      const scope = { ownerId: USER, conversationId };
      for (let turn = 1; turn <= 30; turn += 1) {
        if (turn % 3 === 0) {
          small.simulator.script.enqueue(
            {
              model: 'sonnet',
              toolUses: [{ name: 'create_task', input: { title: `Task ${turn}` } }, { name: 'list_tasks', input: {} }],
            },
            { model: 'sonnet', toolUses: [{ name: 'list_tasks', input: { limit: 2 } }] },
            { model: 'sonnet', text: `Added task ${turn}.` },
          );
        } else {
          small.simulator.script.enqueue({ model: 'sonnet', text: `Answer ${turn}.` });
        }
        await small.service.sendMessage({ userId: USER, conversationId, text: `Add a task number ${turn}` });
        await small.service.drain();
        const uncovered = await small.store.loadUncovered(scope);
        // A tool turn is 6 messages: the window may hold it whole on top of the maximum.
        assert.ok(uncovered.length <= 6 + 6, `turn ${turn}: ${uncovered.length} uncovered messages stay bounded`);
        assert.ok(
          uncovered[0]?.role === 'user' && uncovered[0].visible,
          `turn ${turn}: coverage ends on a turn boundary (a visible user message)`,
        );
      }
      const statuses = small.mainRequests().map((entry) => entry.status);
      assert.ok(
        statuses.every((status) => status === 200),
        `every main request was accepted (${statuses.filter((status) => status !== 200).length} rejected)`,
      );
      assert.equal(small.simulator.script.pending().length, 0);
      assert.ok((await small.store.loadMemory(scope)).coversUpToSeq > 60, 'the summary keeps up');
    } finally {
      await small.close();
    }
  });

  it('names the cause of a cache miss in the ledger: a lapsed TTL, a changed tool set', async () => {
    fixture.advance(6 * 60_000); // whatever earlier tests cached has expired
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'One.' }, { model: 'sonnet', text: 'Two.' }, {
      model: 'sonnet',
      text: 'Three.',
    }, { model: 'sonnet', text: 'Four.' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' });
    const warm = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello again' });
    assert.ok(warm.usage.cacheReadInputTokens > 0, 'the second call reads the cache');
    // Past the hour: the earlier 6-minute gap gives the standard tools, which every conversation shares, a 1-hour life.
    fixture.advance(61 * 60_000);
    const lapsed = await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Still there?' });
    assert.equal(lapsed.usage.cacheReadInputTokens, 0);
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add a task to buy milk tomorrow' });
    const rows = await fixture.database.read({
      sql:
        "SELECT cache_read_tokens, cache_miss_reason FROM usage_ledger WHERE conversation_id = ? AND kind = 'main' ORDER BY created_at, rowid",
      args: [conversationId],
    });
    assert.deepEqual(rows.rows.map((row) => row['cache_miss_reason']), [
      'first-call',
      null,
      'ttl-lapsed',
      'tool-set-changed',
    ]);
  });

  it("hands the summary update to the request's runInBackground, after the reply, once a chunk leaves the window", async () => {
    const conversationId = await fixture.createConversation();
    const tasks: Promise<unknown>[] = [];
    const handedAfterTurn: number[] = [];
    // The default window holds 15 messages: the 8th turn's 16th message is the first to push a chunk out.
    for (let turn = 1; turn <= 8; turn += 1) {
      fixture.simulator.script.enqueue({ model: 'sonnet', text: `Hi ${turn}.` });
      await fixture.service.sendMessage({
        userId: USER,
        conversationId,
        text: `Hello ${turn}`,
        runInBackground: (task) => tasks.push(task),
      });
      handedAfterTurn.push(tasks.length);
    }
    assert.deepEqual(handedAfterTurn, [0, 0, 0, 0, 0, 0, 0, 1]);
    await Promise.all(tasks);
  });

  it('never skips a summary refresh that is due: after every turn a fresh refresh finds nothing left to do', async () => {
    const small = await createTurnFixture({ settings: { windowMin: 3, windowMax: 5 } });
    try {
      let memoryReads = 0;
      const store = {
        ...small.store,
        loadMemory: (
          scope: Parameters<typeof small.store.loadMemory>[0],
        ) => ((memoryReads += 1), small.store.loadMemory(scope)),
      };
      const service = createChatService({ ...small.deps, store });
      const conversationId = await small.createConversation();
      const scope = { ownerId: USER, conversationId };
      const TURN_COUNT = 14;
      for (let turn = 1; turn <= TURN_COUNT; turn += 1) {
        // Every third turn calls a tool, so tool results (never a window start) sit at different offsets.
        if (turn % 3 === 0) {
          small.simulator.script.enqueue({
            model: 'sonnet',
            toolUses: [{ name: 'get_asset', input: { id: 'response_style' }, id: `tooluse_due${turn}` }],
          });
        }
        small.simulator.script.enqueue({ model: 'sonnet', text: `Answer ${turn}.` });
        await service.sendMessage({ userId: USER, conversationId, text: `Question ${turn}` });
        await service.drain();
        assert.equal(await refreshSummary(small.deps, scope), 'unchanged', `turn ${turn} left a due refresh undone`);
      }
      assert.ok((await small.store.loadMemory(scope)).coversUpToSeq > 0, 'summaries ran');
      assert.ok(
        memoryReads > 0 && memoryReads < TURN_COUNT,
        `refreshes ran only when due (${memoryReads} of ${TURN_COUNT} turns)`,
      );
    } finally {
      await small.close();
    }
  });

  it('deletes a conversation and then treats it as not found', async () => {
    const conversationId = await fixture.createConversation();
    await fixture.service.deleteConversation({ userId: USER, conversationId });
    await assert.rejects(
      fixture.service.deleteConversation({ userId: USER, conversationId }),
      (error) => isAppError(error, 'not_found'),
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Hello' }),
      (error) => isAppError(error, 'not_found'),
    );
  });
});
