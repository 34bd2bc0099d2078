import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createToolIndex, rankTools } from './rank-tools.ts';
import { createBm25Index, rankToolsBm25 } from './rank-tools-bm25.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';

const tool = (
  name: string,
  description: string,
  tags: string[],
  properties: Record<string, string> = {},
): ToolSpec => ({
  name,
  description,
  tags,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, text]) => [key, { type: 'string', description: text }]),
    ),
  },
});

const CATALOGUE: readonly ToolSpec[] = [
  tool('rm', 'Remove a file from the current folder.', ['files'], { file_name: 'Name of the file.' }),
  tool('ls', 'Show the contents of the current folder.', ['files']),
  tool('mv', 'Move a file to another folder.', ['files'], { source: 'File to move.', destination: 'Target folder.' }),
  tool('sendEmail', 'Send an email message to a contact.', ['mail'], {
    recipient_address: 'Email address of the contact.',
  }),
  tool('get_contact_address', 'Look up the email address of a contact by name.', ['mail'], {
    contact: 'Contact name.',
  }),
  tool('deleteEmail', 'Delete an email from the inbox.', ['mail'], { email_id: 'Id of the email.' }),
  tool('get_weather', 'Current weather for a city.', ['weather'], { city: 'City name.' }),
  tool('get_zipcode', 'Find the zipcode of a city.', ['maps'], { city: 'City name.' }),
  tool('estimate_distance', 'Estimate the distance between two places.', ['maps'], {
    from: 'Zipcode of the start.',
    to: 'Zipcode of the end.',
  }),
  tool('get_route', 'Driving route between two addresses.', ['maps'], { from: 'Start address.', to: 'End address.' }),
];
const index = createToolIndex(CATALOGUE);
const names = (ranking: readonly { name: string }[], k = 3) => ranking.slice(0, k).map((entry) => entry.name);

describe('rankTools', () => {
  it('finds a tool through a synonym and an abbreviation ("erase" → remove → rm)', () => {
    assert.equal(names(rankTools(index, { query: 'erase the draft.txt file' }), 1)[0], 'rm');
  });

  it('uses earlier user turns: "now remove that one" after talking about files ranks file tools above mail tools', () => {
    const ranking = rankTools(index, {
      query: 'now remove that one',
      recentUserTurns: ['what is in my folder?', 'move notes.txt to the archive folder'],
    });
    assert.equal(names(ranking, 1)[0], 'rm');
    const position = (name: string) => ranking.findIndex((entry) => entry.name === name);
    assert.ok(position('mv') < position('deleteEmail'), JSON.stringify(ranking));
  });

  it('lets the latest message outweigh earlier turns', () => {
    const ranking = rankTools(index, {
      query: 'what is the weather in Paris',
      recentUserTurns: ['remove old.txt', 'move a.txt to b'],
    });
    assert.equal(names(ranking, 1)[0], 'get_weather');
  });

  it('lifts the tool that produces another hit’s input (the zipcode lookup before the distance)', () => {
    assert.deepEqual(
      index.tools.find((entry) => entry.name === 'estimate_distance')?.producers.map((at) => index.tools[at]?.name),
      ['get_zipcode'],
    );
    const ranking = rankTools(index, { query: 'how far is it to estimate the distance between Lyon and Nice' });
    assert.deepEqual(names(ranking, 2), ['estimate_distance', 'get_zipcode']);
  });

  it('pulls up a tool that shares the best hit’s distinctive words (pseudo-relevance feedback)', () => {
    const shelter = createToolIndex([
      tool('adopt_pet', 'Adopt a pet from the animal shelter.', ['pets']),
      tool('vaccinate_animal', 'Vaccinate an animal before it leaves the shelter.', ['vets']),
      tool('order_pizza', 'Order a pizza.', ['food']),
    ]);
    const ranking = rankTools(shelter, { query: 'adopt a pet' });
    assert.deepEqual(names(ranking), ['adopt_pet', 'vaccinate_animal']);
    assert.ok((ranking[1]?.score ?? 0) < (ranking[0]?.score ?? 0) / 5, 'feedback weighs far less than a direct match');
  });

  it('pulls up the other parts of the hit’s system, named together in a status tool’s options (brake pedal beside engine)', () => {
    const car = createToolIndex([
      ...CATALOGUE,
      tool('displayStatus', 'Show the status of the car.', ['car'], {
        option: 'One of "doors", "brakePedal", "engine".',
      }),
      tool('startEngine', 'Start the engine.', ['car']),
      tool('pressBrakePedal', 'Press the brake pedal.', ['car']),
      tool('lockDoors', 'Lock the doors.', ['car']),
      tool('adjustMirror', 'Adjust a mirror.', ['car']),
    ]);
    const ranking = rankTools(car, { query: 'start the engine please' });
    const position = (name: string) => ranking.findIndex((entry) => entry.name === name);
    assert.equal(position('startEngine'), 0);
    assert.ok(
      position('pressBrakePedal') < position('adjustMirror') && position('lockDoors') < position('adjustMirror'),
      JSON.stringify(ranking),
    );
    assert.ok(
      (ranking[position('pressBrakePedal')]?.score ?? 0) < (ranking[0]?.score ?? 0) / 1.2,
      'a part weighs far less than the hit',
    );
  });

  describe('with the conversation as context', () => {
    const mailCalls = { calledTools: ['get_contact_address', 'sendEmail'] };

    it('keeps the called tools’ domain first for a message that names no tool ("sure, it is anna_kim_72")', () => {
      assert.deepEqual(rankTools(index, { query: 'sure, it is anna_kim_72' }), []);
      const ranking = rankTools(index, { query: 'sure, it is anna_kim_72', context: mailCalls });
      assert.deepEqual(names(ranking).sort(), ['deleteEmail', 'get_contact_address', 'sendEmail']);
    });

    it('still ranks first the tool a message plainly asks for in another domain', () => {
      const ranking = rankTools(index, { query: 'what is the weather in Oslo', context: mailCalls });
      assert.equal(names(ranking, 1)[0], 'get_weather');
    });

    it('lets the latest call count most when the conversation moved on', () => {
      const ranking = rankTools(index, {
        query: 'yes please',
        context: { calledTools: ['get_route', 'sendEmail', 'deleteEmail'] },
      });
      const score = (name: string) => ranking.find((entry) => entry.name === name)?.score ?? 0;
      assert.ok(score('estimate_distance') > score('get_contact_address'), JSON.stringify(ranking));
      assert.ok(score('get_contact_address') > 0, 'the earlier domain still counts');
    });

    it('follows the instructions’ lead over the runner-up, not a spread of many domains', () => {
      const leaning = rankTools(index, {
        query: 'ok',
        context: { domainPrior: new Map([['maps', 1], ['mail', 0.3]]) },
      });
      assert.deepEqual(names(leaning).sort(), ['estimate_distance', 'get_route', 'get_zipcode']);
      assert.ok((leaning[0]?.score ?? 0) > 0.6 && (leaning[0]?.score ?? 0) < 0.8, JSON.stringify(leaning));
      const spread = rankTools(index, {
        query: 'ok',
        context: { domainPrior: new Map([['maps', 1], ['mail', 1], ['files', 0.9]]) },
      });
      assert.deepEqual(spread, []);
    });

    it('ignores called tools the catalogue does not hold', () => {
      assert.deepEqual(rankTools(index, { query: 'hello', context: { calledTools: ['book_flight'] } }), []);
    });
  });

  it('tolerates a typo', () => {
    assert.equal(names(rankTools(index, { query: 'wheather in Oslo' }), 1)[0], 'get_weather');
  });

  it('is deterministic: best first, ties by name, independent of catalogue order, only positive scores', () => {
    const reversed = createToolIndex([...CATALOGUE].reverse());
    const query = { query: 'folder' };
    assert.deepEqual(rankTools(reversed, query), rankTools(index, query));
    const ranking = rankTools(index, query);
    for (let i = 1; i < ranking.length; i += 1) {
      const [before, after] = [ranking[i - 1]!, ranking[i]!];
      assert.ok(before.score > after.score || (before.score === after.score && before.name < after.name));
    }
    assert.ok(ranking.every((entry) => entry.score > 0));
  });

  it('returns nothing for an empty catalogue or a query of stop words', () => {
    assert.deepEqual(rankTools(createToolIndex([]), { query: 'remove a file' }), []);
    assert.deepEqual(rankTools(index, { query: 'the and of' }), []);
  });
});

describe('rankTools with a conversation that moves to another domain', () => {
  // 16 car tools: with the car's tools in use the lift alone would fill the first 15 places.
  const car = [
    ['startEngine', 'Start the engine of the car.'],
    ['check_tire_pressure', 'Check the pressure of each tire.'],
    ['lockDoors', 'Lock or unlock the doors of the car.'],
    ['pressBrakePedal', 'Press the brake pedal.'],
    ['releaseBrakePedal', 'Release the brake pedal.'],
    ['fillFuelTank', 'Fill the fuel tank with a number of gallons.'],
    ['setHeadlights', 'Turn the headlights on or off.'],
    ['setCruiseControl', 'Set the cruise control speed.'],
    ['activateParkingBrake', 'Engage or release the parking brake.'],
    ['adjustClimateControl', 'Set the temperature and fan speed inside the car.'],
    ['displayCarStatus', 'Show the status of an option of the vehicle.'],
    ['get_current_speed', 'The current speed of the vehicle.'],
    ['set_navigation', 'Navigate to a destination address.'],
    ['find_nearest_tire_shop', 'Find the nearest tire shop.'],
    ['estimate_distance', 'Estimate the distance between two cities.'],
    ['gallon_to_liter', 'Convert gallons to liters.'],
  ].map(([name, description]) => tool(name as string, description as string, ['car']));
  const twitter = [
    tool('authenticate_twitter', 'Log in to Twitter with a username and password.', ['twitter']),
    tool('post_tweet', 'Post a tweet for the logged-in user.', ['twitter'], { content: 'Text of the tweet.' }),
    tool('comment', 'Comment on a tweet.', ['twitter']),
  ];
  const travel = [
    tool('set_budget_limit', 'Set the travel budget limit.', ['travel']),
    tool('purchase_insurance', 'Buy travel insurance for a booking.', ['travel']),
  ];
  const moving = createToolIndex([...car, ...twitter, ...travel]);
  const place = (ranking: readonly { name: string }[], name: string) =>
    ranking.findIndex((entry) => entry.name === name);

  it("keeps a place in the first 15 for the new domain's unnamed step: the login before the tweet", () => {
    const ranking = rankTools(moving, {
      query: 'Could you post a tweet about our road trip?',
      context: { calledTools: ['check_tire_pressure', 'startEngine', 'pressBrakePedal'] },
    });
    assert.equal(names(ranking, 1)[0], 'post_tweet');
    const login = place(ranking, 'authenticate_twitter');
    assert.ok(login >= 0 && login < 15, JSON.stringify(ranking.slice(0, 16)));
    assert.ok(login < place(ranking, 'setCruiseControl'), 'ahead of a car tool the message does not name');
  });

  it("still lifts the conversation's tools the message names, and all of them for a reply that names nothing", () => {
    const tweet = rankTools(moving, {
      query: "Could you tweet 'Tires checked and engine purring smoothly!' for me?",
      context: { calledTools: ['check_tire_pressure'] },
    });
    assert.ok(place(tweet, 'startEngine') < place(tweet, 'setCruiseControl'), 'the engine is named');
    const reply = rankTools(moving, { query: 'Yes, go ahead.', context: { calledTools: ['check_tire_pressure'] } });
    assert.deepEqual(new Set(names(reply, car.length)), new Set(car.map((one) => one.name)));
  });

  it('leaves the lift whole where it cannot crowd the first 15 places: a domain of fewer tools', () => {
    const small = createToolIndex([...car.slice(0, 8), ...twitter]);
    const ranking = rankTools(small, {
      query: 'Could you post a tweet about our road trip?',
      context: { calledTools: ['check_tire_pressure', 'startEngine', 'pressBrakePedal'] },
    });
    assert.ok(place(ranking, 'setHeadlights') < place(ranking, 'authenticate_twitter'), JSON.stringify(ranking));
  });

  it("leaves a deployment's own domain its whole lift: a look-alike catalogue's word says nothing there", () => {
    const desk = new Map([['car', 1], ['travel', 0.3]]);
    const query = 'Is there a way to stay within my budget?';
    const atDesk = rankTools(moving, { query, context: { calledTools: ['fillFuelTank'], domainPrior: desk } });
    const elsewhere = rankTools(moving, { query, context: { calledTools: ['fillFuelTank'] } });
    assert.ok(place(atDesk, 'setCruiseControl') < place(elsewhere, 'setCruiseControl'), JSON.stringify(atDesk));
  });
});

describe('rankToolsBm25', () => {
  it('ranks by plain word overlap, without synonyms or history', () => {
    const bm25 = createBm25Index(CATALOGUE);
    assert.equal(names(rankToolsBm25(bm25, { query: 'weather city' }), 1)[0], 'get_weather');
    assert.deepEqual(rankToolsBm25(bm25, { query: 'erase' }), []);
  });
});
