import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { createToolRegistry } from '../tool-catalogue/index.ts';
import { createToolIndex } from '../tool-search/index.ts';
import { answerFindTools } from './find-tools.ts';
import type { DomainPrior } from './measure-domain-prior.ts';

const { registry, index } = createTestCatalogue([
  ['book_flight', 'Book a flight for a passenger. Needs the flight number and a payment method.', ['travel']],
  ['search_flights', 'Search flights between two airports on a date.', ['travel']],
  ['cancel_booking', 'Cancel a flight booking and refund it.', ['travel']],
  ['get_booking', 'Read a flight booking by its id.', ['travel']],
  ['create_note', 'Write a note with a title and a body.', ['notes']],
  ['list_notes', 'List the notes, newest first.', ['notes']],
  ['send_message', 'Send a text message to a contact.', ['messages']],
]);
const find = (query: unknown, minTools = 3, maxTools = 5) =>
  answerFindTools({ input: { query }, index, lookup: (name) => registry.get(name), minTools, maxTools });

/** A conversation that offers `offered` and called `calledTools` (most recent first), over the test catalogue. */
const focusOn = (offered: readonly string[], calledTools: readonly string[]) => ({
  offered,
  calledTools,
  domainsOf: registry.domainsOf,
  domainTools: (domain: string) => registry.domainTools(domain).map((spec) => spec.name),
});

/** find_tools over the test catalogue with a focus (minTools 1, maxTools 3), read in `recentUserTurns` when given. */
const askFocused = (query: string, focus: ReturnType<typeof focusOn>, recentUserTurns?: readonly string[]) =>
  answerFindTools({
    input: { query },
    index,
    lookup: (name) => registry.get(name),
    minTools: 1,
    maxTools: 3,
    focus,
    ...(recentUserTurns === undefined ? {} : { recentUserTurns }),
  });

/**
 * A `hotels` catalogue whose tools take the named parameters (companions are read from them), and find_tools over it
 * with a focus on `offered` (minTools 1).
 */
function hotelCatalogue(tools: readonly (readonly [name: string, description: string, parameters: string[]])[]) {
  const hotels = createToolRegistry();
  for (const [name, description, parameters] of tools) {
    hotels.register({
      name,
      description,
      inputSchema: { type: 'object', properties: Object.fromEntries(parameters.map((key) => [key, {}])) },
      tags: ['hotels'],
    });
  }
  const index = createToolIndex(hotels.domainTools());
  const ask = (
    query: string,
    { offered, lastCalled, maxTools }: { offered: string[]; lastCalled?: readonly string[]; maxTools: number },
  ) =>
    answerFindTools({
      input: { query },
      index,
      lookup: (name) => hotels.get(name),
      minTools: 1,
      maxTools,
      focus: {
        offered,
        calledTools: [],
        ...(lastCalled === undefined ? {} : { lastCalled }),
        domainsOf: (name) => hotels.get(name)?.tags ?? [],
        domainTools: (domain) => hotels.domainTools(domain).map((spec) => spec.name),
      },
    });
  return { ask };
}

describe('answerFindTools', () => {
  it('reads what the query quotes as a value: a message that quotes flight words still finds the message tool', () => {
    const quoted = find(
      "Text Ana 'search flights between two airports, book a flight, cancel the flight booking'",
      1,
      1,
    );
    assert.deepEqual(quoted.found, ['send_message']);
    const said = find('Text Ana, search flights between two airports, book a flight, cancel the flight booking', 1, 1);
    assert.notDeepEqual(said.found, ['send_message']);
    assert.match(find("'book a flight'").text, /book_flight/u, 'a query that is all quote is read whole');
  });

  it('answers `name: first sentence` lines of the best matches, best first, between minTools and maxTools', () => {
    const answer = find('cancel my flight booking');
    assert.equal(answer.status, 'success');
    assert.equal(answer.found[0], 'cancel_booking');
    assert.ok(answer.found.length >= 3 && answer.found.length <= 5, answer.text);
    assert.deepEqual(answer.text.split('\n').map((line) => line.split(': ')[0]), answer.found);
    assert.ok(answer.text.includes('cancel_booking: Cancel a flight booking and refund it.'));
    assert.ok(!answer.text.includes('Needs the flight number'), 'one line: the first sentence only');
  });
  it('is deterministic and never answers more than maxTools', () => {
    assert.deepEqual(find('write a note'), find('write a note'));
    assert.equal(find('flight', 1, 2).found.length, 2);
  });
  it('says what to do when the query is missing, empty or matches nothing', () => {
    for (const query of [undefined, 42, '   ']) {
      const answer = find(query);
      assert.equal(answer.status, 'error');
      assert.match(answer.text, /find_tools needs a query/);
      assert.deepEqual(answer.found, []);
    }
    const none = find('zzqx wubble');
    assert.equal(none.status, 'error');
    assert.match(none.text, /No tool matches "zzqx wubble"/);
  });
  it("ranks the conversation's domain first, and answers its tools not offered yet when the words match nothing new", () => {
    const focus = focusOn(['search_flights', 'book_flight'], ['search_flights']);
    const ask = (query: string) => askFocused(query, focus);
    assert.equal(ask('read it back').found[0], 'get_booking', 'travel before notes for "read"');
    const vague = ask('Sure, it is mia_li_3668.');
    assert.equal(vague.status, 'success');
    assert.deepEqual(vague.found, ['cancel_booking', 'get_booking']);
    assert.match(
      vague.text,
      /^Nothing new matches "Sure, it is mia_li_3668\."\. The other travel tools:\ncancel_booking: /,
    );
    assert.equal(ask('send a text message to Ana').found[0], 'send_message', 'another domain that clearly leads');
  });
  it("reads a vague query in the conversation's recent user turns ('Yes, that works.' after asking to text Ana)", () => {
    const focus = focusOn(['create_note', 'list_notes'], ['create_note']);
    const ask = (recentUserTurns: readonly string[]) => askFocused('Yes, that works.', focus, recentUserTurns);
    assert.equal(ask(['Can you text Ana that I will be late?', 'Yes, that works.']).found[0], 'send_message');
    assert.notEqual(ask([]).found[0], 'send_message', 'without the turns before it, nothing points to the message');
  });
  it('answers with the domain the latest request named when the query is a plain confirmation', () => {
    const ask = (recentUserTurns: readonly string[]) =>
      askFocused('Yes, that is right.', focusOn(['create_note', 'list_notes'], ['create_note']), recentUserTurns);
    const turns = ['Could you book me a flight to Oslo?', 'Friday morning works.', 'Yes, that is right.'];
    assert.ok(['book_flight', 'search_flights'].includes(ask(turns).found[0] ?? ''), ask(turns).text);
    const plain = ask(['Thanks, that note is fine.', 'Yes, that is right.']);
    assert.ok(!['book_flight', 'search_flights'].includes(plain.found[0] ?? ''), 'no request, no flight');
  });
  it('answers an assent with the next step of the task the conversation called last (its companion)', () => {
    const hotels = hotelCatalogue([
      ['hotels_1_search_hotel', 'Search hotels in a city.', ['location', 'star_rating']],
      ['hotels_1_cancel_hotel', 'Cancel a stay.', ['reservation_id']],
      ['hotels_1_reserve_hotel', 'Reserve a room.', ['hotel_name', 'location', 'check_in_date']],
    ]);
    const ask = (query: string, lastCalled: readonly string[], offered = ['hotels_1_search_hotel']) =>
      hotels.ask(query, { offered, lastCalled, maxTools: 3 });
    assert.equal(ask("Yes, that's all correct.", ['hotels_1_search_hotel']).found[0], 'hotels_1_reserve_hotel');
    assert.equal(
      ask('Sure, it is the Hilton, 4 stars.', ['hotels_1_search_hotel'], []).found[0],
      'hotels_1_search_hotel',
      'words that name a tool: the best match, not the next step',
    );
    assert.notEqual(ask("Yes, that's all correct.", []).found[0], 'hotels_1_reserve_hotel', 'no task in progress');
  });
  it('answers only tools the model lacks: an offered match gives way to the best ones not offered', () => {
    const focus = focusOn(['book_flight', 'get_booking'], ['get_booking']);
    const answer = askFocused('my flight booking', focus);
    assert.equal(answer.found[0], 'cancel_booking');
    assert.ok(answer.found.every((name) => !focus.offered.includes(name)), answer.found.join());
  });
  it("answers the best match's companion second: the next step of its task, not yet offered", () => {
    const answer = hotelCatalogue([
      ['hotels_1_search_hotel', 'Search hotels in a city.', ['location', 'star_rating']],
      ['hotels_1_reserve_hotel', 'Reserve a room.', ['hotel_name', 'location', 'check_in_date']],
      ['hotels_2_search_house', 'Find a house to rent.', ['where_to', 'rating']],
      ['hotels_2_book_house', 'Book the house.', ['where_to', 'check_in_date']],
    ]).ask('search hotels in Lisbon', { offered: [], maxTools: 2 });
    const partner = new Map([['hotels_1_search_hotel', 'hotels_1_reserve_hotel'], [
      'hotels_2_search_house',
      'hotels_2_book_house',
    ]]);
    assert.equal(answer.found.length, 2);
    assert.equal(answer.found[1], partner.get(answer.found[0] ?? ''), answer.text);
  });
  it("gives the query's best matches a place whatever the conversation's domain: a tweet asked while the car's tools are offered", () => {
    const car = createTestCatalogue([
      ['startEngine', 'Start the engine of the car.', ['car']],
      ['check_tire_pressure', 'Check the pressure of each tire of the car.', ['car']],
      ['lockDoors', 'Lock or unlock the doors of the car.', ['car']],
      ['fillFuelTank', 'Fill the fuel tank of the car.', ['car']],
      ['setHeadlights', 'Turn the headlights of the car on or off.', ['car']],
      ['adjustClimateControl', 'Adjust the climate control of the car.', ['car']],
      ['set_navigation', 'Navigate the car to a destination.', ['car']],
      ['pressBrakePedal', 'Press the brake pedal of the car.', ['car']],
      ['releaseBrakePedal', 'Release the brake pedal of the car.', ['car']],
      ['activateParkingBrake', 'Engage or release the parking brake of the car.', ['car']],
      ['setCruiseControl', 'Set the cruise control of the car to a speed.', ['car']],
      ['displayCarStatus', 'Show the status of the car: fuel, doors, battery.', ['car']],
      ['post_tweet', 'Post a tweet for the user.', ['social']],
      ['get_tweet', 'Read a tweet by its id.', ['social']],
      ['mean', 'Calculate the mean of a list of numbers.', ['math']],
    ]);
    const ask = (query: string, domainPrior?: DomainPrior) =>
      answerFindTools({
        input: { query },
        index: car.index,
        lookup: (name) => car.registry.get(name),
        minTools: 3,
        maxTools: 5,
        focus: {
          offered: ['startEngine', 'check_tire_pressure', 'lockDoors'],
          calledTools: ['check_tire_pressure', 'startEngine'],
          domainsOf: car.registry.domainsOf,
          domainTools: (domain) => car.registry.domainTools(domain).map((spec) => spec.name),
          ...(domainPrior === undefined ? {} : { domainPrior }),
        },
      });
    const tweet = ask("Let's share the news about the car's tires. Could you tweet 'Tires checked' for me?");
    assert.ok(tweet.found.includes('post_tweet'), tweet.text);
    assert.ok(tweet.found.length <= 5);
    const average = ask('Calculate the average of the numbers the tire check gave.');
    assert.ok(average.found.includes('mean'), average.text);
    assert.ok(
      ask('Turn the headlights of the car on.').found.includes('setHeadlights'),
      'the car itself still answers',
    );
    // A car's own assistant (its instructions lean to the car): the focus answers alone, as a desk's answers are not
    // crowded by the other services of a large catalogue; a service the query names still leads (requestedDomains).
    const desk = ask(
      "Let's share the news about the car's tires. Could you tweet 'Tires checked' for me?",
      new Map([
        ['car', 0.6],
        ['social', 0.1],
      ]),
    );
    assert.ok(desk.found.every((name) => car.registry.domainsOf(name).includes('car')), desk.text);
  });
});
