import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Message } from '../types/index.ts';
import { type FactEntry, updateFactList } from './update-fact-list.ts';

const said = (seq: number, text: string, role: Message['role'] = 'user') => ({
  seq,
  message: { role, content: [{ type: 'text' as const, text }] },
});
const entry = (text: string, mentions: number, lastSeq: number): FactEntry => ({
  kind: 'identifier',
  text,
  key: text.toLowerCase(),
  mentions,
  lastSeq,
});
const brief = (entries: readonly FactEntry[]) => entries.map((e) => `${e.text}/${e.mentions}/${e.lastSeq}`);

describe('updateFactList', () => {
  it('counts one mention per message and keeps the latest seq', () => {
    const list = updateFactList({
      previous: [],
      previousCoversUpToSeq: 0,
      evicted: [said(1, 'Book HAT001.'), said(2, 'HAT001 is full, try HAT002.', 'assistant'), said(3, 'HAT001 then')],
    });
    assert.deepEqual(brief(list), ['HAT001/3/3', 'HAT002/1/2']);
  });

  it('ranks what was just said first, then older facts by how often they were mentioned', () => {
    const list = updateFactList({
      previous: [entry('OLD001', 1, 10), entry('OFTEN9', 5, 9), entry('ALWAYS7', 40, 8)],
      previousCoversUpToSeq: 10,
      evicted: [said(11, 'New code NEW111.')],
    });
    assert.deepEqual(brief(list), ['ALWAYS7/40/8', 'NEW111/1/11', 'OFTEN9/5/9', 'OLD001/1/10']);
  });

  it('weighs ids and dates above names of the same age and mentions', () => {
    const list = updateFactList({
      previous: [],
      previousCoversUpToSeq: 0,
      evicted: [said(3, 'Then Mia Li called about ZFA04Y.')],
    });
    assert.deepEqual(list.map((fact) => fact.kind), ['identifier', 'name']);
  });

  it('lifts an old fact that is mentioned again', () => {
    const list = updateFactList({
      previous: [entry('OLD001', 1, 10), entry('OLD002', 1, 9)],
      previousCoversUpToSeq: 10,
      evicted: [said(11, 'About OLD002 again.')],
    });
    assert.deepEqual(brief(list), ['OLD002/2/11', 'OLD001/1/10']);
  });

  it('breaks ties by recency, then kind, so the order never depends on input order', () => {
    const evicted = [said(5, 'On 2024-05-20 take ABC123.'), said(6, 'Then XYZ789.')];
    const forward = updateFactList({ previous: [], previousCoversUpToSeq: 0, evicted });
    const backward = updateFactList({ previous: [], previousCoversUpToSeq: 0, evicted: [...evicted].reverse() });
    assert.deepEqual(brief(forward), ['XYZ789/1/6', 'ABC123/1/5', '2024-05-20/1/5']);
    assert.deepEqual(brief(backward), brief(forward));
  });

  it('reads tool inputs and the start of tool results', () => {
    const list = updateFactList({
      previous: [],
      previousCoversUpToSeq: 0,
      evicted: [{
        seq: 4,
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'get_reservation', input: { id: 'ZFA04Y' } }],
        },
      }, {
        seq: 5,
        message: {
          role: 'user',
          content: [{
            type: 'tool_result',
            toolUseId: 't1',
            text: `{"flight":"HAT001"}${' '.repeat(5_000)}LATE42`,
            status: 'success',
          }],
        },
      }],
    });
    assert.deepEqual(brief(list), ['HAT001/1/5', 'ZFA04Y/1/4']);
  });
});
