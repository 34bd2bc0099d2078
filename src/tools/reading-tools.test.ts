import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { READING_TOOLS } from './reading-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('READING_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture(READING_TOOLS);
  });
  after(() => fixture.cleanup());

  it('adds, lists, rates and removes items', async () => {
    const { created: book } = await fixture.ok('add_reading_item', { title: 'Dune', author: 'Frank Herbert' });
    assert.deepEqual(book, { id: book.id, title: 'Dune', author: 'Frank Herbert', kind: 'book', status: 'want' });
    fixture.setNow('2026-03-02T10:00:00.000Z');
    await fixture.ok('add_reading_item', {
      title: 'Attention Is All You Need',
      kind: 'paper',
      url: 'https://arxiv.org/abs/1706.03762',
    });

    assert.deepEqual((await fixture.ok('list_reading_items', {})).items.map((i: { title: string }) => i.title), [
      'Attention Is All You Need',
      'Dune',
    ]);
    assert.deepEqual(
      (await fixture.ok('list_reading_items', { kind: 'book' })).items.map((i: { title: string }) => i.title),
      ['Dune'],
    );
    assert.deepEqual(
      (await fixture.ok('list_reading_items', { text: 'herbert' })).items.map((i: { title: string }) => i.title),
      ['Dune'],
    );

    const finished = await fixture.ok('update_reading_item', {
      item_id: book.id,
      status: 'finished',
      rating: 5,
      notes: 'Spice!',
    });
    assert.deepEqual(finished.updated, {
      ...book,
      status: 'finished',
      rating: 5,
      notes: 'Spice!',
      finished_at: '2026-03-02T10:00:00.000Z',
    });
    const reread = await fixture.ok('update_reading_item', { item_id: book.id, status: 'reading' });
    assert.equal(reread.updated.finished_at, undefined);
    assert.equal((await fixture.ok('list_reading_items', { status: 'reading' })).count, 1);

    assert.deepEqual(await fixture.ok('remove_reading_item', { item_id: book.id }), {
      removed: { id: book.id, title: 'Dune' },
    });
    assert.equal((await fixture.ok('list_reading_items', {})).count, 1);
  });

  it('keeps users apart', async () => {
    const { created } = await fixture.ok('add_reading_item', { title: 'Alice only' }, 'alice');
    assert.equal((await fixture.ok('list_reading_items', { text: 'Alice only' }, 'bob')).count, 0);
    assert.match(
      await fixture.error('update_reading_item', { item_id: created.id, rating: 1 }, 'bob'),
      /reading-list item ".*" not found/,
    );
    assert.match(await fixture.error('remove_reading_item', { item_id: created.id }, 'bob'), /not found/);
    const mine = await fixture.ok('list_reading_items', { text: 'Alice only' }, 'alice');
    assert.deepEqual(mine.items, [created]);
  });

  it('rejects bad input', async () => {
    assert.match(await fixture.error('update_reading_item', { item_id: 'x', rating: 6 }), /rating: must be at most 5/);
    assert.match(await fixture.error('update_reading_item', { item_id: 'x' }), /nothing to change/);
    assert.match(
      await fixture.error('add_reading_item', { title: 'x', kind: 'podcast' }),
      /kind: must be one of book, article, paper, other/,
    );
    assert.match(await fixture.error('add_reading_item', { title: 42 }), /title: must be a string/);
  });
});
