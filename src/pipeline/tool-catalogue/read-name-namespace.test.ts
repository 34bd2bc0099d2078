import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readNameNamespace } from './read-name-namespace.ts';

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
