import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { findNextStep } from './find-next-steps.ts';

const SEARCH = { location: 'City of the hotel', number_of_rooms: 'Rooms wanted' };
const RESERVE = { hotel_name: 'The hotel', location: 'City of the hotel', check_in_date: 'First night' };
const { registry } = createTestCatalogue([
  ['hotels_1_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
  ['hotels_1_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
  ['hotels_2_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
  ['hotels_2_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
  ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
]);
const next = (called: string, offered: readonly string[]) =>
  findNextStep({
    called,
    offered,
    lookup: (name) => registry.get(name),
    domainsOf: registry.domainsOf,
    domainTools: (domain) => registry.domainTools(domain).map((spec) => spec.name),
  });

describe('findNextStep', () => {
  it("finds the task's next step of the same provider, passing over the other provider's look-alike", () => {
    assert.equal(next('hotels_1_search_hotel', ['hotels_1_search_hotel']), 'hotels_1_reserve_hotel');
    assert.equal(next('hotels_2_search_hotel', ['hotels_2_search_hotel']), 'hotels_2_reserve_hotel');
  });
  it('finds nothing when the next step is offered, or the tool has no companion', () => {
    assert.equal(next('hotels_1_search_hotel', ['hotels_1_search_hotel', 'hotels_1_reserve_hotel']), undefined);
    assert.equal(next('get_weather', ['get_weather']), undefined);
    assert.equal(next('not_a_tool', []), undefined);
  });
});
