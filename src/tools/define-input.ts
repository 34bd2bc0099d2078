// A tool's input declared once: the JSON schema the model sees and the valibot check its answers pass come from one list.
import * as v from 'valibot';
import type { JsonSchema } from '../pipeline/types/index.ts';

/** One input field: its JSON schema, the valibot schema that checks (and normalises) it, and whether it may be left out. */
export type Field<T> = {
  readonly json: JsonSchema;
  readonly schema: v.GenericSchema<unknown, T>;
  readonly optional: boolean;
};

// `any`: a field of any output type (GenericSchema<unknown, T> is invariant in T).
// deno-lint-ignore no-explicit-any
type Fields = Readonly<Record<string, Field<any>>>;

/** The parsed input of a tool declared with `fields`. */
export type InputOf<F extends Fields> = { readonly [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export type ParseInputResult<T> = { readonly ok: true; readonly value: T } | {
  readonly ok: false;
  readonly problems: readonly string[];
};

export type ToolInputDefinition<T> = { readonly json: JsonSchema; parse(input: unknown): ParseInputResult<T> };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// An offset is required: a bare local time would be read in the server's zone, not the user's.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A trimmed, non-empty string of at most `max` characters. */
export function text(description: string, max: number): Field<string> {
  return {
    json: { type: 'string', description, minLength: 1, maxLength: max },
    schema: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(max, `must be at most ${max} characters`),
    ),
    optional: false,
  };
}

/** An integer in [min, max]. */
export function integer(description: string, min: number, max: number): Field<number> {
  return {
    json: { type: 'integer', description, minimum: min, maximum: max },
    schema: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    optional: false,
  };
}

/** One of `values`. */
export function choice<const T extends string>(description: string, values: readonly [T, ...T[]]): Field<T> {
  return {
    json: { type: 'string', description, enum: [...values] },
    schema: v.picklist(values, `must be one of ${values.join(', ')}`),
    optional: false,
  };
}

/** true or false. */
export function flag(description: string): Field<boolean> {
  return { json: { type: 'boolean', description }, schema: v.boolean('must be true or false'), optional: false };
}

/** A calendar date YYYY-MM-DD (checked to exist: 2025-02-30 fails). */
export function date(description: string): Field<string> {
  return {
    json: { type: 'string', description, format: 'date' },
    schema: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.check(isCalendarDate, 'must be a real date written YYYY-MM-DD'),
    ),
    optional: false,
  };
}

/** An ISO-8601 date-time with a zone offset, normalised to UTC `Date.toISOString()` text (so stored times sort as text). */
export function dateTime(description: string): Field<string> {
  return {
    json: { type: 'string', description, format: 'date-time' },
    schema: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.check(
        (value) => DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)),
        'must be an ISO-8601 date-time with an offset, e.g. 2025-03-01T09:00:00Z or 2025-03-01T09:00:00+01:00',
      ),
      v.transform((value) => new Date(value).toISOString()),
    ),
    optional: false,
  };
}

/** A list of 1 to `maxItems` trimmed, non-empty strings of at most `maxLength` characters each. */
export function textList(description: string, maxItems: number, maxLength: number): Field<string[]> {
  const item = text(description, maxLength);
  return {
    json: { type: 'array', description, items: { type: 'string', minLength: 1, maxLength }, minItems: 1, maxItems },
    schema: v.pipe(
      v.array(item.schema, 'must be an array of strings'),
      v.minLength(1, 'must not be empty'),
      v.maxLength(maxItems, `must have at most ${maxItems} items`),
    ),
    optional: false,
  };
}

/** The same field, which may be left out (its value is then undefined). */
export function optional<T>(field: Field<T>): Field<T | undefined> {
  return { json: field.json, schema: v.optional(field.schema), optional: true };
}

function describeIssue(issue: v.BaseIssue<unknown>, names: readonly string[]): string {
  const path = v.getDotPath(issue);
  if (issue.type === 'strict_object' && path === null) return 'input: must be a JSON object';
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return `${path}: is not a known field (known: ${names.join(', ')})`;
  }
  if (issue.received === 'undefined') return `${path}: is required`;
  return `${path ?? 'input'}: ${issue.message}`;
}

/**
 * Declares a tool's input. The JSON schema is strict (`additionalProperties: false`, every non-optional field in
 * `required`), and `parse` enforces exactly that schema: it never throws, and reports every problem as
 * `field: what is wrong`. Strings come back trimmed; date-times in UTC.
 */
export function defineInput<F extends Fields>(fields: F): ToolInputDefinition<InputOf<F>> {
  const names = Object.keys(fields);
  // own-key: names are Object.keys(fields): the tool author's own field names
  const properties = Object.fromEntries(names.map((name) => [name, fields[name]?.json]));
  // own-key: names are Object.keys(fields)
  const required = names.filter((name) => fields[name]?.optional === false);
  const json: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
  // own-key: names are Object.keys(fields)
  const entries = Object.fromEntries(names.map((name) => [name, fields[name]?.schema ?? v.never()]));
  const schema = v.strictObject(entries, 'must be a JSON object');
  return {
    json,
    parse(input) {
      // valibot would read an array's prototype (`at`, `map`…) as fields.
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return { ok: false, problems: ['input: must be a JSON object'] };
      }
      const result = v.safeParse(schema, input);
      if (result.success) return { ok: true, value: result.output as InputOf<F> };
      return { ok: false, problems: result.issues.map((issue) => describeIssue(issue, names)) };
    },
  };
}
