import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { indexCompanionCandidates, rankCompanions } from './rank-companions.ts';

const spec = (name: string, parameters: string[]): ToolSpec => ({
  name,
  description: `The ${name.replaceAll('_', ' ')} tool.`,
  inputSchema: { type: 'object', properties: Object.fromEntries(parameters.map((key) => [key, { type: 'string' }])) },
  tags: ['travel'],
});

describe('indexCompanionCandidates', () => {
  it('passes over only candidates that cannot score: the ranking is the same through it, for either bar', () => {
    const words = ['get', 'search', 'reserve', 'hotel', 'flight', 'details', 'list', 'cancel'];
    const keys = ['location', 'date', 'hotel_name', 'reservation_id', 'user_id', 'city'];
    // Two tools a pair of words (`get_hotel_a`, `get_hotel_b`: two name words in common, one parameter each, the same or
    // not), so many candidates share one word, some two, some a parameter, some both.
    const all = words.flatMap((first, a) =>
      words.slice(a + 1).flatMap((second, b) => [
        spec(`${first}_${second}_a`, [keys[(a + b) % keys.length] as string]),
        spec(`${first}_${second}_b`, [keys[(a * 2 + b + 1) % keys.length] as string]),
      ])
    );
    const sharers = indexCompanionCandidates(all);
    for (const tool of all) {
      const through = sharers(tool);
      assert.ok(through.length < all.length, `${tool.name}: some candidates share too little`);
      assert.deepEqual(rankCompanions(tool, through), rankCompanions(tool, all), tool.name);
      assert.deepEqual(rankCompanions(tool, through, 2), rankCompanions(tool, all, 2), `${tool.name} at 2`);
    }
  });
});

describe('rankCompanions', () => {
  const search = spec('hotels_1_search_hotel', ['location', 'star_rating']);
  const candidates = [
    spec('hotels_2_search_house', ['where_to', 'rating']),
    spec('hotels_1_reserve_hotel', ['hotel_name', 'location', 'check_in_date']),
    spec('hotels_3_reserve_hotel', ['hotel_name', 'location', 'check_in_date']),
    spec('weather_1_get_weather', ['city']),
  ];
  it("finds the next step of the tool's task: same service and object, shared parameters, most shared first", () => {
    assert.deepEqual(rankCompanions(search, candidates), ['hotels_1_reserve_hotel', 'hotels_3_reserve_hotel']);
  });
  it('finds companions by shared parameters alone (an id the task carries from step to step)', () => {
    const details = spec('get_reservation_details', ['reservation_id']);
    const found = rankCompanions(details, [
      spec('update_reservation_flights', ['reservation_id', 'cabin', 'flights']),
      spec('search_direct_flight', ['origin', 'destination', 'date']),
    ]);
    assert.deepEqual(found, ['update_reservation_flights']);
  });
  it('finds none in a catalogue whose tools share neither words nor parameters, and never the tool itself', () => {
    assert.deepEqual(rankCompanions(search, [search, spec('send_message', ['to', 'text'])]), []);
  });
});
