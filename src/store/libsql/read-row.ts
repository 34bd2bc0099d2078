// Typed access to libSQL result rows: a value of the wrong type is a corrupt row, reported as store_error.
import type { Row } from '@libsql/client';
import * as v from 'valibot';
import { AppError } from '../../errors.ts';
import type { ContentBlock } from '../../pipeline/types/index.ts';

const CONTENT_SCHEMA = v.array(
  v.variant('type', [
    v.object({ type: v.literal('text'), text: v.string() }),
    v.object({
      type: v.literal('tool_use'),
      id: v.string(),
      name: v.string(),
      input: v.record(v.string(), v.unknown()),
    }),
    v.object({
      type: v.literal('tool_result'),
      toolUseId: v.string(),
      text: v.string(),
      status: v.picklist(['success', 'error']),
    }),
  ]),
);

function corrupt(column: string, detail: string): AppError {
  return new AppError('store_error', `stored row is malformed: ${column} ${detail}`, { details: { column } });
}

export function readText(row: Row, column: string): string {
  // own-key: column names are literals in the store's own SQL
  const value = row[column];
  if (typeof value !== 'string') throw corrupt(column, 'is not text');
  return value;
}

export function readTextOrNull(row: Row, column: string): string | null {
  // own-key: column names are literals in the store's own SQL
  return row[column] === null ? null : readText(row, column);
}

export function readNumber(row: Row, column: string): number {
  // own-key: column names are literals in the store's own SQL
  const value = row[column];
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'number') throw corrupt(column, 'is not a number');
  return value;
}

export function readNumberOrNull(row: Row, column: string): number | null {
  // own-key: column names are literals in the store's own SQL
  return row[column] === null ? null : readNumber(row, column);
}

export function readJson(row: Row, column: string): unknown {
  const text = readText(row, column);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw corrupt(column, 'is not JSON');
  }
}

/** Parses vendor-neutral content blocks; `where` names the source in the error (a stored column or an argument). */
export function parseContent(
  value: unknown,
  where: string,
  code: 'store_error' | 'internal' = 'store_error',
): ContentBlock[] {
  const result = v.safeParse(CONTENT_SCHEMA, value);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue?.path?.map((item) => String(item.key)).join('.') ?? '';
    throw new AppError(
      code,
      `${where} is not a valid content block list${path === '' ? '' : ` at ${path}`}: ${issue?.message ?? ''}`,
    );
  }
  return result.output;
}
