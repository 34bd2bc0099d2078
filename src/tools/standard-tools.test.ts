import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createToolRegistry } from '../pipeline/tool-catalogue/index.ts';
import { DOMAIN_TOOL_PACK } from './create-demo-tool-pack.ts';
import { MAX_PREFERENCES, PREFERENCE_TOOLS } from './preference-tools.ts';
import { registerToolPack } from './register-tool-pack.ts';
import { createStandardTools } from './standard-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('createStandardTools', () => {
  const registry = createToolRegistry();
  const standard = createStandardTools({ registry });
  let fixture: ToolFixture;
  before(async () => {
    registerToolPack(registry, [...standard, ...DOMAIN_TOOL_PACK]);
    fixture = await createToolFixture([...standard, ...PREFERENCE_TOOLS]);
  });
  after(() => fixture.cleanup());

  it('are the four PRD tools, tagged standard, with short descriptions', () => {
    assert.deepEqual(registry.standardTools().map((spec) => spec.name), [
      'cancel',
      'clarify',
      'help',
      'set_preference',
    ]);
    for (const entry of standard) {
      assert.ok(entry.spec.description.length <= 100, `${entry.spec.name}: description is sent on every call`);
    }
  });

  it('clarify returns the question for the assistant to relay', async () => {
    assert.deepEqual(await fixture.ok('clarify', { question: 'Which Paris?', options: ['France', 'Texas'] }), {
      ask_user: 'Which Paris?',
      options: ['France', 'Texas'],
      then: 'put this question to the user and wait for the answer',
    });
    assert.match(await fixture.error('clarify', { question: 'q', options: [] }), /options: must not be empty/);
    assert.match(await fixture.error('clarify', {}), /question: is required/);
  });

  it('help lists every domain and its tools from the registry, or one domain in detail', async () => {
    const overview = await fixture.ok('help', {});
    assert.deepEqual(overview.domains.map((d: { domain: string }) => d.domain), [
      'contacts',
      'goals',
      'habits',
      'notes',
      'preferences',
      'reading',
      'reminders',
      'tasks',
    ]);
    assert.deepEqual(overview.domains.find((d: { domain: string }) => d.domain === 'tasks').tools, [
      'complete_task',
      'create_task',
      'delete_task',
      'list_tasks',
      'update_task',
    ]);
    assert.deepEqual(overview.always, ['cancel', 'clarify', 'help', 'set_preference']);
    const tasks = await fixture.ok('help', { domain: 'tasks' });
    assert.deepEqual(tasks.tools[0], {
      name: 'complete_task',
      does: 'Marks a task done (or open again with reopen: true).',
    });
    assert.match(await fixture.error('help', { domain: 'weather' }), /no domain "weather"; domains: contacts, goals/);
  });

  it('help sees tools registered after it was created', async () => {
    registry.register({
      name: 'get_weather',
      description: 'Weather.',
      inputSchema: { type: 'object' },
      tags: ['weather'],
    });
    assert.deepEqual((await fixture.ok('help', { domain: 'weather' })).tools, [{
      name: 'get_weather',
      does: 'Weather.',
    }]);
  });

  it('cancel records the cancellation against the conversation and user', async () => {
    const answer = await fixture.ok('cancel', { what: 'the trip booking plan', reason: 'changed my mind' });
    assert.equal(answer.cancelled.what, 'the trip booking plan');
    const rows = await fixture.database.read(
      'SELECT user_id, conversation_id, target, reason, created_at FROM cancellations',
    );
    assert.deepEqual(rows.rows.map((row) => ({ ...row })), [
      {
        user_id: 'alice',
        conversation_id: 'conv-alice',
        target: 'the trip booking plan',
        reason: 'changed my mind',
        created_at: '2026-03-02T09:00:00.000Z',
      },
    ]);
    assert.match(await fixture.error('cancel', {}), /what: is required/);
  });

  it('set_preference stores per user, overwrites, and is read back through get_preferences', async () => {
    assert.deepEqual(await fixture.ok('set_preference', { key: 'Reply Language', value: 'French' }), {
      saved: { key: 'reply_language', value: 'French' },
    });
    await fixture.ok('set_preference', { key: 'units', value: 'metric' });
    await fixture.ok('set_preference', { key: 'units', value: 'imperial' });
    await fixture.ok('set_preference', { key: 'units', value: 'metric' }, 'bob');
    assert.deepEqual(await fixture.ok('get_preferences', {}), {
      preferences: { reply_language: 'French', units: 'imperial' },
    });
    assert.deepEqual(await fixture.ok('get_preferences', { key: 'UNITS' }), { preferences: { units: 'imperial' } });
    assert.deepEqual(await fixture.ok('get_preferences', {}, 'bob'), { preferences: { units: 'metric' } });
    assert.match(
      await fixture.error('get_preferences', { key: 'reply_language' }, 'bob'),
      /preference "reply_language" not set/,
    );
    assert.match(await fixture.error('delete_preference', { key: 'reply_language' }, 'bob'), /not set/);
    assert.deepEqual(await fixture.ok('delete_preference', { key: 'units' }), {
      deleted: { key: 'units', value: 'imperial' },
    });
    assert.deepEqual(await fixture.ok('get_preferences', {}, 'bob'), { preferences: { units: 'metric' } });
    assert.match(await fixture.error('set_preference', { key: 'a/b', value: 'x' }), /key: must be 1-64 letters/);
    assert.match(await fixture.error('set_preference', { key: 'k', value: '' }), /value: must not be empty/);
  });

  it('preference keys named like Object.prototype members are plain keys', async () => {
    assert.match(await fixture.error('get_preferences', { key: 'constructor' }, 'dave'), /"constructor" not set/);
    assert.match(await fixture.error('get_preferences', { key: 'toString' }, 'dave'), /"tostring" not set/);
    await fixture.ok('set_preference', { key: 'constructor', value: 'Bob the builder' }, 'dave');
    assert.deepEqual(await fixture.ok('get_preferences', { key: 'constructor' }, 'dave'), {
      preferences: { constructor: 'Bob the builder' },
    });
  });

  it(`set_preference keeps at most ${MAX_PREFERENCES} keys per user but still overwrites`, async () => {
    for (let n = 0; n < MAX_PREFERENCES; n += 1) {
      await fixture.ok('set_preference', { key: `k${n}`, value: 'v' }, 'carol');
    }
    assert.match(await fixture.error('set_preference', { key: 'one_more', value: 'v' }, 'carol'), /already saved/);
    await fixture.ok('set_preference', { key: 'k0', value: 'changed' }, 'carol');
    assert.deepEqual(await fixture.ok('get_preferences', { key: 'k0' }, 'carol'), { preferences: { k0: 'changed' } });
  });
});
