import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue, viewCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { findLookAlikes, findNextStep, findTaskPartner, listTaskPartners } from './find-next-steps.ts';

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
  findNextStep({ called, offered, ...viewCatalogue(registry) });

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

describe('findTaskPartner', () => {
  const catalogue = viewCatalogue(registry);
  it("finds the other step of the tool's task, the same provider's, whichever step it is", () => {
    assert.equal(findTaskPartner(catalogue, 'hotels_1_search_hotel'), 'hotels_1_reserve_hotel');
    assert.equal(findTaskPartner(catalogue, 'hotels_2_reserve_hotel'), 'hotels_2_search_hotel');
    assert.equal(findTaskPartner(catalogue, 'get_weather'), undefined);
  });
  it("links a service's steps by its name words alone when they share no parameter", () => {
    const { registry: services } = createTestCatalogue([
      ['services_2_find_provider', 'Find a dentist in a city.', ['services'], { city: 'City of the dentist' }],
      ['services_2_book_appointment', 'Book a visit to a dentist.', ['services'], { dentist_name: 'The dentist' }],
      ['services_1_find_provider', 'Find a hair stylist in a city.', ['services'], { city: 'City of the salon' }],
    ]);
    const view = viewCatalogue(services);
    assert.equal(findTaskPartner(view, 'services_2_find_provider'), 'services_2_book_appointment');
    assert.equal(findTaskPartner(view, 'services_1_find_provider'), undefined, 'its look-alike is no partner');
    const { registry: airline } = createTestCatalogue([
      ['get_user_details', 'Get the details of a user.', ['airline'], { user_id: 'The user' }],
      ['get_reservation_details', 'Get the details of a reservation.', ['airline'], { reservation_id: 'The id' }],
    ]);
    const unprefixed = viewCatalogue(airline);
    assert.equal(findTaskPartner(unprefixed, 'get_user_details'), undefined, 'an action and a word in common are not');
  });
});

describe('listTaskPartners', () => {
  it('gives each tool the partner findTaskPartner gives it alone, on a catalogue of many providers and shared words', () => {
    // Six providers of four services, each with a search, a reservation and a lookup step; "get" and "details" in
    // many names, ids shared within a provider's task: the index it reads the siblings through must pass over no one.
    const services = ['hotels', 'flights', 'cars', 'restaurants'];
    const tools = services.flatMap((service) =>
      [1, 2, 3, 4, 5, 6].flatMap((provider) =>
        [
          [`${service}_${provider}_search_${service}`, `Find ${service} in a city.`, [service], {
            city: 'The city',
            date: 'The day',
          }],
          [`${service}_${provider}_reserve_${service}`, `Reserve ${service}.`, [service], {
            [`${service}_name`]: 'Which one',
            date: 'The day',
          }],
          [`get_${service}_${provider}_details`, `Get the details of a booking.`, [service, 'bookings'], {
            booking_id: 'The booking',
          }],
        ] as const
      )
    );
    const { registry: many } = createTestCatalogue(tools);
    const view = viewCatalogue(many);
    const names = many.domainTools().map((spec) => spec.name);
    const alone = new Map(names.flatMap((name) => {
      const partner = findTaskPartner(view, name);
      return partner === undefined ? [] : [[name, partner] as const];
    }));
    assert.ok(alone.size > names.length / 2, 'most tools have a partner here');
    assert.deepEqual(listTaskPartners(view, names), alone);
    assert.deepEqual(listTaskPartners(view, [...names].reverse()), new Map([...alone].reverse()));
  });
});

describe('findLookAlikes', () => {
  const { registry: catalogue } = createTestCatalogue([
    ['movies_1_find_movies', 'Search for movies by location and genre.', ['movies']],
    ['movies_1_buy_movie_tickets', 'Buy tickets for a movie show.', ['movies']],
    ['movies_3_find_movies', 'Find movies that you like.', ['movies']],
    ['media_1_find_movies', 'Explore movies to watch online.', ['media']],
    ['github_get_issue', 'Read an issue of a repository.', ['github']],
    ['jira_get_issue', 'Read an issue of a project.', ['jira']],
    ['get_user_details', 'Get the details of a user.', ['airline']],
    ['get_reservation_details', 'Get the details of a reservation.', ['airline']],
    ['entropy_change_calculate', 'Calculate the change of entropy of a gas.', ['entropy_change']],
    ['sales_growth_calculate', 'Calculate the growth of sales over a period.', ['sales_growth']],
  ]);
  const tools = catalogue.domainTools();
  const alikes = (name: string, message: string) => findLookAlikes(catalogue.get(name)!, tools, message);
  it("finds other providers' tools of the same action, within the tag and beyond it", () => {
    assert.deepEqual(alikes('movies_1_find_movies', 'Find me a movie to see'), [
      'media_1_find_movies',
      'movies_3_find_movies',
    ]);
    assert.deepEqual(alikes('movies_1_buy_movie_tickets', 'Two tickets please'), []);
  });
  it('finds none when the message names a provider, for names without a service prefix or with one word after it', () => {
    assert.deepEqual(alikes('github_get_issue', 'Show me issue 5'), ['jira_get_issue']);
    assert.deepEqual(alikes('github_get_issue', 'Show me my GitHub issue 5'), []);
    assert.deepEqual(alikes('get_user_details', 'My user id is mia_1'), []);
    assert.deepEqual(alikes('entropy_change_calculate', 'Calculate it please'), [], 'one word is no action and object');
  });
});
