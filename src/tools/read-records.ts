// Turns libSQL rows into the compact JSON records tools answer with, and caps lists.
import type { ResultSet } from '../store/database.ts';
import { integer, optional } from './define-input.ts';
import { succeed } from './define-tool.ts';
import type { ToolOutcome } from './tool-handler.ts';

export type ToolRecord = Record<string, string | number>;

/** Most items a list tool returns by default: enough to act on, small enough to keep the prompt lean. */
export const DEFAULT_LIST_LIMIT = 20;
/** Most items a list tool returns when asked for more. */
export const MAX_LIST_LIMIT = 50;
/** Column a list query adds (`COUNT(*) OVER () AS total_count`) to report how many rows matched before LIMIT. */
const TOTAL_COLUMN = 'total_count';

/** One record per row, keyed by column name, with NULL columns left out (they cost tokens and say nothing). */
export function readRecords(result: ResultSet): ToolRecord[] {
  return result.rows.map((row) => {
    const record = new Map<string, string | number>();
    for (const column of result.columns) {
      // own-key: columns named in the tools' own SELECTs
      const value = row[column];
      if (typeof value === 'string' || typeof value === 'number') record.set(column, value);
      else if (typeof value === 'bigint') record.set(column, Number(value));
    }
    return Object.fromEntries(record);
  });
}

/**
 * The outcome of a list query that selected `COUNT(*) OVER () AS total_count` and a LIMIT: `{ count, items }` where
 * `count` is every match, plus a `note` when the list was cut.
 */
export function toListOutcome(result: ResultSet): ToolOutcome {
  const records = readRecords(result);
  const count = Number(records[0]?.[TOTAL_COLUMN] ?? 0);
  const items = records.map(({ [TOTAL_COLUMN]: _total, ...rest }) => rest);
  const note = count > items.length
    ? { note: `showing ${items.length} of ${count}: narrow the filters or raise limit (max ${MAX_LIST_LIMIT})` }
    : {};
  return succeed({ count, items, ...note });
}

/** A LIKE pattern matching `text` anywhere, with `%`, `_` and `\` escaped (use with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The optional `limit` input of every list tool. */
export const LIMIT_FIELD = optional(
  integer(`Most items to return (default ${DEFAULT_LIST_LIMIT}).`, 1, MAX_LIST_LIMIT),
);
