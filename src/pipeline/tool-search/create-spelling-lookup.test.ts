import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createSpellingLookup, findNearSpellings, isNearSpelling } from './create-spelling-lookup.ts';

describe('isNearSpelling', () => {
  const cases: [string, string, boolean][] = [
    ['wheather', 'weather', true],
    ['weahter', 'weather', true],
    ['weathr', 'weather', true],
    ['directory', 'direct', true],
    ['weather', 'leather', true],
    ['weather', 'whether', false],
    ['cats', 'cat', false],
    ['abcdef', 'uvwxyz', false],
  ];
  for (const [word, known, near] of cases) {
    it(`${word} ~ ${known}: ${near}`, () => assert.equal(isNearSpelling(word, known), near));
  }
});

describe('findNearSpellings', () => {
  const lookup = createSpellingLookup(['weather', 'whether', 'direct', 'directory', 'file', 'cat']);

  it('finds typos and prefixes, sorted', () => {
    assert.deepEqual(findNearSpellings(lookup, 'wheather'), ['weather', 'whether']);
    assert.deepEqual(findNearSpellings(lookup, 'directo'), ['direct', 'directory']);
  });

  it('leaves known words and short words alone', () => {
    assert.deepEqual(findNearSpellings(lookup, 'weather'), []);
    assert.deepEqual(findNearSpellings(lookup, 'fil'), []);
  });

  it('answers exactly as testing every vocabulary term would', () => {
    const word = fc.stringMatching(/^[a-e]{1,8}$/u);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), word, (vocabulary, query) => {
        const known = new Set(vocabulary);
        const expected = query.length < 5 || known.has(query)
          ? []
          : [...known].filter((term) => isNearSpelling(query, term)).sort();
        assert.deepEqual(findNearSpellings(createSpellingLookup(vocabulary), query), expected);
      }),
      { numRuns: 500 },
    );
  });
});
