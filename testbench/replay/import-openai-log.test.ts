import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importOpenAiLog, readOpenAiRecords } from './import-openai-log.ts';

const START = Date.parse('2024-05-15T20:00:00.000Z');
const CHAT = [
  { role: 'user', content: 'hi' },
  { role: 'assistant', content: 'hello' },
];

describe('readOpenAiRecords', () => {
  it('recognises tau-bench results, { messages } records and a bare message list', () => {
    const tau = readOpenAiRecords([{ task_id: 3, trial: 1, reward: 1, traj: CHAT }], { idPrefix: 'tau' });
    assert.deepEqual(tau.records, [{ id: 'tau-t3-r1', messages: CHAT, meta: { taskId: 3, trial: 1, reward: 1 } }]);
    const records = readOpenAiRecords([{ id: 'mine', messages: CHAT }, { messages: CHAT }], {
      idPrefix: 'p',
      source: 's',
    });
    assert.deepEqual(records.records.map((r) => [r.id, r.source]), [['mine', 's'], ['p-2', 's']]);
    assert.deepEqual(readOpenAiRecords(CHAT, { idPrefix: 'p' }).records, [{ id: 'p-1', messages: CHAT }]);
  });

  it('names items it cannot read', () => {
    assert.deepEqual(readOpenAiRecords([{ messages: CHAT }, 42], { idPrefix: 'p' }).problems, [
      { where: 'item 2', message: 'neither { messages: [...] } nor a tau-bench { traj: [...] } record' },
    ]);
  });
});

describe('importOpenAiLog', () => {
  it('imports every good record, reports every bad one, and times the file in order', () => {
    const value = [{ id: 'a', messages: CHAT }, {
      id: 'bad',
      messages: [{ role: 'tool', tool_call_id: 'z', content: '' }],
    }, { id: 'b', messages: CHAT }];
    const result = importOpenAiLog(value, { idPrefix: 'p', startAt: START });
    assert.deepEqual(result.conversations.map((c) => c.id), ['a', 'b']);
    assert.deepEqual(result.problems.map((p) => p.where), ['bad']);
    const times = result.conversations.flatMap((c) => c.turns.map((turn) => Date.parse(turn.at)));
    assert.equal(times[0], START);
    assert.deepEqual(times, [...times].sort((x, y) => x - y));
  });
});
