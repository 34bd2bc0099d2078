import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepToolPlaces } from './keep-tool-places.ts';

describe('keepToolPlaces', () => {
  it('keeps the earlier tools in their places and appends the new ones in the order given', () => {
    assert.deepEqual(
      keepToolPlaces(['search_flights', 'book_flight', 'get_booking'], [
        'get_weather',
        'book_flight',
        'search_flights',
      ]),
      ['search_flights', 'book_flight', 'get_weather'],
    );
  });
  it('returns the earlier order for the same set in any order (no cache write for a reorder)', () => {
    assert.deepEqual(keepToolPlaces(['b', 'a', 'c'], ['a', 'b', 'c']), ['b', 'a', 'c']);
  });
  it('starts a conversation in the order given and names each tool once', () => {
    assert.deepEqual(keepToolPlaces([], ['find_movies', 'buy_movie_tickets', 'find_movies']), [
      'find_movies',
      'buy_movie_tickets',
    ]);
  });
});
