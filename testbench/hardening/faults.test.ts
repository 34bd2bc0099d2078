// Faults over the real server: Bedrock throttling, 503, timeouts, cut streams, exception frames, and a locked database.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startNodeServer } from '../../src/runtime/node.ts';
import { holdWriteLock } from './hold-write-lock.ts';
import { type HardenedServer, isErrorShape, startHardenedServer } from './start-hardened-server.ts';
import { createTurnProbe, parseServerSentEvents, type TurnProbe } from './turn-probe.ts';

/** Faults go to the main model only, so the tool selector (the cheap model) is not what absorbs them. */
const MAIN = { model: 'sonnet' } as const;
/** The SDK makes up to 3 attempts per call and the turn loop retries a call once: 6 calls at most. */
const MAX_MAIN_CALLS = 6;
/** The lock holder is a node + tsx process; Deno runs the same cases through the Node run. */
const SPAWN_SKIP = 'Deno' in globalThis ? 'spawns node with tsx' : false;

describe('faults over the real server', () => {
  let server: HardenedServer;
  let probe: TurnProbe;
  let counter = 0;
  const marker = () => `fault-probe-${(counter += 1)}`;

  before(async () => {
    server = await startHardenedServer({ WINDOW_MIN_MESSAGES: '2', WINDOW_MAX_MESSAGES: '4' });
    probe = await createTurnProbe(server, 'fault-user');
  });
  after(() => server.close());

  /** A refused turn leaves one failed turn with `code`, no message, and a working conversation afterwards. */
  async function assertRefusedCleanly(conversationId: string, text: string, code: string): Promise<void> {
    const turns = await probe.turns(conversationId);
    assert.deepEqual(turns.at(-1), { status: 'failed', errorCode: code });
    assert.ok(!turns.some((turn) => turn.status === 'running'));
    assert.ok(!(await probe.history(conversationId)).some((message) => message.text === text));
    const again = `${text} (again)`;
    assert.equal((await probe.send(conversationId, again)).status, 200);
    assert.deepEqual((await probe.history(conversationId)).filter((message) => message.role === 'user').at(-1), {
      role: 'user',
      text: again,
    });
  }

  const outages = [
    { name: 'throttling (429)', kind: 'throttling', status: 429, code: 'model_throttled', retryAfter: true },
    {
      name: 'service unavailable (503)',
      kind: 'unavailable',
      status: 503,
      code: 'model_unavailable',
      retryAfter: true,
    },
    { name: 'model timeout (408)', kind: 'timeout', status: 504, code: 'model_timeout', retryAfter: false },
  ] as const;
  for (const outage of outages) {
    it(`rides out one ${outage.name} with a bounded retry`, async () => {
      const id = await probe.createConversation();
      const text = marker();
      server.simulator.simulator.faults.inject({ kind: outage.kind }, MAIN);
      const answer = await probe.send(id, text);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(probe.mainCalls(text), 2);
      assert.deepEqual(await probe.turns(id), [{ status: 'complete', errorCode: null }]);
      assert.deepEqual((await probe.history(id))[0], { role: 'user', text });
    });

    it(`answers a lasting ${outage.name} with a clear ${outage.status} and stores no partial turn`, async () => {
      const id = await probe.createConversation();
      const text = marker();
      server.simulator.simulator.faults.inject({ kind: outage.kind }, { ...MAIN, times: MAX_MAIN_CALLS });
      const answer = await probe.send(id, text);
      server.simulator.simulator.faults.clear();
      assert.equal(answer.status, outage.status, answer.text);
      assert.ok(isErrorShape(answer.body), answer.text);
      assert.equal((answer.body as { error: { code: string } }).error.code, outage.code);
      assert.equal(answer.headers.has('retry-after'), outage.retryAfter);
      const calls = probe.mainCalls(text);
      assert.ok(calls >= 2 && calls <= MAX_MAIN_CALLS, `made ${calls} main calls`);
      await assertRefusedCleanly(id, text, outage.code);
    });
  }

  it('retries a stream cut before any text once, and succeeds', async () => {
    const id = await probe.createConversation();
    const text = marker();
    server.simulator.simulator.faults.inject({ kind: 'stream-cut', afterFrames: 1 }, MAIN);
    const answer = await probe.send(id, text);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(probe.mainCalls(text), 2);
    assert.deepEqual(await probe.turns(id), [{ status: 'complete', errorCode: null }]);
  });

  it('answers a stream cut halfway (text already sent) with 503 and keeps none of the partial answer', async () => {
    const id = await probe.createConversation();
    const text = marker();
    server.simulator.simulator.faults.inject({ kind: 'stream-cut', afterFrames: 4 }, MAIN);
    const answer = await probe.send(id, text);
    assert.equal(answer.status, 503, answer.text);
    assert.ok(isErrorShape(answer.body));
    assert.equal(probe.mainCalls(text), 1);
    assert.deepEqual((await probe.history(id)).length, 0);
    await assertRefusedCleanly(id, text, 'model_unavailable');
  });

  it('ends a streamed answer cut halfway with an error event in the JSON error shape', async () => {
    const id = await probe.createConversation();
    const text = marker();
    server.simulator.simulator.faults.inject({ kind: 'stream-cut', afterFrames: 4 }, MAIN);
    const answer = await probe.send(id, text, { stream: true });
    assert.equal(answer.status, 200);
    const events = parseServerSentEvents(answer.text);
    assert.ok(events.some((event) => event.event === 'delta'), answer.text);
    assert.equal(events.at(-1)?.event, 'error');
    assert.ok(isErrorShape(events.at(-1)?.data));
    assert.equal((await probe.history(id)).length, 0);
    await assertRefusedCleanly(id, text, 'model_unavailable');
  });

  it('answers an exception frame mid-stream with 502 and stores nothing of the turn', async () => {
    const id = await probe.createConversation();
    const text = marker();
    server.simulator.simulator.faults.inject({
      kind: 'stream-exception',
      afterFrames: 4,
      exceptionType: 'modelStreamErrorException',
    }, MAIN);
    const answer = await probe.send(id, text);
    assert.equal(answer.status, 502, answer.text);
    assert.ok(isErrorShape(answer.body));
    assert.equal((answer.body as { error: { code: string } }).error.code, 'model_error');
    await assertRefusedCleanly(id, text, 'model_error');
  });

  it('retries a throttling exception frame that arrives before any text', async () => {
    const id = await probe.createConversation();
    const text = marker();
    server.simulator.simulator.faults.inject({
      kind: 'stream-exception',
      afterFrames: 1,
      exceptionType: 'throttlingException',
    }, MAIN);
    const answer = await probe.send(id, text);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(probe.mainCalls(text), 2);
  });

  it('waits out a short database write lock held by another process', { skip: SPAWN_SKIP }, async () => {
    const id = await probe.createConversation();
    const text = marker();
    // The holder lets go on its own clock: the server's wait for the lock is synchronous and blocks this process too.
    const lock = await holdWriteLock(server.databaseUrl, { releaseAfterMs: 300 });
    const answer = await probe.send(id, text);
    await lock.release();
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual((await probe.history(id)).filter((message) => message.role === 'user'), [{ role: 'user', text }]);
  });

  it('answers 503 store_busy while another process keeps the database locked, and loses nothing after', {
    skip: SPAWN_SKIP,
    timeout: 60_000,
  }, async () => {
    const id = await probe.createConversation();
    const stored = marker();
    assert.equal((await probe.send(id, stored)).status, 200);
    const text = marker();
    const lock = await holdWriteLock(server.databaseUrl);
    let answer;
    try {
      answer = await probe.send(id, text);
    } finally {
      await lock.release();
    }
    assert.equal(answer.status, 503, answer.text);
    assert.ok(isErrorShape(answer.body));
    assert.equal((answer.body as { error: { code: string } }).error.code, 'store_busy');
    assert.ok(answer.headers.has('retry-after'));
    assert.equal(probe.mainCalls(text), 0);
    const retried = await probe.send(id, text);
    assert.equal(retried.status, 200, retried.text);
    const users = (await probe.history(id)).filter((message) => message.role === 'user').map((message) => message.text);
    assert.deepEqual(users, [stored, text]);
    assert.ok(!(await probe.turns(id)).some((turn) => turn.status === 'running'));
  });

  it('keeps the last good summary when the summariser fails, and never moves coverage backwards', async () => {
    const id = await probe.createConversation();
    const memory = async () =>
      (await server.query(
        'SELECT summary, version, covers_up_to_seq, gap_count FROM conversation_memory WHERE conversation_id = ?',
        [id],
      ))[0];
    for (let n = 0; n < 4; n += 1) assert.equal((await probe.send(id, marker())).status, 200);
    await server.restart(); // drains the background summary updates
    const before = await memory();
    assert.ok(
      before !== undefined && String(before['summary']) !== '' && Number(before['version']) >= 1,
      JSON.stringify(before),
    );
    // Every cheap-model call fails from here: the selector falls back, the summariser records a gap.
    server.simulator.simulator.faults.inject({ kind: 'unavailable' }, { model: 'haiku', times: 200 });
    for (let n = 0; n < 3; n += 1) assert.equal((await probe.send(id, marker())).status, 200);
    await server.restart();
    server.simulator.simulator.faults.clear();
    const during = await memory();
    assert.equal(during?.['summary'], before['summary']);
    assert.ok(Number(during?.['covers_up_to_seq']) >= Number(before['covers_up_to_seq']));
    assert.ok(Number(during?.['gap_count']) > Number(before['gap_count']), JSON.stringify(during));
    for (let n = 0; n < 2; n += 1) assert.equal((await probe.send(id, marker())).status, 200);
    await server.restart();
    const healed = await memory();
    assert.notEqual(healed?.['summary'], before['summary']);
    assert.ok(Number(healed?.['version']) > Number(during?.['version']));
    assert.ok(Number(healed?.['covers_up_to_seq']) >= Number(during?.['covers_up_to_seq']));
  });

  it('lets no stale summary win when two servers update one conversation at once', async () => {
    const lines: string[] = [];
    const second = await startNodeServer(server.env, {
      port: 0,
      hostname: '127.0.0.1',
      write: (line) => lines.push(line),
    });
    try {
      const id = await probe.createConversation();
      const token = await server.token('fault-user');
      const urls = [server.url, second.url];
      // Turns alternate between the servers; each schedules its own background summary update, so updates overlap.
      for (let n = 0; n < 8; n += 1) {
        const answer = await fetch(`${urls[n % 2]}/v1/conversations/${id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: marker() }),
        });
        assert.equal(answer.status, 200, await answer.text());
      }
      await second.close();
      await server.restart();
      const events = [...server.lines, ...lines].map((line) => JSON.parse(line) as Record<string, unknown>).filter((
        event,
      ) => event['conversationId'] === id);
      const saved = events.filter((event) =>
        (event['event'] === 'summary_updated' || event['event'] === 'summary_gap') && event['stale'] === false
      );
      const [memory] = await server.query(
        'SELECT version, covers_up_to_seq FROM conversation_memory WHERE conversation_id = ?',
        [id],
      );
      assert.ok(saved.length >= 1, 'at least one summary was saved');
      assert.equal(
        Number(memory?.['version']),
        saved.length,
        'every saved update bumped the version once; stale ones wrote nothing',
      );
      const covered = saved.filter((event) => event['event'] === 'summary_updated').map((event) =>
        Number(event['coversUpToSeq'])
      );
      assert.equal(Number(memory?.['covers_up_to_seq']), Math.max(...covered), 'the newest coverage stands');
    } finally {
      await second.close();
    }
  });
});
