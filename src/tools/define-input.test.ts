import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { choice, date, dateTime, defineInput, flag, integer, optional, text, textList } from './define-input.ts';

describe('defineInput', () => {
  const input = defineInput({
    title: text('Title.', 10),
    count: optional(integer('Count.', 1, 5)),
    colour: optional(choice('Colour.', ['red', 'blue'])),
    day: optional(date('Day.')),
    at: optional(dateTime('At.')),
    done: optional(flag('Done.')),
    tags: optional(textList('Tags.', 2, 5)),
  });

  it('derives a strict JSON schema from the fields', () => {
    assert.deepEqual(input.json, {
      type: 'object',
      properties: {
        title: { type: 'string', description: 'Title.', minLength: 1, maxLength: 10 },
        count: { type: 'integer', description: 'Count.', minimum: 1, maximum: 5 },
        colour: { type: 'string', description: 'Colour.', enum: ['red', 'blue'] },
        day: { type: 'string', description: 'Day.', format: 'date' },
        at: { type: 'string', description: 'At.', format: 'date-time' },
        done: { type: 'boolean', description: 'Done.' },
        tags: {
          type: 'array',
          description: 'Tags.',
          items: { type: 'string', minLength: 1, maxLength: 5 },
          minItems: 1,
          maxItems: 2,
        },
      },
      required: ['title'],
      additionalProperties: false,
    });
    assert.deepEqual(defineInput({}).json, { type: 'object', properties: {}, additionalProperties: false });
  });

  it('trims strings and normalises date-times to UTC', () => {
    assert.deepEqual(input.parse({ title: '  hi ', at: '2026-03-02T10:30:00+01:30', tags: [' a '] }), {
      ok: true,
      value: { title: 'hi', at: '2026-03-02T09:00:00.000Z', tags: ['a'] },
    });
  });

  const rejected: [string, unknown, string[]][] = [
    ['a non-object', 'hello', ['input: must be a JSON object']],
    ['an array', [], ['input: must be a JSON object']],
    ['a missing field', {}, ['title: is required']],
    ['an unknown field', { title: 'x', extra: 1 }, [
      'extra: is not a known field (known: title, count, colour, day, at, done, tags)',
    ]],
    ['several problems at once', { title: '', count: 9, colour: 'green' }, [
      'title: must not be empty',
      'count: must be at most 5',
      'colour: must be one of red, blue',
    ]],
    ['a string for a number', { title: 'x', count: '3' }, ['count: must be a number']],
    ['a null for an optional field', { title: 'x', done: null }, ['done: must be true or false']],
    ['an impossible date', { title: 'x', day: '2026-02-29' }, ['day: must be a real date written YYYY-MM-DD']],
    ['a date-time without offset', { title: 'x', at: '2026-03-02T10:00' }, [
      'at: must be an ISO-8601 date-time with an offset, e.g. 2025-03-01T09:00:00Z or 2025-03-01T09:00:00+01:00',
    ]],
    ['a date-time on an impossible day', { title: 'x', at: '2026-04-31T10:00:00Z' }, [
      'at: must be an ISO-8601 date-time with an offset, e.g. 2025-03-01T09:00:00Z or 2025-03-01T09:00:00+01:00',
    ]],
    ['too many list items', { title: 'x', tags: ['a', 'b', 'c'] }, ['tags: must have at most 2 items']],
    ['a bad list item', { title: 'x', tags: ['toolong'] }, ['tags.0: must be at most 5 characters']],
  ];
  for (const [name, value, problems] of rejected) {
    it(`rejects ${name}, saying what is wrong`, () => assert.deepEqual(input.parse(value), { ok: false, problems }));
  }
});
