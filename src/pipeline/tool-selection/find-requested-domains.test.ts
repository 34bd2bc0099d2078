import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { findRequest, findRequestedDomains, findRequestObjects, readsAsRequest } from './find-requested-domains.ts';

const { registry, index } = createTestCatalogue([
  ['ridesharing_1_get_ride', 'Call a taxi to head to a given destination.', ['ridesharing']],
  ['restaurants_1_find_restaurants', 'Find a restaurant of a particular cuisine in a city.', ['restaurants']],
  ['restaurants_1_reserve_restaurant', 'Reserve a table at a restaurant.', ['restaurants']],
  ['movies_1_find_movies', 'Search for movies by location and genre.', ['movies']],
  ['media_1_find_movies', 'Find movies to watch online by genre.', ['media']],
  ['events_1_find_events', 'Find concerts and games happening in a city.', ['events']],
  ['hotels_1_search_hotel', 'Find a hotel at a given location.', ['hotels']],
  ['calculator_add_one', 'Add one to a number.', ['math']],
]);

function requested(text: string, domainPrior?: ReadonlyMap<string, number>): string[] {
  return [
    ...findRequestedDomains({
      index,
      text,
      domainsOf: registry.domainsOf,
      ...(domainPrior === undefined ? {} : { domainPrior }),
    }).keys(),
  ].sort();
}

describe('readsAsRequest', () => {
  it('reads wishes, questions that ask for an act and orders as requests', () => {
    for (
      const text of [
        "I'd like to find a place to eat.",
        'I need a cab to go there, 1518 Park Street.',
        'Could you help me find a rental car?',
        'Are there any tourist attractions around there?',
        'Thanks. Search for me some songs.',
        'I’m looking for a hotel in Rome.',
        'Thanks. I also need an area hotel.',
        'How about a hotel there too?',
        'Excellent, thanks. Now, can you also book a hotel room for me?',
        'Nice, are there any other attractions you found?',
        "Okay. I'll need a car there.",
        "That works, how's the weather there on the 14th?",
        'What are some good restaurants around there?',
        'Do you know of any child-friendly attractions around there?',
      ]
    ) assert.equal(readsAsRequest(text), true, text);
  });

  it('does not read news, feelings, offers or thanks as requests', () => {
    for (
      const text of [
        'We had a great dinner at the new place downtown.',
        'Would you like to watch a movie with us on Friday?',
        'Would you maybe like to come along?',
        'Any others you want to share?',
        'Thanks, that was really helpful!',
        'My goal is to give kids a loving home.',
        'How is your new job going?',
        'How is the new place working out for you?',
        "What's the movie you told me about?",
        'What are their names?',
        'How was the concert last night?',
        'Do you know what happened to her?',
        'Are there any more exciting trips coming up for you?',
        'Is there a favorite piece from your early writings that stands out to you?',
      ]
    ) assert.equal(readsAsRequest(text), false, text);
  });
});

describe('findRequestObjects', () => {
  it('keeps the words right after each cue, at most eight, to the end of their sentence', () => {
    assert.deepEqual(findRequestObjects('Great, thanks. Could you also find me a cab to the station? It is late.'), [
      'me a cab to the station?',
    ]);
    assert.deepEqual(
      findRequestObjects('I want to see something really fun and cheap and close by tonight with my two friends'),
      ['to see something really fun and cheap and'],
    );
    assert.deepEqual(findRequestObjects('How was your weekend?'), []);
  });
});

describe('findRequestedDomains', () => {
  it('finds the domain of a word only its tools hold, or of a synonym of a word the catalogue lacks', () => {
    assert.deepEqual(requested('Can you help me find a place to eat?'), ['restaurants']);
    assert.deepEqual(requested('I need a cab to go there, 1518 Park Street.'), ['ridesharing']);
    assert.deepEqual(requested("I'd like a hotel room near there."), ['hotels']);
  });

  it('lets a word two domains hold name both, and a word of three or more name none', () => {
    assert.deepEqual(requested("I'd like to watch a movie around there."), ['media', 'movies']);
    assert.deepEqual(requested('Could you find me something in a city?'), []);
  });

  it('leaves out request verbs and numbers, and messages that ask for nothing', () => {
    assert.deepEqual(requested('Can you find one for me?'), []);
    assert.deepEqual(requested('We ate at a lovely restaurant and took a cab home.'), []);
    const { registry: versioned, index: versions } = createTestCatalogue([
      ['hotels_3_search_hotel', 'Search a hotel.', ['hotels']],
      ['services_3_find_provider', 'Find a stylist.', ['services']],
    ]);
    const asked = findRequestedDomains({ index: versions, text: 'I need 3 of them.', domainsOf: versioned.domainsOf });
    assert.deepEqual([...asked.keys()], [], 'the version in a name is no word of a request');
  });

  it('reads a find_tools query as a request as a whole', () => {
    assert.deepEqual(
      [...findRequestedDomains({ index, text: 'taxi booking', domainsOf: registry.domainsOf, isRequest: true }).keys()],
      ['ridesharing'],
    );
  });

  it("under a deployment's own domain, names that domain or none", () => {
    const desk = new Map([['restaurants', 0.6], ['ridesharing', 0.1]]);
    assert.deepEqual(requested('Could you book me a cab and a table at the restaurant?', desk), ['restaurants']);
    assert.deepEqual(requested('Could you book me a cab?', desk), []);
  });
});

describe('findRequestedDomains and findRequest under broad tags', () => {
  // One tag for a whole vertical, as a catalogue may be tagged: the service's namespace is no action word.
  const { registry: broad, index: travel } = createTestCatalogue([
    ['hotels_4_search_hotel', 'Find a hotel at a given location.', ['travel']],
    ['hotels_4_reserve_hotel', 'Reserve rooms at a selected hotel.', ['travel']],
    ['flights_3_search_oneway_flight', 'Search for one-way flights to a destination.', ['travel']],
    ['flights_3_reserve_oneway_flight', 'Reserve a one-way flight.', ['travel']],
    ['rentals_search_rental', 'Search rental cars in a city.', ['travel']],
    ['get_top_10_songs', 'Top songs this week.', ['music']],
  ]);
  const ask = (text: string) => ({ index: travel, text, domainsOf: broad.domainsOf });

  it('reads a namespace before a version, or a word the name says again, as no action', () => {
    assert.deepEqual([...findRequestedDomains(ask('I need a hotel around there.')).keys()], ['travel']);
    assert.deepEqual([...findRequestedDomains(ask('Could you find me a rental?')).keys()], ['travel']);
    assert.deepEqual([...findRequestedDomains(ask('I want some songs.')).keys()], ['music']);
  });

  it('names the tools that hold the word, not every tool of the tag', () => {
    assert.deepEqual([...findRequest(ask('I need a hotel around there.')).tools].sort(), [
      'hotels_4_reserve_hotel',
      'hotels_4_search_hotel',
    ]);
    assert.deepEqual([...findRequest(ask('What a trip that was.')).tools], []);
  });
});

describe('findRequestedDomains when a name starts with its object', () => {
  // SGD-X's rewording of the rental car services: one provider's search names its object first.
  const { registry: cars, index: rentals } = createTestCatalogue([
    ['rentalcars_13_search_rental_cars', 'Show the cars that are available to rent.', ['rentalcars']],
    ['rentalcars_13_reserve_a_rental_car', 'Reserve a car to be rented for the customer.', ['rentalcars']],
    ['rentalcars_23_cars_available_by_location', 'See what cars are available to rent by time and date.', [
      'rentalcars',
    ]],
    ['ridesharing_13_call_driver', 'Order a cab to pickup and go to a destination.', ['ridesharing']],
    ['restaurants_13_find_restaurants', 'Find a restaurant of a particular cuisine in a city.', ['restaurants']],
  ]);
  const ask = (text: string) => [...findRequestedDomains({ index: rentals, text, domainsOf: cars.domainsOf }).keys()];

  it('reads a word other names act on as an object, not an action', () => {
    assert.deepEqual(ask('Until the 11th of March. I need a spacious car.'), ['rentalcars']);
    assert.deepEqual(ask('I want the car on the 10th of this month'), ['rentalcars']);
  });

  it('still reads a first word no other name holds as an action', () => {
    // "call" starts ridesharing_13_call_driver and no name acts on it: a request to call names no domain.
    assert.deepEqual(ask('Could you call them for me?'), []);
    assert.deepEqual(ask('I need a driver to the airport'), ['ridesharing']);
  });
});
