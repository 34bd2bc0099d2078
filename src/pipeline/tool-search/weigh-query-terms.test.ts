import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSpellingLookup } from './create-spelling-lookup.ts';
import { weighQueryTerms } from './weigh-query-terms.ts';

const vocabulary = new Map([['weather', 1], ['remov', 1], ['delet', 1], ['report', 1]]);
const spelling = createSpellingLookup(vocabulary.keys());

describe('weighQueryTerms', () => {
  it('weighs the query 1, earlier turns by their distance, synonyms and typos less', () => {
    const [weights] = weighQueryTerms({
      query: 'delete wheather',
      recentUserTurns: ['old report', 'newer report'],
      histories: [[0.2, 0.1]],
      vocabulary,
      spelling,
    });
    assert.equal(weights?.get('delet'), 1);
    assert.ok((weights?.get('remov') ?? 0) > 0 && (weights?.get('remov') ?? 0) < 1, 'synonym weighs less');
    assert.ok((weights?.get('weather') ?? 0) > 0 && (weights?.get('weather') ?? 0) < 1, 'near spelling weighs less');
    assert.equal(weights?.get('report'), 0.2, 'the most recent turn that names a term sets its weight');
    assert.equal(weights?.get('old'), 0.1);
  });

  it('returns one map per weighting and ignores turns beyond the longest', () => {
    const maps = weighQueryTerms({
      query: 'report',
      recentUserTurns: ['ancient', 'old', 'newer'],
      histories: [[0.5], [0.5, 0.25]],
      vocabulary,
      spelling,
    });
    assert.equal(maps.length, 2);
    assert.deepEqual([...(maps[0]?.keys() ?? [])].sort(), ['newer', 'report']);
    assert.deepEqual([...(maps[1]?.keys() ?? [])].sort(), ['newer', 'old', 'report']);
  });

  it('gives nothing for a query of stop words', () => {
    assert.deepEqual(weighQueryTerms({ query: 'the and of', histories: [[]], vocabulary, spelling }), [new Map()]);
  });
});
