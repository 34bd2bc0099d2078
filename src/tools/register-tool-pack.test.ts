import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../errors.ts';
import { createToolRegistry } from '../pipeline/tool-catalogue/index.ts';
import { indexToolPack, registerToolPack } from './register-tool-pack.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const entry = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }): ToolPackEntry => ({
  spec: { name, description: `The ${name} tool.`, inputSchema, tags: ['demo'] },
  handler: async () => ({ status: 'success', text: name }),
});

describe('registerToolPack', () => {
  it('registers every entry and returns the registered specs', () => {
    const registry = createToolRegistry();
    assert.deepEqual(registerToolPack(registry, [entry('b'), entry('a')]).map((spec) => spec.name), ['b', 'a']);
    assert.deepEqual(registry.all().map((spec) => spec.name), ['a', 'b']);
  });

  const failures: [string, ToolPackEntry[], RegExp][] = [
    ['a duplicate within the pack', [entry('a'), entry('a')], /tool "a": name: appears more than once/],
    ['a name already registered', [entry('new'), entry('taken')], /tool "taken": name: already registered/],
    ['an invalid spec', [entry('ok'), entry('bad name')], /name: must be 1-64 letters/],
    [
      'a schema that is not an object schema',
      [entry('ok'), entry('arr', { type: 'array' })],
      /tool "arr": inputSchema: must have top-level "type": "object"/,
    ],
  ];
  for (const [name, entries, message] of failures) {
    it(`adds nothing on ${name}`, () => {
      const registry = createToolRegistry();
      registry.register(entry('taken').spec);
      assert.throws(
        () => registerToolPack(registry, entries),
        (error) => isAppError(error, 'config_invalid') && message.test(error.message),
      );
      assert.deepEqual(registry.all().map((spec) => spec.name), ['taken']);
    });
  }
});

describe('indexToolPack', () => {
  it('maps names to entries', async () => {
    const index = indexToolPack([entry('a'), entry('b')]);
    assert.deepEqual([...index.keys()], ['a', 'b']);
    assert.equal((await index.get('b')?.handler({}, undefined as never))?.text, 'b');
  });
});
