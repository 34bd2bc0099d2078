import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue, viewCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { createToolIndex } from '../tool-search/index.ts';
import { createToolRegistry } from '../tool-catalogue/index.ts';
import { applyToolSelection } from './apply-tool-selection.ts';
import { finishToolList } from './finish-tool-list.ts';
import type { PlanToolListInput } from './plan-tool-list-input.ts';
import { planToolList, TOOLS_IN_USE_MAX } from './plan-tool-list.ts';

const { registry, index } = createTestCatalogue([
  ['search_flights', 'Search flights between two airports on a date.', ['travel']],
  ['book_flight', 'Book a flight for a passenger with a payment method.', ['travel']],
  ['get_booking', 'Read a flight booking by its id.', ['travel']],
  ['cancel_booking', 'Cancel a flight booking and refund it.', ['travel']],
  ['change_booking_date', 'Move a booked flight to another date.', ['travel']],
  ['create_note', 'Save a note (ideas, facts to remember, meeting notes).', ['notes']],
  ['search_notes', 'Search the saved notes by words.', ['notes']],
  ['get_note', 'Read one note by its id.', ['notes']],
  ['update_note', 'Change the text of a note.', ['notes']],
  ['delete_note', 'Delete a note.', ['notes']],
  ['create_task', 'Add a task to the to-do list, with an optional due date.', ['tasks']],
  ['list_tasks', 'List the open tasks, soonest due first.', ['tasks']],
  ['complete_task', 'Mark a task as done.', ['tasks']],
  ['get_weather', 'Current weather for a city.', ['weather']],
  ['get_forecast', 'Weather forecast for a city for the next days.', ['weather']],
  ['add_wallet_card', 'Add a credit card to pay with to the wallet.', ['wallet']],
]);
const FIND_EVENTS = { city: 'City of the event', category: 'Sports or music', date: 'Date of the event' };
const BUY_TICKETS = {
  event_name: 'The event',
  number_of_seats: 'Seats wanted',
  date: 'Date of the event',
  city: 'City',
};
const NOTES = ['create_note', 'delete_note', 'get_note', 'search_notes', 'update_note'];
const WEATHER = ['get_forecast', 'get_weather'];
const TRAVEL = ['book_flight', 'cancel_booking', 'change_booking_date', 'get_booking', 'search_flights'];

function plan(
  text: string,
  previous: readonly string[],
  calledTools: readonly string[] = [],
  domainPrior?: ReadonlyMap<string, number>,
  lastReply?: string,
) {
  const input: PlanToolListInput = {
    ...(domainPrior === undefined ? {} : { domainPrior }),
    ...(lastReply === undefined ? {} : { lastReply }),
    text,
    recentUserTurns: [],
    previous,
    calledTools,
    index,
    lookup: (name) => registry.get(name),
    domainsOf: registry.domainsOf,
    domains: registry.domains(),
    domainTools: (domain) => registry.domainTools(domain).map((spec) => spec.name),
    minTools: 3,
    maxTools: 5,
    modelId: 'cheap',
  };
  const planned = planToolList(input);
  const selection = planned.kind === 'keep'
    ? { selected: planned.selected, source: 'keep' as const, dropped: [] }
    : applyToolSelection({ plan: planned.selection });
  return { planned, list: finishToolList(planned, selection, { minTools: 3, maxTools: 5 }) };
}

/** A file system's commands and one weather tool: a domain whose steps a message names in a row. */
function createFilesCatalogue() {
  return createTestCatalogue([
    ['cd', 'Change the current working directory to a folder.', ['files'], { folder: 'The folder to open' }],
    ['mkdir', 'Create a new directory in the current directory.', ['files'], { dir_name: 'Name of the directory' }],
    ['touch', 'Create a new empty file in the current directory.', ['files'], { file_name: 'Name of the file' }],
    ['rm', 'Remove a file or directory.', ['files'], { file_name: 'The file to remove' }],
    ['cp', 'Copy a file to another place.', ['files'], { source: 'The file', destination: 'Where to' }],
    ['wc', 'Count the lines, words and characters of a file.', ['files'], { file_name: 'The file' }],
    ['sort', 'Sort the lines of a file.', ['files'], { file_name: 'The file' }],
    ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
  ]);
}

/** The plan for a message over a catalogue of its own (the tests' defaults: 3-5 tools, nothing in use). */
function planOver(
  catalogue: ReturnType<typeof createTestCatalogue>,
  text: string,
  context:
    & Pick<PlanToolListInput, 'previous' | 'calledTools'>
    & Partial<Pick<PlanToolListInput, 'lastReply' | 'domainPrior' | 'opening'>>,
) {
  return planToolList({
    ...context,
    text,
    recentUserTurns: [],
    index: catalogue.index,
    ...viewCatalogue(catalogue.registry),
    domains: catalogue.registry.domains(),
    minTools: 3,
    maxTools: 5,
    modelId: 'cheap',
  });
}

describe('planToolList', () => {
  it('keeps the list through chit-chat, thanks, answers from the conversation and messages that share a word', () => {
    for (
      const text of [
        'Thanks, that was really helpful!',
        'How are you today?',
        'We had a lovely dinner with friends last night.',
        'Haha, that note made my day.',
        'My flight home was late, but the book I read on it was great.',
        'The weather in Lisbon was wonderful, we walked along the river every evening.',
        'What did you say the capital of Portugal was again?',
        'I keep forgetting to write things down, it drives my partner crazy.',
      ]
    ) {
      const { planned, list } = plan(text, NOTES);
      assert.equal(planned.kind, 'keep', `kept for "${text}"`);
      assert.deepEqual(list, NOTES, `the same list for "${text}"`);
    }
  });

  it("reads what the user quotes as a value, not as words of the request (a note's text names no flight)", () => {
    const quoted = plan("Save a note that says 'book a flight, then cancel the booking for a refund'.", NOTES, [
      'search_notes',
    ]);
    assert.equal(quoted.planned.kind, 'keep');
    assert.deepEqual(quoted.list, NOTES);
    const said = plan('Save a note. Book a flight, then cancel the booking for a refund.', NOTES, ['search_notes']);
    assert.equal(said.planned.kind, 'change');
  });

  it('keeps the list through small talk that names a tool plainly while the conversation has used no tool', () => {
    const said = 'The weather forecast for the city said rain for the next days, typical.';
    const small = plan(said, NOTES);
    assert.equal(small.planned.kind, 'keep');
    assert.equal(small.planned.reason, 'no-request');
    assert.deepEqual(small.list, NOTES);
    // The same words as a question, or once the conversation uses tools, are read for what they name.
    assert.equal(
      plan('What does the weather forecast for the city say for the next days?', NOTES).planned.kind,
      'change',
    );
    assert.equal(plan(said, NOTES, ['create_note']).planned.kind, 'change');
  });

  it('reads a request said politely as one, where a statement with the same words keeps the list', () => {
    const stated = 'The weather forecast for the city will tell us about rain for the next days.';
    assert.equal(plan(stated, []).planned.reason, 'no-request');
    for (
      const asked of [
        "I'd appreciate it if you could check the weather forecast for the city for the next days.",
        'Kindly read the weather forecast for the city for the next days.',
        'Ensure the weather forecast for the city for the next days is on screen.',
      ]
    ) {
      const { planned, list } = plan(asked, []);
      assert.equal(planned.kind, 'change', asked);
      assert.ok(list.includes('get_forecast'), asked);
    }
  });

  it("reads the conversation's opening statement as its task when it names a tool plainly, and only that one", () => {
    const catalogue = createTestCatalogue([
      ['search_notes', 'Search the saved notes by words.', ['notes']],
      ['create_note', 'Save a note (ideas, facts to remember, meeting notes).', ['notes']],
      ['get_forecast', 'Weather forecast for a city for the next days.', ['weather']],
      ['get_weather', 'Current weather for a city.', ['weather']],
    ]);
    const stated = 'I remember the weather forecast for the city said rain for the next days.';
    const opened = planOver(catalogue, stated, { previous: [], calledTools: [], opening: true });
    assert.equal(opened.kind, 'change');
    if (opened.kind === 'change') assert.equal(opened.trigger.name, 'get_forecast');
    // Later in the conversation the same statement is small talk; an opening that names no tool plainly keeps too.
    assert.equal(planOver(catalogue, stated, { previous: [], calledTools: [] }).kind, 'keep');
    const greeting = planOver(catalogue, 'Hi! The weather was lovely on our walk today.', {
      previous: [],
      calledTools: [],
      opening: true,
    });
    assert.equal(greeting.kind, 'keep');
  });

  it("reads a statement in the desk's own domain as possibly its task, with no tool used yet", () => {
    const said = 'The flight booking I made yesterday must be cancelled and refunded.';
    assert.equal(plan(said, NOTES).planned.reason, 'no-request');
    const atTheDesk = plan(said, NOTES, [], new Map([['travel', 1], ['notes', 0.3]])).planned;
    assert.equal(atTheDesk.kind, 'change');
    if (atTheDesk.kind === 'change') assert.equal(atTheDesk.trigger.name, 'cancel_booking');
  });

  it('moves to another domain on strong evidence, with the domain companions (3-5 tools)', () => {
    const { planned, list } = plan('Please book a flight to Lisbon for Friday morning', NOTES, ['create_note']);
    assert.equal(planned.kind, 'change');
    if (planned.kind !== 'change') return;
    assert.equal(planned.reason, 'strong-evidence');
    assert.equal(planned.trigger.name, 'book_flight');
    assert.ok(list.includes('book_flight') && list.includes('search_flights'), list.join(', '));
    const travel = list.filter((name) => TRAVEL.includes(name));
    assert.ok(travel.length >= 3 && travel.length <= 5, list.join(', '));
    assert.deepEqual(list.filter((name) => !TRAVEL.includes(name)), NOTES, 'the note tools in use stay');
    assert.deepEqual(list.slice(0, NOTES.length), NOTES, 'most recently used first: new tools are the first to go');
  });

  it('keeps at most TOOLS_IN_USE_MAX earlier tools beside a new selection, the most recently used', () => {
    const earlier = ['create_task', 'list_tasks', 'complete_task', 'get_weather', 'get_forecast', 'create_note'];
    const { list } = plan('Please book a flight to Lisbon for Friday morning', earlier);
    assert.deepEqual(list.filter((name) => earlier.includes(name)), earlier.slice(0, TOOLS_IN_USE_MAX));
    assert.ok(list.length <= 5 + TOOLS_IN_USE_MAX, list.join(', '));
  });

  it('moves when the message names a domain and two words of one of its tools ("read me my notes")', () => {
    const { planned, list } = plan('Could you read me my notes from Monday?', TRAVEL, ['search_flights']);
    assert.equal(planned.kind, 'change');
    if (planned.kind === 'change') assert.equal(planned.trigger.name, 'get_note');
    assert.ok(list.filter((name) => NOTES.includes(name)).length >= 3, list.join(', '));
    assert.equal(plan('My notes from Monday were a mess.', TRAVEL, ['search_flights']).planned.kind, 'keep');
  });

  it("keeps the deployment's own domain when a look-alike of another domain has the evidence (the card to pay with)", () => {
    const text = 'Yes, go ahead with the flight you found, and pay with the credit card ending in 9725.';
    const travelDesk = new Map([['travel', 1], ['notes', 0.3]]);
    const { planned, list } = plan(text, TRAVEL, ['book_flight'], travelDesk);
    assert.equal(planned.kind, 'keep');
    assert.equal(planned.reason, 'outside-focus');
    assert.equal(planned.evidence?.name, 'add_wallet_card', 'the other tool had the strong evidence');
    assert.deepEqual(list, TRAVEL);
    const named = plan('Please add my new credit card to the wallet.', TRAVEL, ['book_flight'], travelDesk);
    assert.equal(named.planned.kind, 'change', 'a message that names the other domain moves there');
    if (named.planned.kind === 'change') assert.equal(named.planned.trigger.name, 'add_wallet_card');
    const concierge = plan(text, TRAVEL, ['book_flight'], new Map([['travel', 1], ['wallet', 0.9]]));
    assert.equal(concierge.planned.kind, 'change', "a deployment that leans to no one domain follows the user's words");
  });

  it('keeps the list for one word of a tool that does not name its domain ("I read a book on the plane")', () => {
    const { planned } = plan('I read a good book on the plane yesterday.', NOTES, ['create_note']);
    assert.equal(planned.kind, 'keep');
  });

  it('moves in the middle of a task on a question that says a rare word of a tool\'s name ("the weather there?")', () => {
    const asked = plan('Can I know the weather there?', TRAVEL, ['search_flights']);
    assert.equal(asked.planned.kind, 'change');
    if (asked.planned.kind === 'change') {
      assert.equal(asked.planned.reason, 'task-object');
      assert.ok(WEATHER.includes(asked.planned.trigger.name), asked.planned.trigger.name);
      assert.deepEqual(asked.planned.trigger.rareNameTerms, ['weather']);
    }
    assert.ok(WEATHER.every((name) => asked.list.includes(name)), asked.list.join());
    assert.equal(
      plan('We loved the weather there last spring.', TRAVEL, ['search_flights']).planned.kind,
      'keep',
      'a statement asks for nothing',
    );
    assert.equal(
      plan('Can I know the weather there?', TRAVEL, []).planned.kind,
      'keep',
      'before any tool was used, one word is small talk',
    );
    const travelDesk = new Map([['travel', 1], ['notes', 0.3]]);
    assert.equal(
      plan('Can I know the weather there?', TRAVEL, ['search_flights'], travelDesk).planned.kind,
      'keep',
      'at a desk of one domain, a task there holds the list',
    );
  });

  it("moves to another domain's tool that the message names in more words than an offered one it shares words with", () => {
    const tickets = createTestCatalogue([
      ['events_1_find_events', 'Find concerts and games happening in a city.', ['events']],
      ['events_1_buy_event_tickets', 'Buy tickets for an event on a date.', ['events']],
      ['events_1_get_event_dates', 'Get the dates of an event in a city.', ['events']],
      ['buses_1_find_bus', 'Find a bus itinerary between cities.', ['buses']],
      ['buses_1_buy_bus_ticket', 'Buy tickets for a bus itinerary.', ['buses']],
      ['weather_1_get_weather', 'Check the weather for a city.', ['weather']],
    ]);
    const offered = ['events_1_get_event_dates', 'events_1_buy_event_tickets', 'events_1_find_events'];
    const context = { previous: offered, calledTools: ['events_1_get_event_dates'] };
    const text = 'I want to buy a bus ticket to go there.';
    const asked = planOver(tickets, text, context);
    assert.deepEqual([asked.kind, asked.kind === 'change' && asked.trigger.name], ['change', 'buses_1_buy_bus_ticket']);
    const desk = planOver(tickets, text, { ...context, domainPrior: new Map([['events', 1], ['buses', 0.3]]) });
    assert.deepEqual(
      [desk.kind, desk.kind === 'keep' && desk.reason],
      ['keep', 'offered-covers'],
      "at a desk of one domain the conversation's ranking decides",
    );
  });

  it('chooses the first list on one word only a few tools hold ("a refund"), while nothing is offered yet', () => {
    const first = plan('I would like a refund, please', []);
    assert.equal(first.planned.kind, 'change');
    if (first.planned.kind === 'change') assert.equal(first.planned.trigger.name, 'cancel_booking');
    const later = plan('I would like a refund, please', NOTES, ['create_note']);
    assert.equal(later.planned.kind, 'keep', 'once a list is offered, one rare word is not enough');
  });

  it('moves to the domain a request names by a word only its tools hold, not on that word in news', () => {
    const asked = plan('I need a flight to Rome on Friday.', NOTES, ['create_note']);
    assert.equal(asked.planned.kind, 'change');
    if (asked.planned.kind === 'change') {
      assert.equal(asked.planned.reason, 'requested-domain');
      assert.ok(TRAVEL.includes(asked.planned.trigger.name), asked.planned.trigger.name);
    }
    assert.ok(asked.list.filter((name) => TRAVEL.includes(name)).length >= 3, asked.list.join());
    assert.equal(plan('We took a flight to Rome last Friday.', NOTES, ['create_note']).planned.kind, 'keep');
    const covered = plan('I need a flight to Rome on Friday.', ['search_flights', ...NOTES], ['search_flights']);
    assert.deepEqual([covered.planned.kind, covered.planned.kind === 'keep' && covered.planned.reason], [
      'keep',
      'offered-covers',
    ]);
  });

  it('under a broad tag, moves to the tools that hold the word the request names, not to the tag', () => {
    // A vertical tagged as one domain: the flight tools offered do not cover "a hotel".
    const broad = createTestCatalogue([
      ['hotels_4_search_hotel', 'Find a hotel at a given location.', ['travel']],
      ['hotels_4_reserve_hotel', 'Reserve rooms at a selected hotel.', ['travel']],
      ['flights_3_search_oneway_flight', 'Search for one-way flights to a destination.', ['travel']],
      ['flights_3_reserve_oneway_flight', 'Reserve a one-way flight.', ['travel']],
      ['buses_1_find_bus', 'Find a bus itinerary between cities.', ['travel']],
      ['buses_1_buy_bus_ticket', 'Buy tickets for a bus itinerary.', ['travel']],
      ['weather_1_get_weather', 'Check the weather for a city.', ['home']],
    ]);
    const flights = ['flights_3_search_oneway_flight', 'flights_3_reserve_oneway_flight', 'buses_1_find_bus'];
    // Before any call the request's word decides; in the middle of a task, "hotel" is also the object of the hotel
    // tools' names, which only they hold: the task's object (see findTaskObjects).
    for (const [calledTools, reason] of [[[], 'requested-domain'], [[flights[0]!], 'task-object']] as const) {
      const asked = planOver(broad, 'I need a hotel around there.', { previous: flights, calledTools });
      assert.equal(asked.kind, 'change');
      if (asked.kind === 'change') {
        assert.equal(asked.reason, reason);
        assert.match(asked.trigger.name, /^hotels_4_/u);
      }
    }
    const covered = planOver(broad, 'I need a hotel around there.', {
      previous: ['hotels_4_search_hotel', ...flights],
      calledTools: [flights[0]!],
    });
    assert.deepEqual([covered.kind, covered.kind === 'keep' && covered.reason], ['keep', 'offered-covers']);
  });

  it("moves to the request's own step when only another step of its domain is offered (a reservation, not a search)", () => {
    const dining = createTestCatalogue([
      ['restaurants_1_find_restaurants', 'Find restaurants in a city by cuisine and price range.', ['restaurants']],
      ['restaurants_1_reserve_restaurant', 'Reserve a table at a restaurant for a date and time.', ['restaurants']],
      ['events_1_find_events', 'Find concerts and games happening in a city.', ['events']],
      ['events_1_buy_event_tickets', 'Buy tickets for an event on a date.', ['events']],
      ['weather_1_get_weather', 'Check the weather for a city.', ['weather']],
    ]);
    const offered = ['events_1_buy_event_tickets', 'events_1_find_events', 'restaurants_1_reserve_restaurant'];
    const asked = planOver(dining, 'I need to find a place to eat there too.', {
      previous: offered,
      calledTools: ['events_1_buy_event_tickets', 'events_1_find_events'],
    });
    assert.deepEqual([
      asked.kind,
      asked.kind === 'change' && asked.reason,
      asked.kind === 'change' && asked.trigger.name,
    ], [
      'change',
      'requested-domain',
      'restaurants_1_find_restaurants',
    ]);
    const covered = planOver(dining, 'I need to find a place to eat there too.', {
      previous: ['restaurants_1_find_restaurants', ...offered],
      calledTools: ['events_1_buy_event_tickets', 'events_1_find_events'],
    });
    assert.deepEqual([covered.kind, covered.kind === 'keep' && covered.reason], ['keep', 'offered-covers']);
  });

  it('moves to the step the assistant proposed when the user assents to it, not on an assent to a plain answer', () => {
    const proposal = 'I can do that. Please confirm: a flight to Rome on Friday for 2 passengers.';
    const assent = plan('Yes, that is correct.', NOTES, ['create_note'], undefined, proposal);
    assert.equal(assent.planned.kind, 'change');
    if (assent.planned.kind === 'change') {
      assert.equal(assent.planned.reason, 'assented-proposal');
      assert.ok(TRAVEL.includes(assent.planned.trigger.name), assent.planned.trigger.name);
    }
    const answered = plan('Yes, that is correct.', NOTES, ['create_note'], undefined, 'Your flight to Rome left at 9.');
    assert.equal(answered.planned.kind, 'keep');
    const notAssent = plan('No, not now.', NOTES, ['create_note'], undefined, proposal);
    assert.equal(notAssent.planned.kind, 'keep');
    const covered = plan('Yes please.', ['book_flight', ...NOTES], ['book_flight'], undefined, proposal);
    assert.deepEqual([covered.planned.kind, covered.planned.kind === 'keep' && covered.planned.reason], [
      'keep',
      'offered-covers',
    ]);
  });

  it("takes the next step of the last call's task when the user assents to a step whose words name no tool", () => {
    const events = createTestCatalogue([
      ['events_1_find_events', 'Find sports games and concerts in a city.', ['events'], FIND_EVENTS],
      ['events_1_buy_event_tickets', 'Buy tickets for an event.', ['events'], BUY_TICKETS],
      ['events_2_find_events', 'Find sports games and concerts in a city.', ['events'], FIND_EVENTS],
      ['events_2_buy_event_tickets', 'Buy tickets for an event.', ['events'], BUY_TICKETS],
      ['calendar_1_get_events', 'Get the events on your calendar for a date.', ['calendar'], { date: 'The date' }],
    ]);
    const planFor = (text: string, previous: readonly string[], lastReply: string) =>
      planOver(events, text, { previous, calledTools: ['events_1_find_events'], lastReply });
    const offered = ['calendar_1_get_events', 'events_1_find_events', 'events_2_buy_event_tickets'];
    const proposal = 'Please confirm: 2 seats for Dc United Vs Revolution on March 2nd in Washington, right?';
    const assent = planFor('Sounds great.', offered, proposal);
    assert.deepEqual(
      [assent.kind, assent.kind === 'change' && assent.reason, assent.kind === 'change' && assent.trigger.name],
      ['change', 'assented-proposal', 'events_1_buy_event_tickets'],
    );
    const covered = planFor('Sounds great.', [...offered, 'events_1_buy_event_tickets'], proposal);
    assert.equal(covered.kind, 'keep', 'the next step is offered');
    const answered = planFor('Sounds great.', offered, 'Dc United Vs Revolution is on March 2nd.');
    assert.equal(answered.kind, 'keep', 'an assent to a plain answer');
  });

  it('does not let an offered tool cover a request that names another tool by a phrase of its description', () => {
    // A provider's tools that share its tagline, as SGD's do: every one says "get tickets".
    const tagline = 'Get tickets for the coolest concerts and sports in your area.';
    const events = createTestCatalogue([
      ['events_1_find_events', `Find concerts and games happening in your area. ${tagline}`, ['events']],
      ['events_1_buy_event_tickets', `Buy tickets for an event. ${tagline}`, ['events']],
      ['events_1_get_event_dates', `Get dates on which a given event is taking place. ${tagline}`, ['events']],
      ['create_note', 'Save a note (ideas, facts to remember, meeting notes).', ['notes']],
      ['search_notes', 'Search the saved notes by words.', ['notes']],
    ]);
    const context = { previous: ['events_1_find_events', 'create_note', 'search_notes'], calledTools: ['create_note'] };
    // find_events holds as many of the words, but "tickets for events" is buy_event_tickets' own phrase.
    const asked = planOver(events, 'I would like to get some tickets for events that are going on there.', context);
    assert.deepEqual([asked.kind, asked.kind === 'change' && asked.reason], ['change', 'strong-evidence']);
    // With the tool of that phrase offered, the list stays.
    const offered = planOver(events, 'I would like to get some tickets for events that are going on there.', {
      ...context,
      previous: ['events_1_buy_event_tickets', ...context.previous],
    });
    assert.deepEqual([offered.kind, offered.kind === 'keep' && offered.reason], ['keep', 'offered-covers']);
  });

  it("moves to another domain a request during a task names by a word only its tools hold, past the task's words", () => {
    const car = createTestCatalogue([
      ['check_tire_pressure', 'Check the pressure of each tire of the car.', ['car']],
      ['find_nearest_tire_shop', 'Find the nearest tire shop for a repair.', ['car']],
      ['start_engine', 'Start the engine of the car.', ['car']],
      ['create_ticket', 'Create a support ticket with a title, a description and a priority.', ['tickets']],
      ['close_ticket', 'Close a support ticket by its id.', ['tickets']],
      ['get_ticket', 'Read a support ticket by its id.', ['tickets']],
    ]);
    const text = "Let's report the tire status. Could you file a ticket 'Flat tire' for me?";
    const previous = ['check_tire_pressure', 'find_nearest_tire_shop', 'start_engine'];
    // The offered tire tools hold "tire status"; "ticket" is the request, and only the ticket tools hold it.
    const asked = planOver(car, text, { previous, calledTools: ['check_tire_pressure'] });
    assert.deepEqual(
      [
        asked.kind,
        asked.kind === 'change' && asked.reason,
        asked.kind === 'change' && asked.trigger.name.endsWith('_ticket'),
      ],
      ['change', 'other-domain', true],
    );
    // Before any tool was called the message is no task's next request: the other rules alone decide.
    const idle = planOver(car, text, { previous, calledTools: [] });
    assert.notEqual(idle.kind === 'change' && idle.reason, 'other-domain');
  });

  it("offers beside a change's trigger the best tool of another domain the message names by a word only it holds", () => {
    const office = createTestCatalogue([
      ['add_alarm', 'Add an alarm at a given time.', ['alarms']],
      ['find_alarms', 'Find the alarms set for a day.', ['alarms']],
      ['delete_alarm', 'Delete an alarm by its id.', ['alarms']],
      ['send_email', 'Send an email to a contact.', ['mail']],
      ['search_inbox', 'Search the inbox for emails.', ['mail']],
      ['get_weather', 'Get the weather forecast for a city.', ['weather']],
    ]);
    const text = 'Please add an alarm at 7 for the call, and send an email to Bob about it.';
    const context = { previous: ['get_weather'], calledTools: ['get_weather'] };
    const both = planOver(office, text, context);
    // The email is asked for in three words (the trigger); the alarm by "alarm", a word only the alarm tools hold.
    assert.equal(both.kind === 'change' && both.trigger.name, 'send_email');
    assert.ok(both.kind === 'change' && both.followers.includes('add_alarm'), 'the alarm tool rides along');
    // Only during a task (a tool called), as the other-domain rule reads: a first request keeps to its trigger's domain.
    const first = planOver(office, text, { previous: [], calledTools: [] });
    assert.ok(first.kind === 'change' && !first.followers.includes('add_alarm'));
  });

  it('keeps the list when an offered tool has the evidence', () => {
    const { planned, list } = plan('Cancel the flight booking I made yesterday', TRAVEL);
    assert.equal(planned.kind, 'keep');
    assert.equal(planned.reason, 'offered-covers');
    assert.deepEqual(list, TRAVEL);
  });

  it("moves to the task's next tool that a request during the task names in a word, past an offered tool it recalls", () => {
    const flights = createTestCatalogue([
      ['get_flight_cost', 'Get the cost of a flight between two airports in a travel class.', ['travel']],
      ['book_flight', 'Book a flight with a credit card, given the airports, the date and the class.', ['travel']],
      ['retrieve_invoice', 'Retrieve the invoice of a booking.', ['travel']],
      ['cancel_booking', 'Cancel a booking.', ['travel']],
      ['send_message', 'Send a message to another user.', ['messages']],
    ]);
    const text =
      'Having booked the flight, I need to confirm the payment details. Kindly fetch the invoice for the flight.';
    const context = { previous: ['book_flight', 'get_flight_cost'], calledTools: ['book_flight', 'get_flight_cost'] };
    const asked = planOver(flights, text, context);
    assert.deepEqual(
      [asked.kind, asked.kind === 'change' && asked.trigger.name, asked.kind === 'change' && asked.reason],
      ['change', 'retrieve_invoice', 'task-request'],
      'the offered booking names "booked the flight" more plainly, but the request is for the invoice',
    );
    const before = planOver(flights, text, { ...context, calledTools: [] });
    assert.deepEqual([before.kind, before.kind === 'keep' && before.reason], ['keep', 'offered-covers'], 'no task yet');
  });

  it('offers nothing after a chit-chat opener (no cheap-model call), and chooses from the first request', () => {
    const opener = plan('Hi there! Hope you are having a good week.', []);
    assert.equal(opener.planned.kind, 'keep');
    assert.deepEqual(opener.list, []);
    const first = plan('What is the weather in Oslo?', []);
    assert.equal(first.planned.kind, 'change');
    if (first.planned.kind === 'change') assert.equal(first.planned.reason, 'first-request');
    assert.ok(first.list.includes('get_weather') && first.list.includes('get_forecast'), first.list.join(', '));
    assert.ok(first.list.length >= 3, `filled to at least 3 from the ranking: ${first.list.join(', ')}`);
  });

  it("ranks with the deployment's lean: a weather desk ranks its weather tools next to the note asked for", () => {
    const text = 'Add a note titled Trip: pack light.';
    const placeOfWeather = (domainPrior?: ReadonlyMap<string, number>) => {
      const { planned } = plan(text, [], [], domainPrior);
      assert.equal(planned.kind, 'change');
      const place = planned.kind === 'change' ? planned.ranking.findIndex((entry) => WEATHER.includes(entry.name)) : -1;
      return place < 0 ? Number.POSITIVE_INFINITY : place;
    };
    assert.ok(placeOfWeather(new Map([['weather', 1]])) < NOTES.length + 3, 'right after the note tools');
    assert.ok(placeOfWeather() >= NOTES.length + 3, 'far back, or unranked, without the lean');
  });

  it('offers the second tool of a two-step task with the first (find, then book)', () => {
    const { list } = plan('Search flights from Oslo to Rome next Monday', []);
    assert.ok(list.includes('search_flights') && list.includes('book_flight'), list.join(', '));
  });

  it("offers each chosen provider's tool with the other step of its task", () => {
    const SEARCH = { location: 'City of the hotel', number_of_rooms: 'Rooms wanted' };
    const RESERVE = { hotel_name: 'The hotel', location: 'City of the hotel', check_in_date: 'First night' };
    const hotels = createTestCatalogue([
      ['hotels_1_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
      ['hotels_1_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
      ['hotels_2_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
      ['hotels_2_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
      ['hotels_3_search_hotel', 'Find a hotel in a city.', ['hotels'], SEARCH],
      ['hotels_3_reserve_hotel', 'Reserve a room at a hotel.', ['hotels'], RESERVE],
      ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
    ]);
    const planned = planOver(hotels, 'Can you reserve a hotel room for me?', {
      previous: ['get_weather'],
      calledTools: ['get_weather'],
    });
    if (planned.kind !== 'change') assert.fail(`a change, not ${planned.reason}`);
    const selection = applyToolSelection({ plan: planned.selection });
    const list = finishToolList(planned, selection, { minTools: 3, maxTools: 5 }).filter((name) =>
      name !== 'get_weather'
    );
    assert.equal(list.length, 5, list.join(', '));
    for (const name of list.slice(0, 4)) {
      const partner = name.includes('search') ? name.replace('search', 'reserve') : name.replace('reserve', 'search');
      assert.ok(list.includes(partner), `${name} without ${partner}: ${list.join(', ')}`);
    }
  });

  it("offers the trigger's look-alikes (the same action of other providers) whatever the cheap model picks", () => {
    const FIND = { location: 'City to look in', genre: 'Genre of the movie' };
    const movies = createTestCatalogue([
      ['movies_1_find_movies', 'Search for movies by location and genre.', ['movies'], FIND],
      ['movies_1_get_times_for_movie', 'Get show times for a movie at a location.', ['movies'], {
        movie_name: 'The movie',
        location: 'City to look in',
      }],
      ['movies_1_buy_movie_tickets', 'Buy tickets for a movie show.', ['movies'], {
        movie_name: 'The movie',
        number_of_tickets: 'Tickets wanted',
      }],
      ['movies_3_find_movies', 'Find movies that you like.', ['movies'], { starring: 'An actor in it' }],
      ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
      ['get_forecast', 'Weather forecast for a city for the next days.', ['weather'], { city: 'The city' }],
    ]);
    const planned = planOver(movies, 'Can you search for movies in Castro Valley?', {
      previous: ['get_weather'],
      calledTools: ['get_weather'],
    });
    if (planned.kind !== 'change') assert.fail(`a change, not ${planned.reason}`);
    assert.equal(planned.trigger.name, 'movies_1_find_movies');
    // The cheap model may pick anything on its shortlist: here the other domain's tools.
    const picked = { selected: ['get_forecast', 'get_weather'], source: 'model' as const, dropped: [] };
    const list = finishToolList(planned, picked, { minTools: 3, maxTools: 5 });
    assert.ok(list.includes('movies_3_find_movies'), list.join(', '));
    assert.ok(list.includes('movies_1_get_times_for_movie'), list.join(', '));
  });

  it("offers the ranking's second tool of the trigger's domain whatever the cheap model picks", () => {
    const files = createFilesCatalogue();
    const planned = planOver(
      files,
      'Could you open the projects folder and create a new directory called drafts there?',
      {
        previous: [],
        calledTools: [],
      },
    );
    if (planned.kind !== 'change') assert.fail(`a change, not ${planned.reason}`);
    const [first, second] = planned.ranking.slice(0, 2).map((entry) => entry.name);
    assert.deepEqual([first, second].sort(), ['cd', 'mkdir'], planned.ranking.map((entry) => entry.name).join(', '));
    // The cheap model may pick up to five of its shortlist: here four the message does not ask for.
    const picked = { selected: ['wc', 'sort', 'rm', 'cp'], source: 'model' as const, dropped: [] };
    const list = finishToolList(planned, picked, { minTools: 3, maxTools: 5 });
    assert.ok(list.includes('cd') && list.includes('mkdir'), list.join(', '));
  });

  it("offers the ranking's next two tools of the trigger's domain whatever the cheap model picks", () => {
    const files = createFilesCatalogue();
    const planned = planOver(
      files,
      'Could you open the projects folder, make a directory called drafts and copy my notes there?',
      { previous: [], calledTools: [] },
    );
    if (planned.kind !== 'change') assert.fail(`a change, not ${planned.reason}`);
    const top = planned.ranking.slice(0, 3);
    assert.deepEqual(top.map((entry) => entry.name).sort(), ['cd', 'cp', 'mkdir'], JSON.stringify(planned.ranking));
    // Three steps, each ranked ahead of the next: none of them waits on the cheap model's picks.
    const picked = { selected: ['wc', 'sort', 'rm', 'touch'], source: 'model' as const, dropped: [] };
    const list = finishToolList(planned, picked, { minTools: 3, maxTools: 5 });
    assert.ok(['cd', 'mkdir', 'cp'].every((name) => list.includes(name)), list.join(', '));
  });

  it("leaves the places after the trigger to the cheap model when the ranking cannot tell the domain's tools apart", () => {
    const clock = createTestCatalogue([
      ['set_alarm', 'Set an alarm at a time of day.', ['clock'], { time: 'When it rings' }],
      ['snooze', 'Delay the ringing one by some minutes.', ['clock'], { minutes: 'How long' }],
      ['list_timers', 'Show the running countdowns.', ['clock'], {}],
      ['start_stopwatch', 'Begin measuring elapsed seconds.', ['clock'], {}],
      ['get_weather', 'Current weather for a city.', ['weather'], { city: 'The city' }],
      ['get_forecast', 'Weather forecast for a city for the next days.', ['weather'], { city: 'The city' }],
    ]);
    const planned = planOver(clock, 'Could you set an alarm for 7 am?', { previous: [], calledTools: [] });
    if (planned.kind !== 'change') assert.fail(`a change, not ${planned.reason}`);
    assert.equal(planned.trigger.name, 'set_alarm');
    const picked = { selected: ['get_forecast', 'get_weather'], source: 'model' as const, dropped: [] };
    const list = finishToolList(planned, picked, { minTools: 3, maxTools: 5 });
    // No word of the message is in snooze, list_timers or start_stopwatch: the picks come right after the trigger.
    assert.deepEqual(list.slice(0, 3), ['set_alarm', 'get_forecast', 'get_weather']);
  });

  it('chooses from a one-tool catalogue too (no word of a tiny catalogue is generic)', () => {
    const tiny = createToolRegistry();
    tiny.register({
      name: 'lookup_order',
      description: 'Looks up the shipping status of an order by its id.',
      inputSchema: { type: 'object', properties: {} },
      tags: ['orders'],
    });
    const planned = planToolList({
      text: 'Where is my order A-1?',
      recentUserTurns: [],
      previous: [],
      calledTools: [],
      index: createToolIndex(tiny.domainTools()),
      lookup: (name) => tiny.get(name),
      domainsOf: () => ['orders'],
      domains: ['orders'],
      domainTools: () => ['lookup_order'],
      minTools: 3,
      maxTools: 5,
      modelId: 'cheap',
    });
    assert.equal(planned.kind, 'change');
  });
});
