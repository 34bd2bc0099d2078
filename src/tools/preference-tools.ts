// Domain `preferences`: reading and removing the per-user key/value preferences that `set_preference` stores.
import * as v from 'valibot';
import type { Field } from './define-input.ts';
import { defineInput, optional } from './define-input.ts';
import { defineTool, fail, succeed } from './define-tool.ts';
import { readRecords } from './read-records.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = ['preferences'];
const KEY_PATTERN = /^[a-z0-9_.-]{1,64}$/;
/** Most preferences one user may keep: they are read back whole by get_preferences. */
export const MAX_PREFERENCES = 100;

/** A preference key: lower-cased, spaces turned to `_`, then 1-64 of a-z 0-9 _ . - (so "Reply Language" = "reply_language"). */
export const PREFERENCE_KEY: Field<string> = {
  json: {
    type: 'string',
    description: 'Preference name, e.g. reply_language, units, timezone.',
    pattern: '^[a-zA-Z0-9_. -]{1,64}$',
  },
  schema: v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.transform((key) => key.toLowerCase().replace(/\s+/g, '_')),
    v.regex(KEY_PATTERN, 'must be 1-64 letters, digits, "_", "." or "-"'),
  ),
  optional: false,
};

const getPreferences = defineTool({
  name: 'get_preferences',
  description:
    "Reads the user's saved preferences (all, or one by key), e.g. before answering in their preferred units or language.",
  tags: TAGS,
  input: defineInput({ key: optional(PREFERENCE_KEY) }),
  run: async (input, { database, userId }) => {
    const filter = input.key === undefined ? '' : ' AND key = ?';
    const result = await database.read({
      sql: `SELECT key, value, updated_at FROM user_preferences WHERE user_id = ?${filter} ORDER BY key LIMIT ?`,
      args: [userId, ...(input.key === undefined ? [] : [input.key]), MAX_PREFERENCES],
    });
    const preferences = Object.fromEntries(readRecords(result).map((record) => [record['key'], record['value']]));
    if (input.key !== undefined && !Object.hasOwn(preferences, input.key)) {
      return fail(`preference "${input.key}" not set: get_preferences without key lists every one`);
    }
    return succeed({ preferences });
  },
});

const deletePreference = defineTool({
  name: 'delete_preference',
  description: "Forgets one of the user's saved preferences.",
  tags: TAGS,
  input: defineInput({ key: PREFERENCE_KEY }),
  run: async (input, { database, userId }) => {
    const result = await database.write({
      sql: 'DELETE FROM user_preferences WHERE user_id = ? AND key = ? RETURNING key, value',
      args: [userId, input.key],
    });
    const preference = readRecords(result)[0];
    return preference === undefined ? fail(`preference "${input.key}" not set`) : succeed({ deleted: preference });
  },
});

/** The `preferences` domain tools (set_preference is a standard tool). Every statement is scoped to the calling user. */
export const PREFERENCE_TOOLS: readonly ToolPackEntry[] = [getPreferences, deletePreference];
