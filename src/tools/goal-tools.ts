// Domain `goals`: longer-term aims with progress, tasks linked to them, archived when no longer pursued.
import { buildConditions } from './build-conditions.ts';
import { choice, date, defineInput, integer, optional, text } from './define-input.ts';
import { defineTool, failNotFound, succeed } from './define-tool.ts';
import { DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['goals'];
const COLUMNS = ['id', 'title', 'description', 'target_date', 'progress', 'status'];
const GOAL_ID = text('Id of the goal, as returned by create_goal or list_goals.', 64);
/** Open and done counts of the tasks linked to the goal in `goals` (the query's alias for the goal row). */
const TASK_COUNTS =
  `(SELECT COUNT(*) FROM tasks WHERE tasks.goal_id = goals.id AND tasks.status = 'open') AS open_tasks,
  (SELECT COUNT(*) FROM tasks WHERE tasks.goal_id = goals.id AND tasks.status = 'done') AS done_tasks`;

const createGoal = defineTool({
  name: 'create_goal',
  description:
    'Records a goal the user wants to reach (progress starts at 0). Use for longer-term aims; use create_task for single to-dos.',
  tags: TAGS,
  input: defineInput({
    title: text('Short statement of the goal.', 200),
    description: optional(text('Why it matters or how success is measured.', 2000)),
    target_date: optional(date('When the user wants to reach it, YYYY-MM-DD.')),
  }),
  run: async (input, { database, userId, now, newId }) => {
    const stamp = now.toISOString();
    const result = await database.write({
      sql:
        `INSERT INTO goals (id, user_id, title, description, target_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${
          COLUMNS.join(', ')
        }`,
      args: [newId(), userId, input.title, input.description ?? null, input.target_date ?? null, stamp, stamp],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const listGoals = defineTool({
  name: 'list_goals',
  description:
    "Lists the user's goals with progress and counts of linked open and done tasks. Status filter defaults to active.",
  tags: TAGS,
  input: defineInput({
    status: optional(choice('Which goals (default active).', ['active', 'achieved', 'archived', 'all'])),
    limit: LIMIT_FIELD,
  }),
  run: async (input, { database, userId }) => {
    const where = buildConditions(userId);
    const status = input.status ?? 'active';
    if (status !== 'all') where.add('status = ?', status);
    const result = await database.read({
      sql: `SELECT ${COLUMNS.join(', ')}, ${TASK_COUNTS}, COUNT(*) OVER () AS total_count FROM goals WHERE ${where.sql}
            ORDER BY target_date IS NULL, target_date, created_at, id LIMIT ?`,
      args: [...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const getGoal = defineTool({
  name: 'get_goal',
  description: 'Shows one goal with its linked tasks (open first, at most 20).',
  tags: TAGS,
  input: defineInput({ goal_id: GOAL_ID }),
  run: async (input, { database, userId }) => {
    const goal = readRecords(
      await database.read({
        sql: `SELECT ${COLUMNS.join(', ')}, ${TASK_COUNTS} FROM goals WHERE id = ? AND user_id = ?`,
        args: [input.goal_id, userId],
      }),
    )[0];
    if (goal === undefined) return failNotFound('goal', input.goal_id);
    const tasks = await database.read({
      sql:
        `SELECT id, title, status, due_date FROM tasks WHERE goal_id = ? AND user_id = ? ORDER BY status = 'done', due_date IS NULL, due_date, created_at LIMIT ?`,
      args: [input.goal_id, userId, DEFAULT_LIST_LIMIT],
    });
    return succeed({ goal, tasks: readRecords(tasks) });
  },
});

const updateGoalProgress = defineTool({
  name: 'update_goal_progress',
  description: 'Sets how far along a goal is, 0-100 percent. 100 marks it achieved; lower marks it active again.',
  tags: TAGS,
  input: defineInput({ goal_id: GOAL_ID, progress: integer('Percent complete, 0-100.', 0, 100) }),
  run: async (input, { database, userId, now }) => {
    const result = await database.write({
      sql: `UPDATE goals SET progress = ?, status = CASE WHEN ? = 100 THEN 'achieved' ELSE 'active' END, updated_at = ?
            WHERE id = ? AND user_id = ? AND status <> 'archived' RETURNING ${COLUMNS.join(', ')}`,
      args: [input.progress, input.progress, now.toISOString(), input.goal_id, userId],
    });
    const goal = readRecords(result)[0];
    return goal === undefined ? failNotFound('active or achieved goal', input.goal_id) : succeed({ updated: goal });
  },
});

const linkTaskToGoal = defineTool({
  name: 'link_task_to_goal',
  description:
    'Links an existing task to a goal, so the goal lists it. A task serves at most one goal; linking again moves it.',
  tags: TAGS,
  input: defineInput({ goal_id: GOAL_ID, task_id: text('Id of the task to link.', 64) }),
  run: async (input, { database, userId, now }) => {
    const goal = await database.read({
      sql: 'SELECT 1 FROM goals WHERE id = ? AND user_id = ?',
      args: [input.goal_id, userId],
    });
    if (goal.rows.length === 0) return failNotFound('goal', input.goal_id);
    const result = await database.write({
      sql: 'UPDATE tasks SET goal_id = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING id, title, goal_id',
      args: [input.goal_id, now.toISOString(), input.task_id, userId],
    });
    const task = readRecords(result)[0];
    return task === undefined ? failNotFound('task', input.task_id) : succeed({ linked: task });
  },
});

const archiveGoal = defineTool({
  name: 'archive_goal',
  description:
    'Archives a goal the user no longer pursues (kept for history, hidden from the default list). Linked tasks stay.',
  tags: TAGS,
  input: defineInput({ goal_id: GOAL_ID }),
  run: async (input, { database, userId, now }) => {
    const result = await database.write({
      sql: `UPDATE goals SET status = 'archived', updated_at = ? WHERE id = ? AND user_id = ? RETURNING ${
        COLUMNS.join(', ')
      }`,
      args: [now.toISOString(), input.goal_id, userId],
    });
    const goal = readRecords(result)[0];
    return goal === undefined ? failNotFound('goal', input.goal_id) : succeed({ archived: goal });
  },
});

/** The `goals` domain tools. Every statement is scoped to the calling user. */
export const GOAL_TOOLS: readonly ToolPackEntry[] = [
  createGoal,
  listGoals,
  getGoal,
  updateGoalProgress,
  linkTaskToGoal,
  archiveGoal,
];
