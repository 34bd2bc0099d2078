import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PromptMessage } from '../types/index.ts';
import {
  CO_USE_TOOLS_MAX,
  LEARNED_PARTNERS_MAX,
  listCoUsePairs,
  listLearnedPartners,
  listRanTools,
  type ToolCoUse,
} from './learn-tool-co-use.ts';

/** The counts of `turns`, each the tools one turn ran, as the store would hold them. */
function countTurns(turns: readonly (readonly string[])[]): ToolCoUse[] {
  const counts = new Map<string, ToolCoUse>();
  for (const ran of turns) {
    for (const { tool, partner } of listCoUsePairs(ran)) {
      const key = JSON.stringify([tool, partner]);
      counts.set(key, { tool, partner, turns: (counts.get(key)?.turns ?? 0) + 1 });
    }
  }
  return [...counts.values()];
}

const everyTool = () => true;

describe('listCoUsePairs', () => {
  it("pairs a turn's distinct tools with each other and each with itself", () => {
    assert.deepEqual(listCoUsePairs(['pressBrakePedal', 'startEngine', 'pressBrakePedal']), [
      { tool: 'pressBrakePedal', partner: 'pressBrakePedal' },
      { tool: 'pressBrakePedal', partner: 'startEngine' },
      { tool: 'startEngine', partner: 'pressBrakePedal' },
      { tool: 'startEngine', partner: 'startEngine' },
    ]);
    assert.deepEqual(listCoUsePairs([]), []);
  });

  it(`counts only a turn's first ${CO_USE_TOOLS_MAX} distinct tools (a batch would crowd the table)`, () => {
    const ran = Array.from({ length: CO_USE_TOOLS_MAX + 4 }, (_, at) => `tool_${at}`);
    const pairs = listCoUsePairs(ran);
    assert.equal(pairs.length, CO_USE_TOOLS_MAX * CO_USE_TOOLS_MAX);
    assert.ok(!pairs.some((pair) => pair.tool === `tool_${CO_USE_TOOLS_MAX}`));
  });
});

describe('listLearnedPartners', () => {
  it('learns the step that keeps coming with a tool, not one seen once or rarely', () => {
    const counts = countTurns([
      ['pressBrakePedal', 'startEngine'],
      ['pressBrakePedal', 'startEngine', 'displayCarStatus'],
      ['startEngine', 'pressBrakePedal'],
      ['startEngine', 'check_tire_pressure'],
      ['startEngine'],
      ['startEngine'],
      ['startEngine'],
      ['startEngine'],
    ]);
    // startEngine ran in 8 turns: the brake pedal in 3 (a step), the car status and the tyres in 1 each (accidents).
    assert.deepEqual(listLearnedPartners(counts, everyTool).get('startEngine'), ['pressBrakePedal']);
    // pressBrakePedal ran in 3 turns, each with startEngine; displayCarStatus came once.
    assert.deepEqual(listLearnedPartners(counts, everyTool).get('pressBrakePedal'), ['startEngine']);
    assert.equal(listLearnedPartners(counts, everyTool).get('check_tire_pressure'), undefined);
  });

  it('drops a partner seen in too small a share of the tool’s turns', () => {
    const counts = countTurns([
      ['cd', 'mv'],
      ['cd', 'mv'],
      ...Array.from({ length: 7 }, () => ['cd']),
    ]);
    // mv came in 2 of cd's 9 turns (under a quarter), and in both of its own.
    assert.equal(listLearnedPartners(counts, everyTool).get('cd'), undefined);
    assert.deepEqual(listLearnedPartners(counts, everyTool).get('mv'), ['cd']);
  });

  it(`keeps the ${LEARNED_PARTNERS_MAX} most frequent partners (ties by name) among the tools that may be offered`, () => {
    const counts = countTurns([
      ['ls', 'cd', 'mv', 'cat'],
      ['ls', 'cd', 'mv', 'cat'],
      ['ls', 'cd', 'mv'],
      ['ls', 'cd', 'mv'],
      ['ls', 'cd'],
    ]);
    assert.deepEqual(listLearnedPartners(counts, everyTool).get('ls'), ['cd', 'mv']);
    // A tool no longer in the catalogue is never offered: the next one takes its place.
    assert.deepEqual(listLearnedPartners(counts, (name) => name !== 'cd').get('ls'), ['mv', 'cat']);
    // Equal counts go by name.
    assert.deepEqual(listLearnedPartners(countTurns([['b', 'c', 'a'], ['a', 'b', 'c']]), everyTool).get('a'), [
      'b',
      'c',
    ]);
  });

  it('learns nothing from no counts', () => {
    assert.equal(listLearnedPartners([], everyTool).size, 0);
  });
});

describe('listRanTools', () => {
  const assistant = (...names: string[]): PromptMessage => ({
    role: 'assistant',
    content: names.map((name, at) => ({ type: 'tool_use', id: `tooluse_${name}_${at}`, name, input: {} })),
  });
  const user = (text: string): PromptMessage => ({ role: 'user', content: [{ type: 'text', text }] });

  it('lists the tools a turn called, first call first, less the calls refused', () => {
    const run = [
      user('Start the car, then tell me the tyre pressure'),
      assistant('startEngine'),
      assistant('find_tools'),
      assistant('pressBrakePedal', 'startEngine'),
      assistant('check_tire_pressure'),
    ];
    // startEngine was refused once (not offered), then ran once find_tools had offered it with the brake pedal.
    assert.deepEqual(listRanTools(run, ['startEngine']), [
      'startEngine',
      'find_tools',
      'pressBrakePedal',
      'check_tire_pressure',
    ]);
    // A tool refused each time it was called never ran.
    assert.deepEqual(listRanTools(run, ['startEngine', 'startEngine', 'check_tire_pressure']), [
      'find_tools',
      'pressBrakePedal',
    ]);
    assert.deepEqual(listRanTools([user('Thanks, that is all.')], []), []);
  });
});
