// A JSON value satisfying a tool's input schema (the subset tool schemas use), for forced tool answers.
import { isObject } from './types.ts';

const MAX_DEPTH = 8;

function pickType(schema: Record<string, unknown>): string {
  const type = schema['type'];
  if (Array.isArray(type)) return String(type.find((item) => item !== 'null') ?? type[0] ?? 'string');
  if (typeof type === 'string') return type;
  if (isObject(schema['properties'])) return 'object';
  if (schema['items'] !== undefined) return 'array';
  return 'string';
}

function sampleString(schema: Record<string, unknown>, random: () => number): string {
  const format = schema['format'];
  if (format === 'date-time') return '2025-01-01T00:00:00Z';
  if (format === 'date') return '2025-01-01';
  if (format === 'email') return 'someone@example.com';
  if (format === 'uri' || format === 'url') return 'https://example.com/';
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 1;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Math.max(minLength, 12);
  let text = `sample${Math.floor(random() * 1000)}`;
  while (text.length < minLength) text += 'x';
  return text.slice(0, maxLength);
}

function sampleNumber(schema: Record<string, unknown>, integer: boolean): number {
  const minimum = typeof schema['minimum'] === 'number'
    ? schema['minimum']
    : typeof schema['exclusiveMinimum'] === 'number'
    ? schema['exclusiveMinimum'] + 1
    : undefined;
  const maximum = typeof schema['maximum'] === 'number'
    ? schema['maximum']
    : typeof schema['exclusiveMaximum'] === 'number'
    ? schema['exclusiveMaximum'] - 1
    : undefined;
  let value = minimum ?? Math.min(1, maximum ?? 1);
  if (integer) value = Math.ceil(value);
  return maximum !== undefined && value > maximum ? maximum : value;
}

/**
 * Deterministic for a given `random`. Honours enum, const, anyOf/oneOf/allOf (first branch), type unions (first non-null),
 * object properties (all required ones plus the others), arrays with minItems/maxItems, string length/format, number bounds.
 */
export function sampleFromSchema(schema: unknown, random: () => number, depth = 0): unknown {
  if (!isObject(schema)) return 'sample';
  if (schema['const'] !== undefined) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    return schema['enum'][Math.floor(random() * schema['enum'].length)];
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    // own-key: key is one of the literals anyOf, oneOf, allOf
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      return sampleFromSchema({ ...branches[0], ...stripBranches(schema, key) }, random, depth);
    }
  }
  if (schema['default'] !== undefined) return schema['default'];
  switch (pickType(schema)) {
    case 'object': {
      const properties = isObject(schema['properties']) ? schema['properties'] : {};
      // Entries, never assignments: a property may be named `__proto__` or `constructor`.
      if (depth >= MAX_DEPTH) return {};
      const value = new Map<string, unknown>();
      for (const [name, property] of Object.entries(properties)) {
        value.set(name, sampleFromSchema(property, random, depth + 1));
      }
      for (const name of Array.isArray(schema['required']) ? schema['required'] : []) {
        if (!value.has(String(name))) value.set(String(name), 'sample');
      }
      return Object.fromEntries(value);
    }
    case 'array': {
      const minItems = typeof schema['minItems'] === 'number' ? schema['minItems'] : 1;
      const maxItems = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : Math.max(minItems, 2);
      const count = depth >= MAX_DEPTH ? minItems : Math.min(Math.max(minItems, 1), maxItems);
      return Array.from({ length: count }, () => sampleFromSchema(schema['items'], random, depth + 1));
    }
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    default:
      return sampleString(schema, random);
  }
}

function stripBranches(schema: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = schema;
  return rest;
}
