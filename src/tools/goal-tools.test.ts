import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GOAL_TOOLS } from './goal-tools.ts';
import { TASK_TOOLS } from './task-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('GOAL_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture([...TASK_TOOLS, ...GOAL_TOOLS]);
  });
  after(() => fixture.cleanup());

  it('creates a goal, links tasks, tracks progress and archives it', async () => {
    const { created: goal } = await fixture.ok('create_goal', { title: 'Run a marathon', target_date: '2026-10-01' });
    assert.deepEqual(goal, {
      id: goal.id,
      title: 'Run a marathon',
      target_date: '2026-10-01',
      progress: 0,
      status: 'active',
    });
    const { created: task } = await fixture.ok('create_task', { title: 'Buy shoes' });
    assert.deepEqual(await fixture.ok('link_task_to_goal', { goal_id: goal.id, task_id: task.id }), {
      linked: { id: task.id, title: 'Buy shoes', goal_id: goal.id },
    });
    await fixture.ok('complete_task', { task_id: task.id });
    await fixture.ok('create_task', { title: 'Long run', goal_id: goal.id });

    const listed = await fixture.ok('list_goals', {});
    assert.deepEqual(listed, { count: 1, items: [{ ...goal, open_tasks: 1, done_tasks: 1 }] });
    const detail = await fixture.ok('get_goal', { goal_id: goal.id });
    assert.deepEqual(detail.tasks.map((t: { title: string }) => t.title), ['Long run', 'Buy shoes']);

    assert.equal((await fixture.ok('update_goal_progress', { goal_id: goal.id, progress: 40 })).updated.progress, 40);
    const achieved = await fixture.ok('update_goal_progress', { goal_id: goal.id, progress: 100 });
    assert.equal(achieved.updated.status, 'achieved');
    assert.equal((await fixture.ok('list_goals', {})).count, 0);
    assert.equal((await fixture.ok('list_goals', { status: 'achieved' })).count, 1);

    assert.equal((await fixture.ok('archive_goal', { goal_id: goal.id })).archived.status, 'archived');
    assert.match(await fixture.error('update_goal_progress', { goal_id: goal.id, progress: 50 }), /not found/);
    assert.equal((await fixture.ok('list_goals', { status: 'all' })).count, 1);
  });

  it('keeps users apart', async () => {
    const { created: goal } = await fixture.ok('create_goal', { title: 'Private goal' }, 'alice');
    const { created: bobTask } = await fixture.ok('create_task', { title: 'Bob task' }, 'bob');
    const { created: aliceTask } = await fixture.ok('create_task', { title: 'Alice task' }, 'alice');
    assert.equal((await fixture.ok('list_goals', { status: 'all' }, 'bob')).count, 0);
    assert.match(await fixture.error('get_goal', { goal_id: goal.id }, 'bob'), /goal ".*" not found/);
    assert.match(await fixture.error('update_goal_progress', { goal_id: goal.id, progress: 10 }, 'bob'), /not found/);
    assert.match(await fixture.error('archive_goal', { goal_id: goal.id }, 'bob'), /not found/);
    assert.match(
      await fixture.error('link_task_to_goal', { goal_id: goal.id, task_id: bobTask.id }, 'bob'),
      /goal ".*" not found/,
    );
    assert.match(
      await fixture.error('link_task_to_goal', { goal_id: goal.id, task_id: bobTask.id }, 'alice'),
      new RegExp(`task "${bobTask.id}" not found`),
    );
    assert.deepEqual((await fixture.ok('get_goal', { goal_id: goal.id }, 'alice')).goal, {
      ...goal,
      open_tasks: 0,
      done_tasks: 0,
    });
    assert.ok(aliceTask.id);
  });

  it('rejects bad input', async () => {
    assert.match(
      await fixture.error('update_goal_progress', { goal_id: 'g', progress: 101 }),
      /progress: must be at most 100/,
    );
    assert.match(
      await fixture.error('update_goal_progress', { goal_id: 'g', progress: 2.5 }),
      /progress: must be a whole number/,
    );
    assert.match(
      await fixture.error('list_goals', { status: 'done' }),
      /status: must be one of active, achieved, archived, all/,
    );
    assert.match(
      await fixture.error('create_goal', { title: 'x', target_date: 'next year' }),
      /target_date: must be a real date/,
    );
  });
});
