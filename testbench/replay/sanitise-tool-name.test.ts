import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitiseToolName } from './sanitise-tool-name.ts';

describe('sanitiseToolName', () => {
  const cases: readonly [string, string][] = [
    ['get_user_details', 'get_user_details'],
    ['files.read', 'files_read'],
    ['weather lookup/v2', 'weather_lookup_v2'],
    ['', 'tool'],
    ['x'.repeat(80), 'x'.repeat(64)],
  ];
  for (const [input, expected] of cases) {
    it(`turns ${JSON.stringify(input.slice(0, 20))} into a valid name`, () => {
      assert.equal(sanitiseToolName(input), expected);
      assert.equal(sanitiseToolName(expected), expected);
      assert.match(expected, /^[a-zA-Z0-9_-]{1,64}$/);
    });
  }
});
