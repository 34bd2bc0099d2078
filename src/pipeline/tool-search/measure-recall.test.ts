import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { measureRecall, parseLabelledQueries, recallAt } from './measure-recall.ts';

const ranked = (...names: string[]) => names.map((name, position) => ({ name, score: names.length - position }));

describe('recallAt', () => {
  const cases: [string, string[], string[], number, number][] = [
    ['all found', ['a', 'b', 'c'], ['b', 'a'], 2, 1],
    ['half found', ['a', 'b', 'c'], ['a', 'c'], 2, 0.5],
    ['none found', ['a'], ['z'], 5, 0],
    ['duplicate gold counted once', ['a'], ['a', 'a'], 1, 1],
    ['empty gold', ['a'], [], 1, 1],
  ];
  for (const [what, ranking, gold, k, expected] of cases) {
    it(what, () => assert.equal(recallAt(ranked(...ranking), gold, k), expected));
  }
});

describe('measureRecall', () => {
  it('averages recall at 5, 10 and 15 over queries with gold tools, and the shortlist size', () => {
    const names = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const report = measureRecall({
      queries: [{ query: 'q1', gold: ['t0'] }, { query: 'q2', gold: ['t7', 't12'] }, { query: 'skip', gold: [] }],
      rank: () => ranked(...names),
      shortlist: (ranking) => ranking.slice(0, 4).map((entry) => entry.name),
    });
    assert.deepEqual(report, { recallAt5: 0.5, recallAt10: 0.75, recallAt15: 1, meanShortlist: 4, queries: 2 });
  });
  it('reports zeros for no measurable queries', () => {
    assert.deepEqual(measureRecall({ queries: [], rank: () => [] }), {
      recallAt5: 0,
      recallAt10: 0,
      recallAt15: 0,
      meanShortlist: 0,
      queries: 0,
    });
  });
});

describe('parseLabelledQueries', () => {
  it('reads JSON lines, skipping blank lines', () => {
    assert.deepEqual(
      parseLabelledQueries(
        '{"query":"a","gold":["x"]}\n\n{"query":"b","gold":[],"previous":["a"]}\r\n' +
          '{"query":"yes please","gold":["book_hotel"],"called":["find_hotels"]}',
      ),
      {
        ok: true,
        queries: [{ query: 'a', gold: ['x'] }, { query: 'b', gold: [], previous: ['a'] }, {
          query: 'yes please',
          gold: ['book_hotel'],
          called: ['find_hotels'],
        }],
      },
    );
  });
  it('names every bad line', () => {
    assert.deepEqual(
      parseLabelledQueries(
        '{"query":"a","gold":["x"]}\nnot json\n{"gold":["x"]}\n{"query":"a","gold":"x"}\n{"query":"a","gold":[],"previous":[1]}\n[]\n' +
          '{"query":"ok","gold":[],"called":"find_hotels"}',
      ),
      {
        ok: false,
        errors: [
          'line 2: not valid JSON',
          'line 3: "query" must be a non-empty string',
          'line 4: "gold" must be an array of tool names',
          'line 5: "previous" must be an array of strings',
          'line 6: "query" must be a non-empty string',
          'line 7: "called" must be an array of tool names',
        ],
      },
    );
  });
  it('rejects an empty file', () => {
    assert.deepEqual(parseLabelledQueries('\n'), { ok: false, errors: ['no queries found'] });
  });
});
