import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { findNextSteps } from './find-next-steps.ts';

const SEARCH = { location: 'City of the hotel', number_of_rooms: 'Rooms wanted' };
const RESERVE = { hotel_name: 'The hotel', location: 'City of the hotel', check_in_date: 'First night' };
const { registry } = createTestCatalogue([
  ['hotels_1_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
  ['hotels_1_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
  ['hotels_2_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
  ['hotels_2_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
  ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
]);
const next = (called: readonly string[], offered: readonly string[]) =>
  findNextSteps({
    called,
    offered,
    lookup: (name) => registry.get(name),
    domainsOf: registry.domainsOf,
    domainTools: (domain) => registry.domainTools(domain).map((spec) => spec.name),
  });

describe('findNextSteps', () => {
  it("finds the task's next step of the same provider, passing over the other provider's look-alike", () => {
    assert.deepEqual(next(['hotels_1_search_hotel'], ['hotels_1_search_hotel']), ['hotels_1_reserve_hotel']);
    assert.deepEqual(next(['hotels_2_search_hotel'], ['hotels_2_search_hotel']), ['hotels_2_reserve_hotel']);
  });
  it('finds nothing when the next step is offered, or the tool has no companion', () => {
    assert.deepEqual(next(['hotels_1_search_hotel'], ['hotels_1_search_hotel', 'hotels_1_reserve_hotel']), []);
    assert.deepEqual(next(['get_weather'], ['get_weather']), []);
    assert.deepEqual(next(['not_a_tool'], []), []);
  });
  it('lists each next step once, in the order of the calls', () => {
    assert.deepEqual(next(['hotels_2_search_hotel', 'hotels_1_search_hotel'], []), [
      'hotels_2_reserve_hotel',
      'hotels_1_reserve_hotel',
    ]);
  });
});
