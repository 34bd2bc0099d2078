import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenizeForSearch } from '../tool-search/index.ts';
import { readNameAction, readNameNamespace } from './read-tool-name.ts';

/** A word as the search index keeps it (stemmed). */
const term = (word: string) => tokenizeForSearch(word, { expandAbbreviations: false })[0];

describe('readNameNamespace', () => {
  it('reads the word or two before a version as the service namespace', () => {
    assert.equal(readNameNamespace('hotels_4_search_hotel'), 'hotels');
    assert.equal(readNameNamespace('rental_cars_2_get_cars_available'), 'rental cars');
    assert.equal(
      readNameNamespace('Restaurants-1-FindRestaurants'.replace(/([a-z])([A-Z])/gu, '$1_$2')),
      'restaurants',
    );
  });

  it('finds none without a version, or where too little follows it', () => {
    assert.equal(readNameNamespace('book_reservation'), undefined);
    assert.equal(readNameNamespace('get_top_10_songs'), undefined, 'one word after the number: no action and object');
    assert.equal(readNameNamespace('v2_get_user'), undefined, 'a number first is no namespace');
    assert.equal(readNameNamespace(''), undefined);
  });
});

describe('readNameAction', () => {
  it("reads the first word after the namespace and the domain's words", () => {
    assert.equal(readNameAction('hotels_4_search_hotel', ['travel']), 'search');
    assert.equal(readNameAction('hotels_4_search_hotel', ['hotels']), 'search');
    assert.equal(readNameAction('airline_list_all_airports', ['airline']), 'list');
    assert.equal(readNameAction('book_reservation', ['airline']), 'book');
    assert.equal(readNameAction('activateParkingBrake', ['VehicleControlAPI']), term('activate'));
  });

  it('skips a first word the name says again (its object, named twice)', () => {
    assert.equal(readNameAction('hotels_search_hotel', ['travel']), 'search');
    assert.equal(readNameAction('get_top_10_songs', ['music']), 'get');
  });
});
