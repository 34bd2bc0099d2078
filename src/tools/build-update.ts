// Builds the one UPDATE of a partial edit: only the fields given, scoped to the user, stamped with updated_at.
import type { InStatement } from '../store/database.ts';

export type BuildUpdateOptions = {
  readonly table: string;
  readonly id: string;
  readonly userId: string;
  /** Column → new value; undefined leaves the column alone, null clears it. Keys are trusted column names. */
  readonly changes: Readonly<Record<string, string | number | null | undefined>>;
  readonly now: Date;
  /** Columns to return from the updated row. */
  readonly returning: readonly string[];
};

/**
 * The UPDATE statement, or null when `changes` holds no value to set (the caller reports "nothing to change").
 * The WHERE clause always matches both `id` and `user_id`, so no other user's row can change.
 */
export function buildUpdate(options: BuildUpdateOptions): InStatement | null {
  const entries = Object.entries(options.changes).filter((entry): entry is [string, string | number | null] =>
    entry[1] !== undefined
  );
  if (entries.length === 0) return null;
  const assignments = [...entries.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ');
  return {
    sql: `UPDATE ${options.table} SET ${assignments} WHERE id = ? AND user_id = ? RETURNING ${
      options.returning.join(', ')
    }`,
    args: [...entries.map(([, value]) => value), options.now.toISOString(), options.id, options.userId],
  };
}
