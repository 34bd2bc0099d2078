// A retried turn never repeats a side effect: tool calls are recorded before the next model step, and a retry with
// the same Idempotency-Key replays them (no second task, no second HTTP call), on the real store and simulator.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import { deriveToolCallKey } from '../../src/turn/execute-tool-calls.ts';
import { createTurnFixture, type TurnFixture, USER } from './turn-test-support.ts';

async function count(fixture: TurnFixture, sql: string, args: (string | number)[] = []): Promise<number> {
  const result = await fixture.database.read({ sql, args });
  return Number(result.rows[0]?.[0] ?? 0);
}

describe('a retried turn replays its recorded tool calls', () => {
  let fixture: TurnFixture;
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    request.on('end', () => response.end('{"booked":true}'));
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    fixture = await createTurnFixture({
      extraTools: [{
        name: 'book_table',
        description: 'Books a restaurant table for the user.',
        tags: ['tasks'],
        inputSchema: { type: 'object', properties: { restaurant: { type: 'string' } }, required: ['restaurant'] },
        http: { url: `http://127.0.0.1:${port}/book`, method: 'POST', allowPrivateNetwork: true },
      }],
    });
  });
  after(async () => {
    await fixture.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a turn whose second step fails, retried with its key: one task created, not two', async () => {
    const conversationId = await fixture.createConversation();
    const text = 'Add a task to renew my passport by Friday';
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [{ name: 'create_task', input: { title: 'Renew passport' }, id: 'tooluse_replay1' }],
      },
      { model: 'sonnet', error: { status: 400, type: 'ValidationException', message: 'Input is invalid.' } },
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text, idempotencyKey: 'retry-1' }),
      (error) => isAppError(error, 'model_rejected'),
    );
    assert.equal(await count(fixture, 'SELECT COUNT(*) FROM tasks WHERE title = ?', ['Renew passport']), 1);
    assert.equal(await count(fixture, 'SELECT COUNT(*) FROM turn_journal'), 1, 'the step and its result are recorded');

    const mainCallsBefore = fixture.mainRequests().length;
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Done: the task is on your list.' });
    const retried = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text,
      idempotencyKey: 'retry-1',
    });
    assert.equal(retried.message.text, 'Done: the task is on your list.');
    assert.equal(await count(fixture, 'SELECT COUNT(*) FROM tasks WHERE title = ?', ['Renew passport']), 1, 'not two');
    assert.equal(fixture.mainRequests().length - mainCallsBefore, 1, 'the recorded step is not asked again');
    const history = await fixture.service.listMessages({ userId: USER, conversationId, limit: 10 });
    assert.deepEqual(history.messages.map((message) => message.role), ['user', 'assistant']);
    const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
    const results = stored.flatMap((message) => message.content.filter((block) => block.type === 'tool_result'));
    assert.equal(results.length, 1, 'the replayed result is stored with the turn');
    assert.equal(
      await count(fixture, 'SELECT COUNT(*) FROM turn_journal'),
      0,
      'the journal goes once the turn is stored',
    );

    // A third send with the key answers the stored answer: nothing runs.
    const again = await fixture.service.sendMessage({ userId: USER, conversationId, text, idempotencyKey: 'retry-1' });
    assert.equal(again.message.text, 'Done: the task is on your list.');
    assert.equal(await count(fixture, 'SELECT COUNT(*) FROM tasks WHERE title = ?', ['Renew passport']), 1);
  });

  it('sends an HTTP tool an Idempotency-Key of its own, and does not call it again on the retry', async () => {
    const conversationId = await fixture.createConversation();
    const text = 'Book a table at Chez Lulu for tonight';
    seen.length = 0;
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [{ name: 'book_table', input: { restaurant: 'Chez Lulu' }, id: 'tooluse_book1' }],
      },
      { model: 'sonnet', error: { status: 400, type: 'ValidationException', message: 'Input is invalid.' } },
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text, idempotencyKey: 'book-1' }),
      (error) => isAppError(error, 'model_rejected'),
    );
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.['idempotency-key'], await deriveToolCallKey(conversationId, 'book-1', 'tooluse_book1'));
    const mainCallsBefore = fixture.mainRequests().length;
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Booked.' });
    const retried = await fixture.service.sendMessage({ userId: USER, conversationId, text, idempotencyKey: 'book-1' });
    assert.equal(retried.message.text, 'Booked.');
    assert.equal(seen.length, 1, 'the booking is not sent twice');
    const retriedCalls = fixture.mainRequests().slice(mainCallsBefore);
    assert.equal(retriedCalls.length, 1);
    const wire = JSON.stringify(retriedCalls[0]?.request);
    assert.ok(
      wire.includes('tooluse_book1') && wire.includes('booked'),
      'the model reads the recorded call and result',
    );
  });

  it('does not replay what was recorded for another message under the same key', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'create_task', input: { title: 'First idea' }, id: 'tooluse_m1' }] },
      { model: 'sonnet', error: { status: 400, type: 'ValidationException', message: 'Input is invalid.' } },
    );
    await assert.rejects(
      fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add First idea', idempotencyKey: 'k-m' }),
    );
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Noted.' });
    const other = await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'Something else entirely',
      idempotencyKey: 'k-m',
    });
    assert.equal(other.message.text, 'Noted.');
    const stored = await fixture.store.loadUncovered({ ownerId: USER, conversationId });
    assert.ok(stored.every((message) => message.content.every((block) => block.type === 'text')), 'nothing replayed');
  });
});

describe('deriveToolCallKey', () => {
  it('is stable for one call and differs between calls, turns and conversations', async () => {
    const key = await deriveToolCallKey('c-1', 'k-1', 'tooluse_1');
    assert.match(key, /^tokenwise-[0-9a-f]{64}$/);
    assert.equal(await deriveToolCallKey('c-1', 'k-1', 'tooluse_1'), key);
    assert.notEqual(await deriveToolCallKey('c-1', 'k-1', 'tooluse_2'), key);
    assert.notEqual(await deriveToolCallKey('c-1', 'k-2', 'tooluse_1'), key);
    assert.notEqual(await deriveToolCallKey('c-2', 'k-1', 'tooluse_1'), key);
  });
});
