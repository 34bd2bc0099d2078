import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isNumberTerm, pairTerms, splitWords, stemWord, tokenizeForSearch } from './tokenize-for-search.ts';
import { findSynonyms } from './search-synonyms.ts';

describe('splitWords', () => {
  const cases: [string, string[]][] = [
    ['activateParkingBrake', ['activate', 'parking', 'brake']],
    ['TwitterAPI getHTTPResponse', ['twitter', 'api', 'get', 'http', 'response']],
    ['file_name-2 report.pdf', ['file', 'name', '2', 'report', 'pdf']],
    ['', []],
  ];
  for (const [text, words] of cases) {
    it(`splits ${JSON.stringify(text)}`, () => assert.deepEqual(splitWords(text), words));
  }
});

describe('stemWord', () => {
  it('makes inflections of one word meet', () => {
    for (
      const group of [
        ['move', 'moves', 'moving', 'moved'],
        ['create', 'creating', 'creation'],
        [
          'directory',
          'directories',
        ],
        ['stop', 'stopped', 'stopping'],
        ['movie', 'movies'],
        ['city', 'cities'],
      ]
    ) {
      assert.equal(new Set(group.map(stemWord)).size, 1, group.join(','));
    }
  });
  it('leaves short words and words with digits alone', () => {
    assert.deepEqual(['is', 'bus', 'mp3s'].map(stemWord), ['is', 'bus', 'mp3s']);
  });
});

describe('tokenizeForSearch', () => {
  it('drops stop words and spells out abbreviations after themselves', () => {
    assert.deepEqual(tokenizeForSearch('Please mkdir the docs'), ['mkdir', 'mak', 'directori', 'doc', 'document']);
  });
  it('can skip abbreviations', () => {
    assert.deepEqual(tokenizeForSearch('mkdir', { expandAbbreviations: false }), ['mkdir']);
  });
  it('reads Object.prototype names as plain words ("a constructor of houses")', () => {
    assert.deepEqual(tokenizeForSearch('My brother works as a constructor of houses'), [
      'brother',
      'work',
      'constructor',
      'hous',
    ]);
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), '__proto__']) {
      const terms = tokenizeForSearch(`${name} ${name.toUpperCase()}`);
      assert.ok(terms.every((term) => typeof term === 'string' && term.length > 0), name);
    }
  });
});

describe('findSynonyms', () => {
  it('links delete and remove both ways, on stems, and never returns the word itself', () => {
    assert.ok(findSynonyms(stemWord('delete')).includes(stemWord('remove')));
    assert.ok(findSynonyms(stemWord('remove')).includes(stemWord('delete')));
    assert.ok(!findSynonyms(stemWord('delete')).includes(stemWord('delete')));
    assert.deepEqual(findSynonyms('zzzz'), []);
  });

  it('keeps one sense per group: an incident is an issue, and a help-desk ticket is one, but an incident is no ticket', () => {
    // While one group held all three, small talk about an incident named a catalogue's concert-ticket tools.
    assert.ok(findSynonyms(stemWord('incident')).includes(stemWord('issue')));
    assert.ok(findSynonyms(stemWord('ticket')).includes(stemWord('issue')));
    assert.ok(!findSynonyms(stemWord('incident')).includes(stemWord('ticket')));
    assert.ok(!findSynonyms(stemWord('ticket')).includes(stemWord('incident')));
  });
});

describe('pairTerms', () => {
  it('pairs each two consecutive terms, in order, once', () => {
    const terms = tokenizeForSearch('Find a hotel in Rome', { expandAbbreviations: false });
    assert.deepEqual([...pairTerms(terms)], ['find hotel', 'hotel rom'], 'stop words out, terms stemmed');
    assert.deepEqual([...pairTerms(['a', 'b', 'a', 'b'])], ['a b', 'b a']);
    assert.deepEqual([...pairTerms(['alone'])], []);
  });
});

describe('isNumberTerm', () => {
  it('tells numbers (quantities, dates, versions) from words, "3rd" and "mp3" included as words', () => {
    assert.deepEqual(['3', '2024', '3rd', 'mp3', 'three', ''].map(isNumberTerm), [
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
