import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenizeForSearch } from '../tool-search/index.ts';
import { readNameAction } from './read-tool-name.ts';

/** A word as the search index keeps it (stemmed). */
const term = (word: string) => tokenizeForSearch(word, { expandAbbreviations: false })[0];

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

  it('reads the verb of a name that puts its object first, within its first three words', () => {
    assert.equal(readNameAction('song_lookup_music1', ['music']), 'lookup');
    assert.equal(readNameAction('balance_check_banks2', ['banks']), 'check');
    assert.equal(readNameAction('oneway_flight_search_flights3', ['flights']), 'search');
    assert.equal(
      readNameAction('exchange_delivered_order_items', ['retail']),
      term('exchange'),
      'a first word no verb list holds',
    );
    assert.equal(readNameAction('cancel_pending_order', ['retail']), 'cancel');
  });
});
