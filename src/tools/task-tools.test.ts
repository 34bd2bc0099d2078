import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GOAL_TOOLS } from './goal-tools.ts';
import { TASK_TOOLS } from './task-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('TASK_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture([...TASK_TOOLS, ...GOAL_TOOLS]);
  });
  after(() => fixture.cleanup());

  it('creates, lists, updates, completes and deletes a task', async () => {
    const { created } = await fixture.ok('create_task', {
      title: '  Buy milk ',
      due_date: '2026-03-05',
      priority: 'high',
    });
    assert.deepEqual(created, {
      id: created.id,
      title: 'Buy milk',
      priority: 'high',
      due_date: '2026-03-05',
      status: 'open',
    });
    await fixture.ok('create_task', { title: 'File taxes', notes: 'forms 100% ready_now' });

    const open = await fixture.ok('list_tasks', {});
    assert.deepEqual(open.items.map((task: { title: string }) => task.title), ['Buy milk', 'File taxes']);
    assert.equal(open.count, 2);

    const updated = await fixture.ok('update_task', {
      task_id: created.id,
      title: 'Buy oat milk',
      clear_due_date: true,
    });
    assert.equal(updated.updated.title, 'Buy oat milk');
    assert.equal(updated.updated.due_date, undefined);

    const done = await fixture.ok('complete_task', { task_id: created.id });
    assert.equal(done.updated.status, 'done');
    assert.equal(done.updated.completed_at, '2026-03-02T09:00:00.000Z');
    fixture.setNow('2026-03-02T12:00:00.000Z');
    assert.equal(
      (await fixture.ok('complete_task', { task_id: created.id })).updated.completed_at,
      '2026-03-02T09:00:00.000Z',
      'first completion time kept',
    );
    assert.deepEqual((await fixture.ok('list_tasks', {})).items.map((task: { title: string }) => task.title), [
      'File taxes',
    ]);
    assert.equal((await fixture.ok('list_tasks', { status: 'done' })).count, 1);
    assert.equal((await fixture.ok('list_tasks', { status: 'all' })).count, 2);

    const reopened = await fixture.ok('complete_task', { task_id: created.id, reopen: true });
    assert.equal(reopened.updated.status, 'open');
    assert.equal(reopened.updated.completed_at, undefined);

    assert.deepEqual(await fixture.ok('delete_task', { task_id: created.id }), {
      deleted: { id: created.id, title: 'Buy oat milk' },
    });
    assert.match(
      await fixture.error('delete_task', { task_id: created.id }),
      new RegExp(`task "${created.id}" not found`),
    );
  });

  it('filters by text (LIKE wildcards are literal), priority, due date and goal', async () => {
    const { created: goal } = await fixture.ok('create_goal', { title: 'Health' }, 'carol');
    await fixture.ok('create_task', { title: 'Run 5k', due_date: '2026-03-03', goal_id: goal.id }, 'carol');
    await fixture.ok('create_task', { title: 'Stretch', priority: 'low', due_date: '2026-04-01' }, 'carol');
    await fixture.ok('create_task', { title: 'Save 100%', priority: 'high' }, 'carol');
    const titles = async (input: Record<string, unknown>) =>
      (await fixture.ok('list_tasks', input, 'carol')).items.map((task: { title: string }) => task.title);
    assert.deepEqual(await titles({}), ['Run 5k', 'Stretch', 'Save 100%']);
    assert.deepEqual(await titles({ text: '100%' }), ['Save 100%']);
    assert.deepEqual(await titles({ text: '%' }), ['Save 100%']);
    assert.deepEqual(await titles({ priority: 'low' }), ['Stretch']);
    assert.deepEqual(await titles({ due_before: '2026-03-31' }), ['Run 5k']);
    assert.deepEqual(await titles({ goal_id: goal.id }), ['Run 5k']);
  });

  it('caps lists and says how many matched', async () => {
    for (let n = 0; n < 25; n += 1) {
      await fixture.ok('create_task', { title: `Chore ${String(n).padStart(2, '0')}` }, 'dave');
    }
    const page = await fixture.ok('list_tasks', {}, 'dave');
    assert.equal(page.count, 25);
    assert.equal(page.items.length, 20);
    assert.match(page.note, /showing 20 of 25/);
    assert.equal((await fixture.ok('list_tasks', { limit: 3 }, 'dave')).items.length, 3);
  });

  it("keeps users apart: bob cannot see, change, complete or delete alice's task", async () => {
    const { created } = await fixture.ok('create_task', { title: 'Secret plan' }, 'alice');
    assert.equal((await fixture.ok('list_tasks', { text: 'Secret' }, 'bob')).count, 0);
    for (
      const [name, input] of [
        ['update_task', { task_id: created.id, title: 'Hijacked' }],
        ['complete_task', { task_id: created.id }],
        ['delete_task', { task_id: created.id }],
      ] as const
    ) {
      assert.match(await fixture.error(name, input, 'bob'), /not found/);
    }
    const mine = await fixture.ok('list_tasks', { text: 'Secret' }, 'alice');
    assert.deepEqual(mine.items.map((task: { title: string; status: string }) => [task.title, task.status]), [[
      'Secret plan',
      'open',
    ]]);
  });

  it('refuses a goal of another user', async () => {
    const { created: goal } = await fixture.ok('create_goal', { title: 'Alice goal' }, 'alice');
    assert.match(await fixture.error('create_task', { title: 'x', goal_id: goal.id }, 'bob'), /goal ".*" not found/);
  });

  it('answers bad input with an error naming each field, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['create_task', {}, /title: is required/],
      ['create_task', { title: '   ' }, /title: must not be empty/],
      ['create_task', { title: 'x', priority: 'urgent' }, /priority: must be one of low, normal, high/],
      ['create_task', { title: 'x', due_date: '2026-02-30' }, /due_date: must be a real date/],
      ['create_task', { title: 'x', colour: 'red' }, /colour: is not a known field/],
      ['create_task', { title: 'x'.repeat(201) }, /title: must be at most 200 characters/],
      ['list_tasks', { limit: 0 }, /limit: must be at least 1/],
      ['list_tasks', { limit: '5' }, /limit: must be a number/],
      ['update_task', { task_id: 'task-1' }, /nothing to change/],
      ['update_task', { task_id: 'task-1', due_date: '2026-01-01', clear_due_date: true }, /not both/],
    ];
    const before = (await fixture.ok('list_tasks', { status: 'all' }, 'erin')).count;
    for (const [name, input, expected] of cases) {
      assert.match(await fixture.error(name, input, 'erin'), expected, `${name} ${JSON.stringify(input)}`);
    }
    assert.equal((await fixture.ok('list_tasks', { status: 'all' }, 'erin')).count, before);
  });
});
