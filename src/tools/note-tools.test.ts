import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOTE_TOOLS } from './note-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('NOTE_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture(NOTE_TOOLS);
  });
  after(() => fixture.cleanup());

  it('creates, searches, reads, updates and deletes notes', async () => {
    const { created } = await fixture.ok('create_note', { title: 'Wifi', body: 'Guest network password is hunter2' });
    assert.deepEqual(created, { id: created.id, title: 'Wifi', created_at: '2026-03-02T09:00:00.000Z' });
    fixture.setNow('2026-03-02T09:05:00.000Z');
    await fixture.ok('create_note', { title: 'Recipe', body: 'Pancakes: flour, milk, eggs. ' + 'x'.repeat(300) });

    const hits = await fixture.ok('search_notes', { query: 'PASSWORD guest' });
    assert.deepEqual(hits, {
      count: 1,
      items: [{
        id: created.id,
        title: 'Wifi',
        snippet: 'Guest network password is hunter2',
        updated_at: '2026-03-02T09:00:00.000Z',
      }],
    });
    assert.equal((await fixture.ok('search_notes', { query: 'password milk' })).count, 0, 'every word must match');
    const recent = await fixture.ok('search_notes', {});
    assert.deepEqual(recent.items.map((n: { title: string }) => n.title), ['Recipe', 'Wifi']);
    assert.equal(recent.items[0].snippet.length, 120);

    assert.equal((await fixture.ok('get_note', { note_id: created.id })).body, 'Guest network password is hunter2');
    await fixture.ok('update_note', { note_id: created.id, append: 'Router is in the hall.' });
    assert.equal(
      (await fixture.ok('get_note', { note_id: created.id })).body,
      'Guest network password is hunter2\nRouter is in the hall.',
    );
    const renamed = await fixture.ok('update_note', { note_id: created.id, title: 'Home wifi', body: 'changed' });
    assert.deepEqual(renamed.updated, {
      id: created.id,
      title: 'Home wifi',
      updated_at: '2026-03-02T09:05:00.000Z',
      body_length: 7,
    });

    assert.deepEqual(await fixture.ok('delete_note', { note_id: created.id }), {
      deleted: { id: created.id, title: 'Home wifi' },
    });
    assert.match(await fixture.error('get_note', { note_id: created.id }), /note ".*" not found/);
  });

  it('treats LIKE wildcards in a query literally', async () => {
    await fixture.ok('create_note', { title: 'Discount', body: 'save 50% on_sale' }, 'carol');
    await fixture.ok('create_note', { title: 'Other', body: 'save 50 on sale' }, 'carol');
    assert.deepEqual(
      (await fixture.ok('search_notes', { query: '50%' }, 'carol')).items.map((n: { title: string }) => n.title),
      ['Discount'],
    );
    assert.deepEqual(
      (await fixture.ok('search_notes', { query: 'on_sale' }, 'carol')).items.map((n: { title: string }) => n.title),
      ['Discount'],
    );
  });

  it('keeps users apart', async () => {
    const { created } = await fixture.ok('create_note', { title: 'Diary', body: 'private thoughts' }, 'alice');
    assert.equal((await fixture.ok('search_notes', { query: 'private' }, 'bob')).count, 0);
    for (
      const [name, input] of [
        ['get_note', { note_id: created.id }],
        ['update_note', { note_id: created.id, body: 'hacked' }],
        ['update_note', { note_id: created.id, append: 'hacked' }],
        ['delete_note', { note_id: created.id }],
      ] as const
    ) {
      assert.match(await fixture.error(name, input, 'bob'), /not found/, name);
    }
    assert.equal((await fixture.ok('get_note', { note_id: created.id }, 'alice')).body, 'private thoughts');
  });

  it('rejects bad input', async () => {
    const { created } = await fixture.ok('create_note', { title: 'n', body: 'b' });
    assert.match(await fixture.error('update_note', { note_id: created.id, body: 'a', append: 'b' }), /not both/);
    assert.match(await fixture.error('update_note', { note_id: created.id }), /nothing to change/);
    assert.match(
      await fixture.error('create_note', { title: 'n', body: 'x'.repeat(10_001) }),
      /body: must be at most 10000 characters/,
    );
    await fixture.ok('update_note', { note_id: created.id, body: 'x'.repeat(9_999) });
    assert.match(
      await fixture.error('update_note', { note_id: created.id, append: 'more' }),
      /would exceed 10000 characters/,
    );
  });
});
