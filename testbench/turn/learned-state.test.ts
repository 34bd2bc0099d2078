import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Logger } from '../../src/logger.ts';
import { toModelKey } from '../../src/pipeline/tokens/index.ts';
import { createLibsqlStore } from '../../src/store/create-libsql-store.ts';
import type { Database } from '../../src/store/database.ts';
import { openIsolatedDatabase } from '../../src/store/test-support/temp-database.ts';
import { createChatService, type RunningChatService } from '../../src/turn/create-chat-service.ts';
import { createTurnFixture, MAIN_MODEL, type TurnFixture, USER } from './turn-test-support.ts';

type MainRow = { naive_input_tokens: number; cache_miss_reason: string | null; cache_write_tokens: number };

async function mainRows(fixture: TurnFixture, conversationId: string): Promise<MainRow[]> {
  const result = await fixture.database.read({
    sql: "SELECT * FROM usage_ledger WHERE conversation_id = ? AND kind = 'main' ORDER BY created_at, rowid",
    args: [conversationId],
  });
  return result.rows as unknown as MainRow[];
}

/** Cache points in a logged Converse request (wire shape). */
function cachePointCount(request: unknown): number {
  return (JSON.stringify(request).match(/"cachePoint"/gu) ?? []).length;
}

describe('learned state shared through the store', () => {
  let fixture: TurnFixture;
  let other: Database;
  let second: RunningChatService;

  before(async () => {
    fixture = await createTurnFixture();
    // A second service on its own connection to the same file: another process, or another Workers isolate.
    other = await openIsolatedDatabase(fixture.url);
    second = createChatService({ ...fixture.deps, store: createLibsqlStore({ database: other }) });
  });
  after(async () => {
    await second.drain();
    await other.close();
    await fixture.close();
  });

  const send = (service: RunningChatService, conversationId: string, text: string, answer: string) => {
    fixture.simulator.script.enqueue({ model: 'sonnet', text: answer });
    return service.sendMessage({ userId: USER, conversationId, text });
  };

  it("the second instance starts from the first one's correction and the conversation's last fingerprint", async () => {
    const conversationId = await fixture.createConversation();
    await send(
      fixture.service,
      conversationId,
      'Please plan my Saturday: groceries, a run and a call to Ana.',
      'Done.',
    );
    const learned = await fixture.store.loadTokenCorrections();
    assert.deepEqual(learned.map((row) => [row.modelKey, row.samples, row.version]), [[toModelKey(MAIN_MODEL), 1, 1]]);

    // Six minutes later (past the 5-minute TTL) the next turn lands on the other instance.
    fixture.advance(6 * 60_000);
    await send(second, conversationId, 'Move the run to Sunday morning, please.', 'Moved.');
    const rows = await mainRows(fixture, conversationId);
    // Without the stored fingerprint a cold instance would call this miss 'first-call'.
    assert.deepEqual(rows.map((row) => row.cache_miss_reason), ['first-call', 'ttl-lapsed']);
    const after = await fixture.store.loadTokenCorrections();
    assert.deepEqual(after.map((row) => [row.samples, row.version]), [[2, 2]]);
  });

  it('uses the stored correction for the naive counterfactual of a fresh instance', async () => {
    const text = 'What is on my reading list this month?';
    const first = await fixture.createConversation();
    const key = toModelKey(MAIN_MODEL);
    const version = (await fixture.store.loadTokenCorrections()).find((row) => row.modelKey === key)?.version ?? 0;
    // Another process learned that this model counts 1.0 token per estimated token.
    assert.equal(
      await fixture.store.saveTokenCorrection({ modelKey: key, ratio: 1, samples: 5, expectedVersion: version }),
      true,
    );
    await send(second, first, text, 'Two books.');
    const [plain] = await mainRows(fixture, first);
    // …then that it counts only 0.6: the next fresh conversation's naive figure shrinks with it.
    assert.equal(
      await fixture.store.saveTokenCorrection({ modelKey: key, ratio: 0.6, samples: 6, expectedVersion: version + 2 }),
      true,
    );
    const third = createChatService({ ...fixture.deps, store: createLibsqlStore({ database: other }) });
    const next = await fixture.createConversation();
    await send(third, next, text, 'Two books.');
    const [corrected] = await mainRows(fixture, next);
    assert.ok(plain !== undefined && corrected !== undefined, 'both turns billed');
    assert.equal(corrected.naive_input_tokens, Math.ceil(plain.naive_input_tokens * 0.6 - 1e-9));
  });
});

describe('a cache that keeps missing', () => {
  let fixture: TurnFixture;
  let neverRead = true;
  const events: { event: string; fields: Readonly<Record<string, unknown>> }[] = [];
  const logger: Logger = { level: 'info', log: (_level, event, fields = {}) => events.push({ event, fields }) };

  before(async () => {
    let clearCache = () => {};
    fixture = await createTurnFixture({
      settings: { cacheUnreadWriteLimit: 2, cacheProbeEveryCalls: 3 },
      logger,
      // Misconfigured caching: the simulator forgets every entry before each main call, so no checkpoint is ever read.
      wrapModels: (models) => ({
        ...models,
        converseStream(request, options) {
          if (neverRead) clearCache();
          return models.converseStream(request, options);
        },
      }),
    });
    clearCache = () => fixture.simulator.cache.clear();
  });
  after(() => fixture.close());

  it('stops placing checkpoints that never read, flags them with the cause, and probes until the cache reads again', async () => {
    const conversationId = await fixture.createConversation();
    const ask = async (turn: number) => {
      fixture.advance(60_000);
      fixture.simulator.script.enqueue({ model: 'sonnet', text: `Noted, item ${turn}.` });
      await fixture.service.sendMessage({ userId: USER, conversationId, text: `Add item ${turn} to my packing list.` });
      return fixture.mainRequests().at(-1);
    };
    for (let turn = 1; turn <= 3; turn += 1) await ask(turn);
    // Turns 1-2 wrote, turns 2-3 read nothing: withheld when turn 3 is accounted.
    const withheld = events.filter((entry) => entry.event === 'cache_checkpoint_withheld');
    assert.ok(withheld.length > 0, 'a withheld checkpoint is logged');
    assert.ok(withheld.every((entry) => entry.fields['cause'] === 'unexplained'), 'with its cause');
    const usage = await fixture.service.getUsage({ userId: USER, conversationId });
    assert.deepEqual(
      usage.cacheWithheld.map((entry) => [entry.layer, entry.cause, entry.unreadWrites]),
      withheld.map((entry) => [entry.fields['layer'], 'unexplained', 2]),
    );

    const fourth = await ask(4);
    assert.equal(cachePointCount(fourth?.request), 0, 'no checkpoint placed: no write premium paid');
    assert.equal((await mainRows(fixture, conversationId)).at(-1)?.cache_write_tokens, 0);

    // The cache is fixed. Three calls without the checkpoints, then a probe places them once more…
    neverRead = false;
    await ask(5);
    await ask(6);
    const probe = await ask(7);
    assert.ok(cachePointCount(probe?.request) > 0, 'the probe places the checkpoints again');
    // …and the next call reads the probe's write: they stay.
    const eighth = await ask(8);
    assert.ok(cachePointCount(eighth?.request) > 0, 'placed again after the probe was read');
    await ask(9);
    const after = await fixture.service.getUsage({ userId: USER, conversationId });
    assert.deepEqual(after.cacheWithheld, []);
    const rows = await mainRows(fixture, conversationId);
    assert.ok(rows.at(-1)!.cache_miss_reason === null, 'the last turn read from the cache');
  });
});
