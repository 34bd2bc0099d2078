import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HABIT_TOOLS } from './habit-tools.ts';
import { createToolFixture, type ToolFixture } from './tool-fixture.test-support.ts';

describe('HABIT_TOOLS', () => {
  let fixture: ToolFixture;
  before(async () => {
    fixture = await createToolFixture(HABIT_TOOLS);
  });
  after(() => fixture.cleanup());

  it('creates a habit, logs days, reports the streak, undoes a day and deletes it', async () => {
    // Clock: Monday 2026-03-02.
    const { created: habit } = await fixture.ok('create_habit', { name: 'Read 20 minutes', frequency: 'daily' });
    assert.deepEqual(habit, { id: habit.id, name: 'Read 20 minutes', frequency: 'daily' });
    assert.deepEqual(await fixture.ok('list_habits', {}), {
      count: 1,
      items: [{ ...habit, streak: 0, done_today: false, times_last_30_days: 0 }],
    });

    await fixture.ok('log_habit', { habit_id: habit.id, date: '2026-02-28' });
    await fixture.ok('log_habit', { habit_id: habit.id, date: '2026-03-01' });
    const today = await fixture.ok('log_habit', { habit_id: habit.id });
    assert.deepEqual(today, {
      habit: { ...habit, streak: 3, done_today: true, times_last_30_days: 3, last_done: '2026-03-02' },
      day: '2026-03-02',
      logged: true,
    });
    assert.equal((await fixture.ok('log_habit', { habit_id: habit.id })).logged, false, 'the same day counts once');

    const undone = await fixture.ok('log_habit', { habit_id: habit.id, date: '2026-03-01', undo: true });
    assert.equal(undone.removed, true);
    assert.equal(undone.habit.streak, 1);

    assert.deepEqual(await fixture.ok('delete_habit', { habit_id: habit.id }), {
      deleted: { id: habit.id, name: 'Read 20 minutes' },
    });
    assert.equal((await fixture.ok('list_habits', {})).count, 0);
    const left = await fixture.database.read({
      sql: 'SELECT COUNT(*) AS n FROM habit_checkins WHERE habit_id = ?',
      args: [habit.id],
    });
    assert.equal(Number(left.rows[0]?.['n']), 0, 'check-ins go with their habit');
  });

  it('keeps users apart', async () => {
    const { created } = await fixture.ok('create_habit', { name: 'Alice yoga', frequency: 'weekly' }, 'alice');
    assert.equal((await fixture.ok('list_habits', {}, 'bob')).count, 0);
    assert.match(await fixture.error('log_habit', { habit_id: created.id }, 'bob'), /habit ".*" not found/);
    assert.match(await fixture.error('log_habit', { habit_id: created.id, undo: true }, 'bob'), /not found/);
    assert.match(await fixture.error('delete_habit', { habit_id: created.id }, 'bob'), /not found/);
    const mine = await fixture.ok('list_habits', {}, 'alice');
    assert.deepEqual(
      mine.items.map((h: { name: string; times_last_30_days: number }) => [h.name, h.times_last_30_days]),
      [['Alice yoga', 0]],
    );
  });

  it('rejects bad input', async () => {
    const { created } = await fixture.ok('create_habit', { name: 'x', frequency: 'daily' }, 'erin');
    assert.match(
      await fixture.error('log_habit', { habit_id: created.id, date: '2026-03-03' }, 'erin'),
      /in the future/,
    );
    assert.match(
      await fixture.error('create_habit', { name: 'x', frequency: 'hourly' }, 'erin'),
      /frequency: must be one of daily, weekly/,
    );
    assert.match(await fixture.error('create_habit', { name: 'x' }, 'erin'), /frequency: is required/);
    assert.match(await fixture.error('list_habits', { all: true }, 'erin'), /all: is not a known field/);
  });
});
