import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../errors.ts';
import type { NewMessage } from '../store-records.ts';
import { seedMessages } from '../test-support/seed-messages.ts';
import { createStoreFixture, type StoreFixture, textMessage } from '../test-support/temp-database.ts';

let fixture: StoreFixture;
before(async () => (fixture = await createStoreFixture()));
after(() => fixture.cleanup());

async function newScope() {
  const { id } = await fixture.store.createConversation({ ownerId: 'alice' });
  return { ownerId: 'alice', conversationId: id };
}

describe('messages stored by a turn', () => {
  it('assigns consecutive seq and stores content, text and flags exactly', async () => {
    const { store } = fixture;
    const scope = await newScope();
    const toolUse: NewMessage = {
      id: 'mine',
      role: 'assistant',
      visible: false,
      tokenEstimate: 7,
      content: [{ type: 'text', text: 'Looking.' }, {
        type: 'tool_use',
        id: 'tu_1',
        name: 'find',
        input: { q: 'ü "quoted"' },
      }],
    };
    const first = await seedMessages(store, scope, [textMessage('user', 'hi')]);
    const second = await seedMessages(store, scope, [toolUse], { turnId: 'turn-9' });
    assert.deepEqual(second, [{
      id: 'mine',
      seq: 2,
      role: 'assistant',
      content: toolUse.content,
      text: 'Looking.',
      visible: false,
      tokenEstimate: 7,
      turnId: 'turn-9',
      createdAt: '2026-01-01T00:00:00.000Z',
    }]);
    assert.deepEqual(await store.loadUncovered(scope), [...first, ...second]);
    assert.deepEqual(await seedMessages(store, scope, []), []);
  });

  it('joins text blocks for the visible text unless text is given', async () => {
    const scope = await newScope();
    const [stored] = await seedMessages(fixture.store, scope, [
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }],
        visible: true,
        tokenEstimate: 1,
      },
    ]);
    const [given] = await seedMessages(fixture.store, scope, [{ ...textMessage('user', 'raw'), text: 'shown' }]);
    assert.deepEqual([stored?.text, given?.text], ['a\n\nb', 'shown']);
  });

  it('refuses malformed messages with internal errors and writes none of the batch', async () => {
    const scope = await newScope();
    const bad: unknown[] = [
      { role: 'system', content: [{ type: 'text', text: 'x' }], visible: true, tokenEstimate: 1 },
      { role: 'user', content: [], visible: true, tokenEstimate: 1 },
      { role: 'user', content: [{ type: 'image' }], visible: true, tokenEstimate: 1 },
      { role: 'user', content: [{ type: 'text', text: 'x' }], visible: true, tokenEstimate: -1 },
      { role: 'user', content: [{ type: 'text', text: 'x' }], visible: true, tokenEstimate: 1, id: '' },
    ];
    const turnId = `${scope.conversationId}-malformed`;
    assert.ok((await fixture.store.startTurn({ ...scope, turnId, now: fixture.now(), leaseMs: 60_000 })).ok);
    for (const message of bad) {
      await assert.rejects(
        fixture.store.completeTurn({ ...scope, turnId, messages: [textMessage('user', 'ok'), message as NewMessage] }),
        (error) => isAppError(error, 'internal'),
        JSON.stringify(message),
      );
    }
    assert.deepEqual(await fixture.store.loadUncovered(scope), []);
    assert.equal((await fixture.rows.runningTurns(scope)).length, 1, 'the turn is still running');
  });
});

describe('listVisibleMessages', () => {
  it('pages visible messages newest page first, oldest first within a page, skipping tool traffic', async () => {
    const { store } = fixture;
    const scope = await newScope();
    for (let index = 1; index <= 7; index += 1) {
      await seedMessages(store, scope, [
        textMessage(index % 2 === 1 ? 'user' : 'assistant', `v${index}`),
        textMessage('assistant', `hidden${index}`, false),
      ]);
    }
    const pages: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const page = await store.listVisibleMessages({ ...scope, limit: 3, ...(before === undefined ? {} : { before }) });
      pages.push(page.messages.map((message) => message.text));
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    assert.deepEqual(pages, [['v5', 'v6', 'v7'], ['v2', 'v3', 'v4'], ['v1']]);
  });

  it('returns an empty last page without a cursor, and refuses bad cursors and limits as bad_request', async () => {
    const { store } = fixture;
    const scope = await newScope();
    assert.deepEqual(await store.listVisibleMessages({ ...scope, limit: 10 }), { messages: [], nextBefore: null });
    for (
      const input of [{ limit: 0 }, { limit: 1.5 }, { limit: 1001 }, { limit: 5, before: 'abc' }, {
        limit: 5,
        before: '0',
      }, { limit: 5, before: '-1' }]
    ) {
      await assert.rejects(
        store.listVisibleMessages({ ...scope, ...input }),
        (error) => isAppError(error, 'bad_request'),
        JSON.stringify(input),
      );
    }
  });
});
