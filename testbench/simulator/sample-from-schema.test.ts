// sampleFromSchema: forced tool answers satisfy the schema, whatever the property names (Object.prototype names too).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sampleFromSchema } from './sample-from-schema.ts';

describe('sampleFromSchema', () => {
  it('fills every property and every required name, including __proto__ and constructor', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"toString":{"type":"integer","minimum":3}},' +
        '"required":["constructor","__proto__","hasOwnProperty"]}',
    );
    const sample = sampleFromSchema(schema, () => 0) as Record<string, unknown>;
    assert.deepEqual(Object.keys(sample).sort(), ['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
    assert.equal(Object.getPrototypeOf(sample), Object.prototype);
    assert.equal(typeof Object.getOwnPropertyDescriptor(sample, '__proto__')?.value, 'string');
    assert.equal(Object.getOwnPropertyDescriptor(sample, 'toString')?.value, 3);
    assert.equal(JSON.parse(JSON.stringify(sample)).constructor, 'sample');
  });
});
