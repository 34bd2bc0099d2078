// Unscripted replies: forced tools answer schema-valid input, text never exceeds maxTokens, ids look like Bedrock's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRandom } from './canonical-json.ts';
import { countTextTokens } from './count-tokens.ts';
import { createToolUseId, generateReply } from './generate-reply.ts';
import { parseConverseInput } from './parse-converse-input.ts';
import { sampleFromSchema } from './sample-from-schema.ts';
import type { ConverseInput } from './types.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 3 },
    when: {
      type: 'object',
      properties: { date: { type: 'string', format: 'date' }, exact: { type: 'boolean' } },
      required: ['date'],
    },
    mode: { anyOf: [{ type: 'string', const: 'fast' }, { type: 'null' }] },
    ratio: { type: ['number', 'null'], exclusiveMinimum: 0 },
  },
  required: ['city', 'unit', 'days', 'tags', 'when'],
};

/** A small JSON Schema checker for the keywords SCHEMA uses (the test's own judge, independent of the sampler). */
function satisfies(value: unknown, schema: Record<string, unknown>): boolean {
  if (schema['const'] !== undefined) return value === schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'].includes(value);
  if (Array.isArray(schema['anyOf'])) {
    return schema['anyOf'].some((branch) => satisfies(value, branch as Record<string, unknown>));
  }
  const types = ([] as unknown[]).concat(schema['type'] ?? []);
  const typeOk = types.length === 0 ||
    types.some((
      type,
    ) => (type === 'integer'
      ? Number.isInteger(value)
      : type === 'null'
      ? value === null
      : type === 'array'
      ? Array.isArray(value)
      : typeof value === type && value !== null)
    );
  if (!typeOk) return false;
  if (typeof value === 'number') {
    if (typeof schema['minimum'] === 'number' && value < schema['minimum']) return false;
    if (typeof schema['maximum'] === 'number' && value > schema['maximum']) return false;
    if (typeof schema['exclusiveMinimum'] === 'number' && value <= schema['exclusiveMinimum']) return false;
  }
  if (typeof value === 'string' && typeof schema['minLength'] === 'number' && value.length < schema['minLength']) {
    return false;
  }
  if (typeof value === 'string' && schema['format'] === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (Array.isArray(value)) {
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) return false;
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) return false;
    return value.every((item) => satisfies(item, schema['items'] as Record<string, unknown>));
  }
  if (types.includes('object')) {
    const object = value as Record<string, unknown>;
    if (!((schema['required'] as string[] | undefined) ?? []).every((name) => name in object)) return false;
    return Object.entries((schema['properties'] as Record<string, Record<string, unknown>>) ?? {}).every((
      [name, property],
    ) => !(name in object) || satisfies(object[name], property));
  }
  return true;
}

function input(body: unknown): ConverseInput {
  const parsed = parseConverseInput(body);
  assert.ok(parsed.ok, 'parsed.ok');
  return parsed.input;
}

const TOOLS = [
  { toolSpec: { name: 'other', inputSchema: { json: { type: 'object', properties: { q: { type: 'string' } } } } } },
  { toolSpec: { name: 'weather', inputSchema: { json: SCHEMA } } },
];

describe('generateReply', () => {
  it('answers a forced tool with input that satisfies its schema, for many seeds', () => {
    const request = input({
      toolConfig: { tools: TOOLS, toolChoice: { tool: { name: 'weather' } } },
      messages: [{ role: 'user', content: [{ text: 'weather?' }] }],
    });
    for (let seed = 0; seed < 50; seed++) {
      const reply = generateReply({ input: request, item: undefined, seed: String(seed), maxTokens: 500 });
      assert.equal(reply.stopReason, 'tool_use');
      const use = reply.content[0]?.['toolUse'] as { name: string; input: unknown; toolUseId: string };
      assert.equal(use.name, 'weather');
      assert.ok(satisfies(use.input, SCHEMA), JSON.stringify(use.input));
      assert.match(use.toolUseId, /^tooluse_[0-9A-Za-z]{22}$/);
    }
  });

  it('answers toolChoice any with the first tool', () => {
    const request = input({
      toolConfig: { tools: TOOLS, toolChoice: { any: {} } },
      messages: [{ role: 'user', content: [{ text: 'x' }] }],
    });
    assert.equal(
      (generateReply({ input: request, item: undefined, seed: 's', maxTokens: 100 }).content[0]?.['toolUse'] as {
        name: string;
      }).name,
      'other',
    );
  });

  it('never exceeds maxTokens and says max_tokens when it cut the text', () => {
    const request = input({ messages: [{ role: 'user', content: [{ text: 'talk' }] }] });
    let cut = 0;
    for (let maxTokens = 1; maxTokens <= 60; maxTokens++) {
      const reply = generateReply({ input: request, item: undefined, seed: `s${maxTokens}`, maxTokens });
      const text = String(reply.content[0]?.['text']);
      assert.ok(
        reply.outputTokens <= maxTokens && countTextTokens(text) === reply.outputTokens,
        `${maxTokens}: ${text}`,
      );
      assert.ok(text.length > 0, 'text.length > 0');
      if (reply.stopReason === 'max_tokens') cut += 1;
      else assert.equal(reply.stopReason, 'end_turn');
    }
    assert.ok(cut > 0, 'cut > 0');
  });

  it('is deterministic for a seed', () => {
    const request = input({ messages: [{ role: 'user', content: [{ text: 'talk' }] }] });
    assert.deepEqual(
      generateReply({ input: request, item: undefined, seed: 'x', maxTokens: 99 }),
      generateReply({ input: request, item: undefined, seed: 'x', maxTokens: 99 }),
    );
    assert.equal(createToolUseId(createRandom('a')), createToolUseId(createRandom('a')));
  });

  it('uses scripted text and toolUses as given', () => {
    const request = input({ messages: [{ role: 'user', content: [{ text: 'x' }] }] });
    const reply = generateReply({
      input: request,
      item: { text: 'Hi.', toolUses: [{ name: 'a', input: { b: 1 }, id: 'tooluse_x' }] },
      seed: 's',
      maxTokens: 5,
    });
    assert.deepEqual(reply.content, [{ text: 'Hi.' }, {
      toolUse: { toolUseId: 'tooluse_x', name: 'a', input: { b: 1 } },
    }]);
    assert.equal(reply.stopReason, 'tool_use');
  });
});

describe('sampleFromSchema', () => {
  it('honours integer bounds and array sizes', () => {
    const random = createRandom('x');
    assert.equal(sampleFromSchema({ type: 'integer', minimum: 5 }, random), 5);
    assert.equal(sampleFromSchema({ type: 'integer', maximum: -3 }, random), -3);
    assert.equal(
      (sampleFromSchema({ type: 'array', items: { type: 'string' }, minItems: 4 }, random) as unknown[]).length,
      4,
    );
  });
});
