// Domain `tasks`: a personal to-do list (create, query, edit, complete, delete), each row owned by one user.
import { buildConditions } from './build-conditions.ts';
import { buildUpdate } from './build-update.ts';
import { choice, date, defineInput, flag, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { containsPattern, DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['tasks'];
const COLUMNS = ['id', 'title', 'notes', 'priority', 'due_date', 'status', 'goal_id', 'completed_at'];
const TASK_ID = text('Id of the task, as returned by create_task or list_tasks.', 64);
const PRIORITY = choice('Priority.', ['low', 'normal', 'high']);
const TITLE = text('Short title of the task.', 200);
const NOTES = text('Longer details.', 2000);
const DUE_DATE = date('Due date, YYYY-MM-DD.');

const createTask = defineTool({
  name: 'create_task',
  description:
    "Adds a task to the user's to-do list. Use when the user wants to remember to do something; priority defaults to normal. Returns the task with its id.",
  tags: TAGS,
  input: defineInput({
    title: TITLE,
    notes: optional(NOTES),
    priority: optional(PRIORITY),
    due_date: optional(DUE_DATE),
    goal_id: optional(text('Id of a goal this task serves.', 64)),
  }),
  run: async (input, { database, userId, now, newId }) => {
    if (input.goal_id !== undefined) {
      const goal = await database.read({
        sql: 'SELECT 1 FROM goals WHERE id = ? AND user_id = ?',
        args: [input.goal_id, userId],
      });
      if (goal.rows.length === 0) return failNotFound('goal', input.goal_id);
    }
    const stamp = now.toISOString();
    const result = await database.write({
      sql: `INSERT INTO tasks (id, user_id, title, notes, priority, due_date, goal_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS.join(', ')}`,
      args: [
        newId(),
        userId,
        input.title,
        input.notes ?? null,
        input.priority ?? 'normal',
        input.due_date ?? null,
        input.goal_id ?? null,
        stamp,
        stamp,
      ],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const listTasks = defineTool({
  name: 'list_tasks',
  description:
    'Lists the user\'s tasks, soonest due first, then by priority. Filters: status (default open), priority, due on or before a date, goal, words in title or notes. Use to answer "what do I have to do".',
  tags: TAGS,
  input: defineInput({
    status: optional(choice('Which tasks (default open).', ['open', 'done', 'all'])),
    priority: optional(PRIORITY),
    due_before: optional(date('Only tasks due on or before this date, YYYY-MM-DD.')),
    goal_id: optional(text('Only tasks linked to this goal.', 64)),
    text: optional(text('Words to find in title or notes.', 200)),
    limit: LIMIT_FIELD,
  }),
  run: async (input, { database, userId }) => {
    const where = buildConditions(userId);
    const status = input.status ?? 'open';
    if (status !== 'all') where.add('status = ?', status);
    if (input.priority !== undefined) where.add('priority = ?', input.priority);
    if (input.due_before !== undefined) where.add('due_date <= ?', input.due_before);
    if (input.goal_id !== undefined) where.add('goal_id = ?', input.goal_id);
    if (input.text !== undefined) {
      where.add(
        "(title LIKE ? ESCAPE '\\' OR notes LIKE ? ESCAPE '\\')",
        containsPattern(input.text),
        containsPattern(input.text),
      );
    }
    const result = await database.read({
      sql: `SELECT ${COLUMNS.join(', ')}, COUNT(*) OVER () AS total_count FROM tasks WHERE ${where.sql}
            ORDER BY due_date IS NULL, due_date, CASE priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END, created_at, id LIMIT ?`,
      args: [...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const updateTask = defineTool({
  name: 'update_task',
  description:
    "Changes a task's title, notes, priority or due date (clear_due_date removes it). Only the fields given change.",
  tags: TAGS,
  input: defineInput({
    task_id: TASK_ID,
    title: optional(TITLE),
    notes: optional(NOTES),
    priority: optional(PRIORITY),
    due_date: optional(DUE_DATE),
    clear_due_date: optional(flag('true to remove the due date.')),
  }),
  run: async (input, { database, userId, now }) => {
    if (input.clear_due_date === true && input.due_date !== undefined) {
      return fail('update_task: give due_date or clear_due_date, not both');
    }
    const dueDate = input.clear_due_date === true ? null : input.due_date;
    const statement = buildUpdate({
      table: 'tasks',
      id: input.task_id,
      userId,
      now,
      returning: COLUMNS,
      changes: { title: input.title, notes: input.notes, priority: input.priority, due_date: dueDate },
    });
    if (statement === null) {
      return fail(
        'update_task: nothing to change: give at least one of title, notes, priority, due_date, clear_due_date',
      );
    }
    const rows = readRecords(await database.write(statement));
    return rows[0] === undefined ? failNotFound('task', input.task_id) : succeed({ updated: rows[0] });
  },
});

const completeTask = defineTool({
  name: 'complete_task',
  description: 'Marks a task done (or open again with reopen: true). Use when the user says they finished something.',
  tags: TAGS,
  input: defineInput({ task_id: TASK_ID, reopen: optional(flag('true to mark a done task open again.')) }),
  run: async (input, { database, userId, now }) => {
    const stamp = now.toISOString();
    const reopen = input.reopen === true;
    const result = await database.write({
      // Completing a done task again keeps the time it was first completed.
      sql:
        `UPDATE tasks SET status = ?1, completed_at = CASE WHEN ?1 = 'open' THEN NULL WHEN status = 'done' THEN completed_at ELSE ?2 END, updated_at = ?2
            WHERE id = ?3 AND user_id = ?4 RETURNING ${COLUMNS.join(', ')}`,
      args: [reopen ? 'open' : 'done', stamp, input.task_id, userId],
    });
    const task = readRecords(result)[0];
    return task === undefined ? failNotFound('task', input.task_id) : succeed({ updated: task });
  },
});

const deleteTask = defineTool({
  name: 'delete_task',
  description:
    'Deletes a task for good. Use only when the user asks to remove it; finished tasks should be completed instead.',
  tags: TAGS,
  input: defineInput({ task_id: TASK_ID }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM tasks WHERE id = ? AND user_id = ? RETURNING id, title',
      args: [input.task_id, userId],
    });
    const task = readRecords(result)[0];
    return task === undefined ? failNotFound('task', input.task_id) : succeed({ deleted: task });
  },
});

/** The `tasks` domain tools. Every statement is scoped to the calling user. */
export const TASK_TOOLS: readonly ToolPackEntry[] = [createTask, listTasks, updateTask, completeTask, deleteTask];
