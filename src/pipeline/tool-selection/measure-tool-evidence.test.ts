import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { isStrongEvidence, measureToolEvidence } from './measure-tool-evidence.ts';

const { index } = createTestCatalogue([
  ['find_restaurants', 'Find a restaurant of a cuisine in a city.', ['restaurants']],
  ['find_events', 'Find concerts and games in a city.', ['events']],
  ['find_movies', 'Find movies showing in a city.', ['movies']],
  ['search_hotel', 'Find a hotel at a given location. A popular service for rooms.', ['hotels']],
  ['reserve_hotel', 'Reserve a selected hotel for given dates.', ['hotels']],
  ['get_ride', 'Book a cab to any destination for a number of seats.', ['rides']],
]);
const evidenceFor = (text: string, name: string) => measureToolEvidence(index, text).find((one) => one.name === name);

describe('measureToolEvidence', () => {
  it('reads a long message where its words are: a request amid thousands of other words counts as it does alone', () => {
    const chatter = 'We talked for ages about the weather and the garden and my sister. '.repeat(400);
    for (const request of ['I need to find a hotel in Paris.', 'Book a cab to the airport, please.']) {
      const alone = measureToolEvidence(index, request);
      assert.ok(alone.some((entry) => entry.phrase), request);
      assert.deepEqual(measureToolEvidence(index, `${chatter}${request} ${chatter}`), alone, request);
    }
  });
  it("reads each catalogue's own words, the same on its first message as after many (the term lists are kept per index)", () => {
    const tools: Parameters<typeof createTestCatalogue>[0] = [
      ['find_restaurants', 'Find a restaurant of a cuisine in a city.', ['restaurants']],
      ['search_hotel', 'Find a hotel at a given location.', ['hotels']],
    ];
    const messages = ['I need to find a hotel in Paris.', 'A table at an Italian restaurant, please.', 'hello there'];
    const fresh = (text: string) => measureToolEvidence(createTestCatalogue(tools).index, text);
    const reused = createTestCatalogue(tools).index;
    for (const text of [...messages, ...messages]) {
      assert.deepEqual(measureToolEvidence(reused, text), fresh(text), text);
      // Another catalogue read in between lends none of its words.
      assert.deepEqual(measureToolEvidence(index, 'Book a cab to the airport.')[0]?.name, 'get_ride');
    }
    assert.deepEqual(measureToolEvidence(reused, 'Book a cab to the airport.'), [], 'no cab in this catalogue');
  });
  it("never counts a number: a version in a tool's name is not the quantity a message says", () => {
    const { index: versioned } = createTestCatalogue([
      ['movies_1_buy_movie_tickets', 'Buy tickets for a movie showing.', ['movies']],
      ['events_3_buy_event_tickets', 'Buy tickets for a cultural event in a city.', ['events']],
    ]);
    const [best] = measureToolEvidence(versioned, 'So that is 1 ticket for the event in Toronto, right?');
    assert.equal(best?.name, 'events_3_buy_event_tickets');
    const movie = measureToolEvidence(versioned, '1 ticket please').find((one) =>
      one.name === 'movies_1_buy_movie_tickets'
    );
    assert.equal(movie?.words, 1, 'only "ticket": the 1 of the name is no match');
  });
  it("tells the rare words of a tool's name from its description's and from words most names hold", () => {
    assert.deepEqual(evidenceFor('Any good hotel rooms there?', 'search_hotel')?.rareNameTerms, ['hotel']);
    assert.deepEqual(
      evidenceFor('Any good rooms there?', 'search_hotel')?.rareNameTerms,
      [],
      '"rooms" is only in its description',
    );
    assert.deepEqual(evidenceFor('Find something for us.', 'find_movies')?.rareNameTerms ?? [], [], '"find": 4 names');
  });
  it("counts a word only a few tools' inputs hold, never one most inputs share", () => {
    const { index: salons } = createTestCatalogue([
      ['services_1_find_provider', 'Search for a hair stylist nearby.', ['services'], {
        city: 'City where the salon is located',
      }],
      ['services_1_book_appointment', 'Book an appointment at a hair stylist.', ['services'], {
        stylist_name: 'Name of the stylist or salon',
        city: 'City of the appointment',
      }],
      ['restaurants_1_find_restaurants', 'Find a restaurant of a cuisine.', ['restaurants'], { city: 'The city' }],
      ['events_1_find_events', 'Find concerts and plays.', ['events'], { city: 'The city of the event' }],
    ]);
    const found = measureToolEvidence(salons, "I'm after a unisex salon in San Jose.", { inputWords: true });
    assert.deepEqual(found.map((one) => one.name).sort(), ['services_1_book_appointment', 'services_1_find_provider']);
    assert.ok(found.every((one) => one.rareWords === 1 && one.nameWords === 0), JSON.stringify(found));
    assert.ok(isStrongEvidence(found[0], true), 'enough for a first list');
    assert.deepEqual(measureToolEvidence(salons, "I'm after a unisex salon."), [], 'only while nothing is offered');
    assert.deepEqual(
      measureToolEvidence(salons, 'Which city was it?', { inputWords: true }),
      [],
      '"city": most inputs',
    );
  });
  it('counts a value only a few tools accept when the message answers a question, and only a whole value', () => {
    const { index: events } = createTestCatalogue([
      ['events_3_find_events', 'Find cultural events - concerts and plays - in a city.', ['events'], {
        event_type: { description: 'Type of cultural event', enum: ['Music', 'Theater'] },
        city: 'City of the event',
      }],
      ['movies_1_find_movies', 'Find movies showing in a city.', ['movies'], { theater_name: 'Name of the theater' }],
      ['flights_1_search_flight', 'Search for a flight.', ['flights'], {
        airlines: { description: 'Airline to fly with', enum: ['Air France', 'Delta Airlines'] },
      }],
      ['hotels_1_search_hotel', 'Find a hotel in a city.', ['hotels'], { city: 'City of the hotel' }],
    ]);
    const theater = measureToolEvidence(events, 'Well, Theater is my first choice.', { answerValues: true });
    assert.deepEqual(theater.map((one) => [one.name, one.valueWords]), [
      ['events_3_find_events', 1],
      ['movies_1_find_movies', 0],
    ], '"theater" is a value of one tool and in the inputs of another');
    assert.deepEqual(
      theater.filter((one) => isStrongEvidence(one)).map((one) => one.name),
      ['events_3_find_events'],
      "the user picked one of the tool's own options",
    );
    assert.deepEqual(
      measureToolEvidence(events, 'Well, Theater is my first choice.'),
      [],
      'not outside an answer: "theater" is only in inputs',
    );
    assert.deepEqual(
      measureToolEvidence(events, 'One in Paris, France.', { answerValues: true }),
      [],
      '"France" alone is not the value "Air France"',
    );
    const airline = measureToolEvidence(events, 'Air France, please.', { answerValues: true });
    assert.deepEqual(airline.map((one) => [one.name, one.valueWords]), [['flights_1_search_flight', 2]]);
  });
  it('counts a value that a few descriptions say too, never one that names a tool', () => {
    const { index: services } = createTestCatalogue([
      ['events_1_find_events', 'Find events. Tickets for concerts and sports in your area.', ['events'], {
        category: { description: 'Type of event', enum: ['Music', 'Sports'] },
      }],
      ['events_1_buy_event_tickets', 'Buy tickets. Tickets for concerts and sports in your area.', ['events']],
      ['banks_1_check_balance', 'Get the balance of an account.', ['banks'], {
        account_type: { description: 'The account', enum: ['checking', 'savings'] },
      }],
      ['hotels_1_reserve_hotel', 'Reserve a hotel room.', ['hotels'], { check_in_date: 'First night' }],
    ]);
    const sports = measureToolEvidence(services, 'Actually Sports would be fun.', { answerValues: true });
    assert.deepEqual(sports.filter((one) => one.valueWords > 0).map((one) => one.name), ['events_1_find_events']);
    const checkIn = measureToolEvidence(services, 'I will check in on the 4th.', { answerValues: true });
    assert.ok(
      checkIn.every((one) => one.valueWords === 0),
      '"check" names `check_balance`, not its "checking" account',
    );
  });
  it('counts the message words in a tool name and description, most words first', () => {
    const [best] = measureToolEvidence(index, 'Reserve the hotel for the dates we said');
    assert.equal(best?.name, 'reserve_hotel');
    assert.ok((best?.words ?? 0) >= 3 && (best?.nameWords ?? 0) >= 2, JSON.stringify(best));
    assert.deepEqual(measureToolEvidence(index, 'hello, how are you?'), []);
  });
  it("finds the phrase of a description's first sentence, even when its verb is in most of the catalogue", () => {
    const found = evidenceFor('Can you help me find a hotel in Long Beach?', 'search_hotel');
    assert.equal(found?.phrase, true);
    assert.equal(found?.words, 1, '"find" is in most tools: alone it says nothing');
    assert.ok(isStrongEvidence(found), 'the phrase is plain enough to change the list for');
  });
  it('takes a phrase whose words are not in the name when one of them only a few tools hold ("book me a cab")', () => {
    const ride = evidenceFor('Great. Can you book me a cab there?', 'get_ride');
    assert.equal(ride?.phrase, true);
    assert.equal(ride?.nameWords, 0);
    assert.equal(evidenceFor('The cab was late, so I booked another.', 'get_ride')?.phrase, false, 'not said together');
  });
  it('needs the two words together and in order, one of them in the tool name or rare', () => {
    assert.equal(evidenceFor('The hotel was hard to find.', 'search_hotel')?.phrase, false);
    assert.equal(evidenceFor('Find me a restaurant near the station', 'find_restaurants')?.phrase, true);
    assert.equal(evidenceFor('Find a nice restaurant near the station', 'find_restaurants')?.phrase, false);
    assert.equal(
      evidenceFor('A popular service, they say.', 'search_hotel')?.phrase,
      false,
      'phrases of the first sentence only',
    );
  });
});
