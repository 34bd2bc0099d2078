import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findToolParts } from './find-tool-parts.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';

const tool = (
  name: string,
  tags: string[],
  properties: Record<string, { description?: string; enum?: string[] }> = {},
): ToolSpec => ({
  name,
  description: `${name} tool.`,
  tags,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, schema]) => [key, { type: 'string', ...schema }]),
    ),
  },
});

const CAR: readonly ToolSpec[] = [
  tool('showStatus', ['car'], {
    part: { description: 'The part to show. One of "fuel", "doors", "brakePedal", "engine", "radio".' },
  }),
  tool('startEngine', ['car']),
  tool('pressBrakePedal', ['car']),
  tool('lockDoors', ['car']),
  tool('fillFuelTank', ['car']),
  tool('setRadio', ['car']),
  tool('setClock', ['car']),
  tool('repairEngine', ['garage']),
];
function names(tools: readonly ToolSpec[], parts: number[][]): Record<string, string[]> {
  const linked: Record<string, string[]> = {};
  tools.forEach((entry, position) => {
    const list = (parts[position] ?? []).map((at) => tools[at]?.name ?? '?');
    if (list.length > 0) linked[entry.name] = list;
  });
  return linked;
}
const always = (): boolean => true;

describe('findToolParts', () => {
  it('links the tools whose objects one parameter lists, both ways, within the lister’s tag', () => {
    assert.deepEqual(names(CAR, findToolParts(CAR, always)), {
      startEngine: ['pressBrakePedal', 'lockDoors', 'setRadio'],
      pressBrakePedal: ['startEngine', 'lockDoors', 'setRadio'],
      lockDoors: ['startEngine', 'pressBrakePedal', 'setRadio'],
      setRadio: ['startEngine', 'pressBrakePedal', 'lockDoors'],
    });
  });

  it('reads enumerated values as well as descriptions', () => {
    const tools = [tool('showStatus', ['car'], { part: { enum: ['doors', 'brakePedal', 'engine'] } }), ...CAR.slice(1)];
    assert.deepEqual(Object.keys(names(tools, findToolParts(tools, always))), [
      'startEngine',
      'pressBrakePedal',
      'lockDoors',
    ]);
  });

  it('needs at least three distinct objects: two named together are a mention, not a list of parts', () => {
    const tools = [tool('showStatus', ['car'], { part: { description: 'The doors or the engine.' } }), ...CAR.slice(1)];
    assert.deepEqual(findToolParts(tools, always).flat(), []);
  });

  it('ignores objects made only of common words', () => {
    const parts = findToolParts(CAR, (term) => term !== 'door');
    assert.deepEqual(Object.keys(names(CAR, parts)), ['startEngine', 'pressBrakePedal', 'setRadio']);
  });

  it('returns one empty list per tool when nothing links', () => {
    assert.deepEqual(findToolParts([tool('mean', ['math']), tool('add', ['math'])], always), [[], []]);
    assert.deepEqual(findToolParts([], always), []);
  });
});
