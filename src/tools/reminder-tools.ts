// Domain `reminders`: things to be reminded of at a given time; listed as upcoming, snoozed or dismissed.
import { buildConditions } from './build-conditions.ts';
import { dateTime, defineInput, flag, integer, optional, text } from './define-input.ts';
import { defineTool, fail, failNotFound, succeed } from './define-tool.ts';
import { DEFAULT_LIST_LIMIT, LIMIT_FIELD, readRecords, toListOutcome } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['reminders'];
const COLUMNS = ['id', 'text', 'due_at', 'status', 'snooze_count'];
const REMINDER_ID = text('Id of the reminder, as returned by create_reminder or list_upcoming_reminders.', 64);
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Default look-ahead of list_upcoming_reminders: one week. */
const DEFAULT_WITHIN_HOURS = 168;

const createReminder = defineTool({
  name: 'create_reminder',
  description:
    'Sets a reminder for the user at a given time. due_at is ISO-8601 with an offset (e.g. 2026-03-02T17:00:00+01:00) and must be in the future.',
  tags: TAGS,
  input: defineInput({
    text: text('What to remind the user of.', 500),
    due_at: dateTime('When, ISO-8601 with offset.'),
  }),
  run: async (input, { database, userId, now, newId }) => {
    const stamp = now.toISOString();
    if (input.due_at <= stamp) {
      return fail(`create_reminder: due_at ${input.due_at} is not in the future (now is ${stamp})`);
    }
    const result = await database.write({
      sql:
        `INSERT INTO reminders (id, user_id, text, due_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${
          COLUMNS.join(', ')
        }`,
      args: [newId(), userId, input.text, input.due_at, stamp, stamp],
    });
    return succeed({ created: readRecords(result)[0] });
  },
});

const listUpcomingReminders = defineTool({
  name: 'list_upcoming_reminders',
  description:
    "Lists the user's pending reminders due within the next hours (default a week), soonest first, overdue ones included unless include_overdue is false. Times are UTC.",
  tags: TAGS,
  input: defineInput({
    within_hours: optional(integer(`Look-ahead in hours (default ${DEFAULT_WITHIN_HOURS}).`, 1, 8760)),
    include_overdue: optional(flag('Include reminders whose time has passed (default true).')),
    limit: LIMIT_FIELD,
  }),
  run: async (input, { database, userId, now }) => {
    const until = new Date(now.getTime() + (input.within_hours ?? DEFAULT_WITHIN_HOURS) * HOUR_MS).toISOString();
    const where = buildConditions(userId);
    where.add("status = 'pending'");
    where.add('due_at <= ?', until);
    if (input.include_overdue === false) where.add('due_at > ?', now.toISOString());
    const result = await database.read({
      sql: `SELECT ${COLUMNS.join(', ')}, CASE WHEN due_at <= ? THEN 1 END AS overdue, COUNT(*) OVER () AS total_count
            FROM reminders WHERE ${where.sql} ORDER BY due_at, id LIMIT ?`,
      args: [now.toISOString(), ...where.args, input.limit ?? DEFAULT_LIST_LIMIT],
    });
    return toListOutcome(result);
  },
});

const snoozeReminder = defineTool({
  name: 'snooze_reminder',
  description: 'Postpones a pending reminder, by minutes from now or until a given time (give exactly one).',
  tags: TAGS,
  input: defineInput({
    reminder_id: REMINDER_ID,
    minutes: optional(integer('Minutes from now.', 1, 43_200)),
    until: optional(dateTime('New time, ISO-8601 with offset.')),
  }),
  run: async (input, { database, userId, now }) => {
    if ((input.minutes === undefined) === (input.until === undefined)) {
      return fail('snooze_reminder: give exactly one of minutes or until');
    }
    const dueAt = input.until ?? new Date(now.getTime() + (input.minutes ?? 0) * MINUTE_MS).toISOString();
    if (dueAt <= now.toISOString()) {
      return fail(`snooze_reminder: until ${dueAt} is not in the future (now is ${now.toISOString()})`);
    }
    const result = await database.write({
      sql:
        `UPDATE reminders SET due_at = ?, snooze_count = snooze_count + 1, updated_at = ? WHERE id = ? AND user_id = ? AND status = 'pending' RETURNING ${
          COLUMNS.join(', ')
        }`,
      args: [dueAt, now.toISOString(), input.reminder_id, userId],
    });
    const reminder = readRecords(result)[0];
    return reminder === undefined
      ? failNotFound('pending reminder', input.reminder_id)
      : succeed({ snoozed: reminder });
  },
});

const dismissReminder = defineTool({
  name: 'dismiss_reminder',
  description: 'Dismisses a reminder: it is done with and no longer listed.',
  tags: TAGS,
  input: defineInput({ reminder_id: REMINDER_ID }),
  run: async (input, { database, userId, now }) => {
    const result = await database.write({
      sql: `UPDATE reminders SET status = 'dismissed', updated_at = ? WHERE id = ? AND user_id = ? RETURNING ${
        COLUMNS.join(', ')
      }`,
      args: [now.toISOString(), input.reminder_id, userId],
    });
    const reminder = readRecords(result)[0];
    return reminder === undefined ? failNotFound('reminder', input.reminder_id) : succeed({ dismissed: reminder });
  },
});

/** The `reminders` domain tools. Every statement is scoped to the calling user; times are stored in UTC. */
export const REMINDER_TOOLS: readonly ToolPackEntry[] = [
  createReminder,
  listUpcomingReminders,
  snoozeReminder,
  dismissReminder,
];
