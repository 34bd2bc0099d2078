// Property tests of renderJsonCompactly over any JSON value: it never throws, writes one line, and keeps every value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { renderJsonCompactly } from './render-json-compactly.ts';

/** Every string and number inside `value`, as the rendering writes it (whitespace collapsed), empty strings aside. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/\s+/g, ' ').trim()].filter((text) => text !== '');
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

describe('renderJsonCompactly, any JSON value', () => {
  it('answers objects and arrays on one line, leaves every other JSON text alone, and never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const rendered = renderJsonCompactly(JSON.stringify(value, null, 2));
        if (typeof value !== 'object' || value === null) return assert.equal(rendered, undefined);
        assert.ok(rendered !== undefined);
        assert.ok(!rendered.includes('\n'), rendered);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every string and number of an object or array', () => {
    const container = fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 4 })),
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
    );
    fc.assert(
      fc.property(container, (value) => {
        const rendered = renderJsonCompactly(JSON.stringify(value)) ?? '';
        for (const leaf of leaves(value)) {
          // A value holding a separator is written as a JSON string: its escaped form is what the line holds.
          assert.ok(rendered.includes(leaf) || rendered.includes(JSON.stringify(leaf).slice(1, -1)), leaf);
        }
      }),
      { numRuns: 500 },
    );
  });
});
