import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createToolRegistry, STANDARD_TAG } from '../pipeline/tool-catalogue/index.ts';
import { createDemoToolPack, DOMAIN_TOOL_PACK } from './create-demo-tool-pack.ts';
import { registerToolPack } from './register-tool-pack.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

type PropertySchema = { type?: string; description?: string; enum?: string[] };
const DEMO_TABLES = ['tasks', 'goals', 'reading_items', 'notes', 'reminders', 'habits', 'contacts', 'user_preferences'];

describe('createDemoToolPack', () => {
  const registry = createToolRegistry();
  const pack = createDemoToolPack({ registry });

  it('registers every spec into a fresh registry, with at least 30 domain tools', () => {
    const specs = registerToolPack(registry, pack);
    assert.equal(specs.length, pack.length);
    assert.deepEqual(registry.standardTools().map((spec) => spec.name), [
      'cancel',
      'clarify',
      'help',
      'set_preference',
    ]);
    assert.ok(registry.domainTools().length >= 30, `only ${registry.domainTools().length} domain tools`);
    assert.equal(registry.domainTools().length, DOMAIN_TOOL_PACK.length);
    assert.deepEqual(registry.domains(), [
      'contacts',
      'goals',
      'habits',
      'notes',
      'preferences',
      'reading',
      'reminders',
      'tasks',
    ]);
    for (const spec of registry.domainTools()) {
      assert.equal(spec.tags.length, 1, `${spec.name} belongs to exactly one domain`);
    }
  });

  it('declares strict schemas: typed, described properties, required ones declared, no extra properties', () => {
    for (const { spec } of pack) {
      const schema = spec.inputSchema as {
        type: string;
        properties: Record<string, PropertySchema>;
        required?: string[];
        additionalProperties: boolean;
      };
      assert.equal(schema.type, 'object', spec.name);
      assert.equal(schema.additionalProperties, false, spec.name);
      for (const name of schema.required ?? []) {
        assert.ok(name in schema.properties, `${spec.name}: required ${name} is not a property`);
      }
      for (const [name, property] of Object.entries(schema.properties)) {
        assert.ok(
          ['string', 'integer', 'boolean', 'array'].includes(property.type ?? ''),
          `${spec.name}.${name}: type`,
        );
        assert.ok((property.description ?? '').length > 0, `${spec.name}.${name}: description`);
        if (property.enum !== undefined) assert.ok(property.enum.length > 0);
      }
      assert.ok(
        spec.description.length >= 20 && spec.description.length <= 300,
        `${spec.name}: description length ${spec.description.length}`,
      );
    }
  });

  describe('handlers', () => {
    let fixture: ToolFixture;
    before(async () => {
      fixture = await createToolFixture(pack, ['alice', 'bob', 'fuzz']);
    });
    after(() => fixture.cleanup());

    it('answer any junk input with a non-empty outcome and never throw', async () => {
      const keys = [
        ...new Set(pack.flatMap(({ spec }) => Object.keys((spec.inputSchema as { properties: object }).properties))),
      ];
      const junk = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), fc.jsonValue(), { maxKeys: 4 });
      for (const entry of pack) {
        await fc.assert(
          fc.asyncProperty(junk, async (input) => {
            const outcome = await fixture.call(entry.spec.name, input, 'fuzz');
            assert.ok(outcome.text.length > 0);
            if (outcome.status === 'success') JSON.parse(outcome.text);
          }),
          { numRuns: 25, seed: 42 },
        );
        assert.match(
          await fixture.error(entry.spec.name, { __bogus: 1 }, 'fuzz'),
          new RegExp(`invalid input for ${entry.spec.name}: .*__bogus: is not a known field`),
        );
      }
    });

    it("never lets one user read or change another user's rows", async () => {
      const id = async (name: string, input: Record<string, unknown>) =>
        Object.values(await fixture.ok(name, input, 'alice'))[0] as { id: string };
      const goal = await id('create_goal', { title: 'G' });
      const task = await id('create_task', { title: 'T', goal_id: goal.id });
      const item = await id('add_reading_item', { title: 'R' });
      const note = await id('create_note', { title: 'N', body: 'B' });
      const reminder = await id('create_reminder', { text: 'M', due_at: '2026-03-03T09:00:00Z' });
      const habit = await id('create_habit', { name: 'H', frequency: 'daily' });
      const contact = await id('add_contact', { name: 'C' });
      await fixture.ok('set_preference', { key: 'units', value: 'metric' }, 'alice');
      await fixture.ok('log_habit', { habit_id: habit.id }, 'alice');
      const snapshot = async () => {
        const tables: Record<string, unknown[]> = {};
        for (const table of DEMO_TABLES) {
          tables[table] = (await fixture.database.read({
            sql: `SELECT * FROM ${table} WHERE user_id = 'alice' ORDER BY 1, 2`,
            args: [],
          })).rows.map((row) => ({ ...row }));
        }
        tables['habit_checkins'] = (await fixture.database.read('SELECT * FROM habit_checkins ORDER BY 1, 2')).rows.map(
          (row) => ({ ...row }),
        );
        return tables;
      };
      const before = await snapshot();

      const attempts: [string, Record<string, unknown>][] = [
        ['update_task', { task_id: task.id, title: 'x' }],
        ['complete_task', { task_id: task.id }],
        ['delete_task', { task_id: task.id }],
        ['get_goal', { goal_id: goal.id }],
        ['update_goal_progress', { goal_id: goal.id, progress: 9 }],
        ['archive_goal', { goal_id: goal.id }],
        ['link_task_to_goal', { goal_id: goal.id, task_id: task.id }],
        ['create_task', { title: 'x', goal_id: goal.id }],
        ['update_reading_item', { item_id: item.id, rating: 1 }],
        ['remove_reading_item', { item_id: item.id }],
        ['get_note', { note_id: note.id }],
        ['update_note', { note_id: note.id, append: 'x' }],
        ['delete_note', { note_id: note.id }],
        ['snooze_reminder', { reminder_id: reminder.id, minutes: 5 }],
        ['dismiss_reminder', { reminder_id: reminder.id }],
        ['log_habit', { habit_id: habit.id }],
        ['log_habit', { habit_id: habit.id, undo: true }],
        ['delete_habit', { habit_id: habit.id }],
        ['update_contact', { contact_id: contact.id, name: 'x' }],
        ['delete_contact', { contact_id: contact.id }],
        ['get_preferences', { key: 'units' }],
        ['delete_preference', { key: 'units' }],
      ];
      for (const [name, input] of attempts) {
        assert.match(await fixture.error(name, input, 'bob'), /not (found|set)/, name);
      }
      for (
        const name of [
          'list_tasks',
          'list_goals',
          'list_reading_items',
          'search_notes',
          'list_upcoming_reminders',
          'list_habits',
          'find_contacts',
        ]
      ) {
        assert.equal((await fixture.ok(name, {}, 'bob')).count, 0, name);
      }
      assert.deepEqual(await fixture.ok('get_preferences', {}, 'bob'), { preferences: {} });
      assert.deepEqual(await snapshot(), before);
    });
  });

  it('every domain tool is tagged with its domain, never standard', () => {
    for (const { spec } of DOMAIN_TOOL_PACK) assert.ok(!(spec.tags ?? []).includes(STANDARD_TAG), spec.name);
  });
});
