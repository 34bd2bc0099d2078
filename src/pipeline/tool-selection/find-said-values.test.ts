import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { tokenizeForSearch } from '../tool-search/index.ts';
import { findSaidValues } from './find-said-values.ts';

const { index } = createTestCatalogue([
  ['search_flight', 'Search for a flight.', ['flights'], {
    airline: { description: 'Airline', enum: ['Air France', 'Delta Airlines'] },
    seat_class: { description: 'Class', enum: ['Economy', 'Business'] },
  }],
  ['find_events', 'Find events.', ['events'], { category: { description: 'Kind', enum: ['Music', 'Theater'] } }],
]);
const said = (text: string) =>
  Object.fromEntries(
    [...findSaidValues(index, tokenizeForSearch(text, { expandAbbreviations: false }))].map((
      [tool, terms],
    ) => [tool.name, [...terms].sort()]),
  );

describe('findSaidValues', () => {
  it('finds the values a message says whole, per tool, stemmed', () => {
    const stems = tokenizeForSearch('Air France Business', { expandAbbreviations: false }).sort();
    assert.deepEqual(said('Air France in business, please.'), { search_flight: stems });
    assert.deepEqual(said('Theater is my first choice.'), { find_events: ['theater'] });
  });
  it('finds no value from a part of one, or from words out of order', () => {
    assert.deepEqual(said('One in Paris, France.'), {});
    assert.deepEqual(said('France air is fine.'), {});
    assert.deepEqual(said('hello there'), {});
  });
});
