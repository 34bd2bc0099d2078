import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTurnFixture, requestToolNames, type TurnFixture, USER } from './turn-test-support.ts';

type WireBlock = { toolResult?: { toolUseId: string; content: { text: string }[]; status: string } };
type WireBody = { messages: { role: string; content: WireBlock[] }[] };

function lastToolResults(fixture: TurnFixture, callIndex: number): { id: string; text: string; status: string }[] {
  const body = fixture.mainRequests()[callIndex]?.request as WireBody | undefined;
  return (body?.messages.at(-1)?.content ?? []).flatMap((block) =>
    block.toolResult === undefined ? [] : [{
      id: block.toolResult.toolUseId,
      text: block.toolResult.content[0]?.text ?? '',
      status: block.toolResult.status,
    }]
  );
}

const TASK_TOOLS = ['complete_task', 'create_task', 'list_tasks', 'update_task'];

let fixture: TurnFixture;

describe('a missed tool, refused, then found through find_tools', () => {
  before(async () => {
    fixture = await createTurnFixture();
  });
  after(() => fixture.close());

  it('refuses the call, answers find_tools, offers the found tools from the next step on and keeps them next turn', async () => {
    const conversationId = await fixture.createConversation();
    const scope = { ownerId: USER, conversationId };
    await fixture.store.setSelectedTools({ ...scope, tools: TASK_TOOLS });
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [{ name: 'add_reading_item', input: { title: 'Dune' }, id: 'tooluse_miss' }],
      },
      {
        model: 'sonnet',
        toolUses: [{ name: 'find_tools', input: { query: 'add a book to my reading list' }, id: 'tooluse_find' }],
      },
      {
        model: 'sonnet',
        toolUses: [{ name: 'add_reading_item', input: { title: 'Dune' }, id: 'tooluse_found' }],
      },
      { model: 'sonnet', text: 'Dune is on your reading list.' },
    );
    await fixture.service.sendMessage({
      userId: USER,
      conversationId,
      text: 'My sister lent me Dune, what a story',
    });
    const requests = fixture.mainRequests();
    assert.equal(requests.length, 4, 'four main steps: miss, find, recovered call, answer');
    assert.ok(!requestToolNames(requests[0]).includes('add_reading_item'), 'the first step did not offer it');
    assert.ok(requestToolNames(requests[0]).includes('find_tools'), 'find_tools is always offered');
    const [refused] = lastToolResults(fixture, 1);
    assert.equal(refused?.status, 'error');
    assert.match(refused?.text ?? '', /add_reading_item is not offered in this request, so it was not run/);
    assert.deepEqual(requestToolNames(requests[1]), requestToolNames(requests[0]), 'a refusal changes nothing');
    const [answer] = lastToolResults(fixture, 2);
    assert.equal(answer?.status, 'success');
    assert.match(answer?.text ?? '', /^add_reading_item: /m);
    assert.ok(requestToolNames(requests[2]).includes('add_reading_item'), 'offered from the next step on');
    const [recovered] = lastToolResults(fixture, 3);
    assert.equal(recovered?.status, 'success', 'the recovered call ran');
    const books = await fixture.database.read({
      sql: 'SELECT title FROM reading_items WHERE title = ?',
      args: ['Dune'],
    });
    assert.equal(books.rows.length, 1, 'exactly one Dune: the refused call never ran');
    const ledger = await fixture.database.read({
      sql:
        "SELECT cache_read_tokens, cache_write_tokens, cache_miss_reason FROM usage_ledger WHERE conversation_id = ? AND kind = 'main' ORDER BY created_at, rowid",
      args: [conversationId],
    });
    assert.equal(ledger.rows.length, 4, 'every step, the recovery included, is billed');
    const third = ledger.rows[2];
    assert.ok(Number(third?.['cache_write_tokens']) > 0, 'the changed tool list is written to the cache');
    // The found tool comes after the offered ones: the prefix up to them is read (the domain-tools checkpoint).
    assert.ok(
      Number(third?.['cache_read_tokens']) >= Number(ledger.rows[0]?.['cache_write_tokens']) * 0.8,
      `the tools kept are read from cache: ${JSON.stringify(third)}`,
    );
    assert.equal(third?.['cache_miss_reason'], null);
    const conversation = await fixture.store.getConversation(scope);
    assert.ok(conversation?.selectedTools?.includes('add_reading_item'), 'the found tool is persisted');
    assert.equal(conversation?.selectedTools?.[0], 'add_reading_item', 'stored most recently used first');
    const stored = conversation?.toolOrder ?? [];
    assert.ok(
      TASK_TOOLS.filter((name) => stored.includes(name)).every((name) =>
        stored.indexOf(name) < stored.indexOf('add_reading_item')
      ),
      `sent from now on with the offered tools in their places and the found one after them: ${stored.join(', ')}`,
    );
    assert.ok(TASK_TOOLS.every((name) => requestToolNames(requests[2]).includes(name)), 'added: nothing taken away');

    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue({ model: 'sonnet', text: 'You are welcome!' });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Thanks a lot!' });
    const next = fixture.mainRequests()[0];
    assert.ok(requestToolNames(next).includes('add_reading_item'), 'still offered on the next turn');
    assert.ok(Number(next?.usage?.cacheReadInputTokens) > 0, 'the next turn reads the cached prefix');
  });

  it('finds the second tool of a two-step task already offered, and keeps the list through chit-chat', async () => {
    const conversationId = await fixture.createConversation();
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'add_reading_item', input: { title: 'Dune' }, id: 'tooluse_add' }] },
      { model: 'sonnet', text: 'Added Dune to your reading list.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Add Dune to my reading list' });
    const offered = requestToolNames(fixture.mainRequests()[0]);
    assert.ok(offered.includes('add_reading_item'), `the first tool is offered: ${offered.join(', ')}`);
    assert.ok(offered.includes('update_reading_item'), `the second step's tool comes with it: ${offered.join(', ')}`);
    for (const text of ['Thanks!', 'It was a gift from my brother, he loves science fiction.']) {
      fixture.simulator.log.clear();
      fixture.simulator.script.enqueue({ model: 'sonnet', text: 'Lovely.' });
      await fixture.service.sendMessage({ userId: USER, conversationId, text });
      assert.deepEqual(requestToolNames(fixture.mainRequests()[0]), offered, `the list holds still for "${text}"`);
      assert.equal(fixture.cheapRequests().length, 0, `no selector call for "${text}"`);
    }
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      {
        model: 'sonnet',
        toolUses: [{ name: 'update_reading_item', input: { id: 'x', status: 'done' }, id: 'tooluse_update' }],
      },
      { model: 'sonnet', text: 'Marked as read.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'I finished it last night, what a ride' });
    assert.deepEqual(requestToolNames(fixture.mainRequests()[0]), offered, 'still the same list');
    const [result] = lastToolResults(fixture, 1);
    assert.doesNotMatch(result?.text ?? '', /not offered/, 'the second tool ran on the first try');
    assert.equal(fixture.cheapRequests().length, 0, 'no selector call while the list holds still');
  });

  it("offers the step the assistant proposed when the user's next message only assents to it", async () => {
    const conversationId = await fixture.createConversation();
    await fixture.store.setSelectedTools({ ownerId: USER, conversationId, tools: TASK_TOOLS });
    fixture.simulator.script.enqueue({
      model: 'sonnet',
      text: 'You have no open tasks. Shall I add Dune to your reading list instead?',
    });
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'What do I have to do this week?' });
    fixture.simulator.log.clear();
    fixture.simulator.script.enqueue(
      { model: 'sonnet', toolUses: [{ name: 'add_reading_item', input: { title: 'Dune' }, id: 'tooluse_yes' }] },
      { model: 'sonnet', text: 'Dune is on your reading list.' },
    );
    await fixture.service.sendMessage({ userId: USER, conversationId, text: 'Yes please, go ahead.' });
    const offered = requestToolNames(fixture.mainRequests()[0]);
    assert.ok(offered.includes('add_reading_item'), `the proposed step is offered: ${offered.join(', ')}`);
    const [result] = lastToolResults(fixture, 1);
    assert.doesNotMatch(result?.text ?? '', /not offered/, 'it ran on the first try');
  });
});
