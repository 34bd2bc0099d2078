import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertOpenAiTools } from './convert-openai-tools.ts';

const tool = (name: string, description = `Does ${name}.`) => ({
  type: 'function',
  function: {
    name,
    description,
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  },
});

describe('convertOpenAiTools', () => {
  it('converts, renames per domain, merges identical tools into one entry with both tags, and sorts by name', () => {
    const result = convertOpenAiTools([
      { tag: 'airline', tools: [tool('think', 'A'), tool('calculate'), tool('book')] },
      { tag: 'retail', tools: [tool('think', 'B'), tool('calculate')], rename: { think: 'retail_think' } },
    ]);
    assert.ok(result.ok);
    assert.deepEqual(result.tools.map((t) => [t.name, t.tags]), [
      ['book', ['airline']],
      ['calculate', ['airline', 'retail']],
      ['retail_think', ['retail']],
      ['think', ['airline']],
    ]);
    assert.deepEqual(result.tools[0], {
      name: 'book',
      description: 'Does book.',
      inputSchema: tool('book').function.parameters,
      tags: ['airline'],
    });
  });

  it('refuses a name clash between different tools and malformed entries', () => {
    const result = convertOpenAiTools([
      { tag: 'a', tools: [tool('think', 'A'), { function: { name: 'x' } }] },
      { tag: 'b', tools: [tool('think', 'B')] },
    ]);
    assert.deepEqual(result, {
      ok: false,
      errors: [
        'a[1]: expected { function: { name, description, parameters: { type: "object" } } }',
        'b: "think" differs from the a tool of that name; rename one',
      ],
    });
  });
});
