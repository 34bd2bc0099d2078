// Domain `habits`: recurring habits the user tracks (daily or weekly), logged per day, with the current streak.
import type { Database } from '../store/database.ts';
import { countStreak } from './count-streak.ts';
import { choice, date, defineInput, flag, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { DEFAULT_LIST_LIMIT, readRecords } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['habits'];
const HABIT_ID = text('Id of the habit, as returned by create_habit or list_habits.', 64);
/** Check-ins read back per habit: a year and a bit covers any streak worth reporting and any 30-day count. */
const HISTORY_DAYS = 400;
const DAY_MS = 86_400_000;

type Frequency = 'daily' | 'weekly';

function daysBefore(today: string, count: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - count * DAY_MS).toISOString().slice(0, 10);
}

/** Streak, last day done and times done in the last 30 days, per habit id. */
async function summarise(database: Database, habits: readonly { id: string; frequency: Frequency }[], today: string) {
  const ids = habits.map((habit) => habit.id);
  const result = ids.length === 0 ? { rows: [] } : await database.read({
    sql: `SELECT habit_id, day FROM habit_checkins WHERE habit_id IN (${
      ids.map(() => '?').join(', ')
    }) AND day >= ? ORDER BY day DESC`,
    args: [...ids, daysBefore(today, HISTORY_DAYS)],
  });
  const days = new Map<string, string[]>();
  for (const row of result.rows) {
    days.set(String(row['habit_id']), [...(days.get(String(row['habit_id'])) ?? []), String(row['day'])]);
  }
  const monthAgo = daysBefore(today, 29);
  return new Map(habits.map((habit) => {
    const done = days.get(habit.id) ?? [];
    const summary = {
      streak: countStreak({ days: done, frequency: habit.frequency, today }),
      done_today: done.includes(today),
      times_last_30_days: done.filter((day) => day >= monthAgo && day <= today).length,
    };
    return [habit.id, done[0] === undefined ? summary : { ...summary, last_done: done[0] }];
  }));
}

const createHabit = defineTool({
  name: 'create_habit',
  description: 'Starts tracking a habit the user wants to keep (e.g. "read 20 minutes"), daily or weekly.',
  tags: TAGS,
  input: defineInput({
    name: text('Short name of the habit.', 200),
    frequency: choice('How often it should be done.', ['daily', 'weekly']),
  }),
  run: async (input, { database, userId, now, newId }) => {
    const stamp = now.toISOString();
    const result = await database.write({
      sql:
        'INSERT INTO habits (id, user_id, name, frequency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id, name, frequency',
      args: [newId(), userId, input.name, input.frequency, stamp, stamp],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const logHabit = defineTool({
  name: 'log_habit',
  description:
    'Records that the user did a habit today (or on an earlier date); logging the same day twice counts once. Set undo to remove that day. Returns the streak.',
  tags: TAGS,
  input: defineInput({
    habit_id: HABIT_ID,
    date: optional(date('Day it was done, YYYY-MM-DD (default today, UTC).')),
    undo: optional(flag('true to remove the check-in of that day.')),
  }),
  run: async (input, { database, userId, now }) => {
    const today = now.toISOString().slice(0, 10);
    const day = input.date ?? today;
    if (day > today) return fail(`log_habit: date ${day} is in the future (today is ${today})`);
    const habit = readRecords(
      await database.read({
        sql: 'SELECT id, name, frequency FROM habits WHERE id = ? AND user_id = ?',
        args: [input.habit_id, userId],
      }),
    )[0];
    if (habit === undefined) return failNotFound('habit', input.habit_id);
    const statement = input.undo === true
      ? { sql: 'DELETE FROM habit_checkins WHERE habit_id = ? AND day = ?', args: [input.habit_id, day] }
      : {
        sql: 'INSERT INTO habit_checkins (habit_id, day, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        args: [input.habit_id, day, now.toISOString()],
      };
    const changed = (await database.write(statement)).rowsAffected > 0;
    const summary =
      (await summarise(database, [{ id: input.habit_id, frequency: habit['frequency'] as Frequency }], today)).get(
        input.habit_id,
      );
    return succeed({ habit: { ...habit, ...summary }, day, [input.undo === true ? 'removed' : 'logged']: changed });
  },
});

const listHabits = defineTool({
  name: 'list_habits',
  description:
    "Lists the user's habits with current streak, whether done today, last day done and times done in the last 30 days.",
  tags: TAGS,
  input: defineInput({}),
  run: async (_input, { database, userId, now }) => {
    const result = await database.read({
      sql:
        'SELECT id, name, frequency, COUNT(*) OVER () AS total_count FROM habits WHERE user_id = ? ORDER BY name, id LIMIT ?',
      args: [userId, DEFAULT_LIST_LIMIT],
    });
    const records = readRecords(result);
    const habits = records.map((record) => ({
      id: String(record['id']),
      name: String(record['name']),
      frequency: record['frequency'] as Frequency,
    }));
    const summaries = await summarise(database, habits, now.toISOString().slice(0, 10));
    const count = Number(records[0]?.['total_count'] ?? 0);
    const note = count > habits.length ? { note: `showing ${habits.length} of ${count}` } : {};
    return succeed({ count, items: habits.map((habit) => ({ ...habit, ...summaries.get(habit.id) })), ...note });
  },
});

const deleteHabit = defineTool({
  name: 'delete_habit',
  description: 'Stops tracking a habit and deletes its history for good.',
  tags: TAGS,
  input: defineInput({ habit_id: HABIT_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM habits WHERE id = ? AND user_id = ? RETURNING id, name',
      args: [input.habit_id, userId],
    });
    const habit = readRecords(result)[0];
    return habit === undefined ? failNotFound('habit', input.habit_id) : succeed({ deleted: habit });
  },
});

/** The `habits` domain tools. Every statement is scoped to the calling user (check-ins through their habit). */
export const HABIT_TOOLS: readonly ToolPackEntry[] = [createHabit, logHabit, listHabits, deleteHabit];
