import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONTACT_TOOLS } from './contact-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('CONTACT_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture(CONTACT_TOOLS);
  });
  after(() => fixture.cleanup());

  it('adds, finds, updates and deletes contacts', async () => {
    const { created: ada } = await fixture.ok('add_contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      birthday: '1815-12-10',
    });
    assert.deepEqual(ada, { id: ada.id, name: 'Ada Lovelace', email: 'ada@example.org', birthday: '1815-12-10' });
    await fixture.ok('add_contact', { name: 'Alan Turing', phone: '+44 20 7946 0000', notes: 'met at Bletchley' });

    assert.deepEqual((await fixture.ok('find_contacts', {})).items.map((c: { name: string }) => c.name), [
      'Ada Lovelace',
      'Alan Turing',
    ]);
    assert.deepEqual(
      (await fixture.ok('find_contacts', { query: 'bletchley' })).items.map((c: { name: string }) => c.name),
      ['Alan Turing'],
    );
    assert.deepEqual(
      (await fixture.ok('find_contacts', { query: 'example.org' })).items.map((c: { name: string }) => c.name),
      ['Ada Lovelace'],
    );

    const updated = await fixture.ok('update_contact', { contact_id: ada.id, phone: '555-0100' });
    assert.deepEqual(updated.updated, { ...ada, phone: '555-0100' });
    assert.deepEqual(await fixture.ok('delete_contact', { contact_id: ada.id }), {
      deleted: { id: ada.id, name: 'Ada Lovelace' },
    });
    assert.equal((await fixture.ok('find_contacts', {})).count, 1);
  });

  it('keeps users apart', async () => {
    const { created } = await fixture.ok('add_contact', { name: 'Alice friend' }, 'alice');
    assert.equal((await fixture.ok('find_contacts', { query: 'Alice friend' }, 'bob')).count, 0);
    assert.match(
      await fixture.error('update_contact', { contact_id: created.id, name: 'x' }, 'bob'),
      /contact ".*" not found/,
    );
    assert.match(await fixture.error('delete_contact', { contact_id: created.id }, 'bob'), /not found/);
    assert.deepEqual((await fixture.ok('find_contacts', { query: 'Alice friend' }, 'alice')).items, [created]);
  });

  it('rejects bad input', async () => {
    assert.match(await fixture.error('add_contact', { name: 'x', email: 'not-an-email' }), /is not an email address/);
    assert.match(
      await fixture.error('add_contact', { name: 'x', birthday: '10/12/1815' }),
      /birthday: must be a real date/,
    );
    assert.match(await fixture.error('update_contact', { contact_id: 'c' }), /nothing to change/);
    assert.match(await fixture.error('find_contacts', { query: '' }), /query: must not be empty/);
  });
});
