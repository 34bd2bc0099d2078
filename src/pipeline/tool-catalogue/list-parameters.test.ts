import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listParameters } from './list-parameters.ts';

const spec = (properties: unknown) => ({
  name: 'find_events',
  description: 'Find events.',
  inputSchema: { type: 'object', ...(properties === undefined ? {} : { properties }) },
  tags: ['events'],
});

describe('listParameters', () => {
  it('reads each parameter: name, description and the string values it accepts, in order', () => {
    assert.deepEqual(
      listParameters(spec({
        category: { type: 'string', description: 'Kind of event', enum: ['Music', 'Theater', 3] },
        city: { type: 'string' },
      })),
      [
        { name: 'category', description: 'Kind of event', values: ['Music', 'Theater'] },
        { name: 'city', description: '', values: [] },
      ],
    );
  });
  it('has none for a schema without properties, and reads odd entries as bare names', () => {
    assert.deepEqual(listParameters(spec(undefined)), []);
    assert.deepEqual(listParameters(spec({ constructor: null, date: 'a date' })), [
      { name: 'constructor', description: '', values: [] },
      { name: 'date', description: '', values: [] },
    ]);
  });
});
