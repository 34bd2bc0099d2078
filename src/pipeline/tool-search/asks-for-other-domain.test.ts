import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { asksForOtherDomain } from './asks-for-other-domain.ts';
import { createToolIndex } from './rank-tools.ts';
import { tokenizeForSearch } from './tokenize-for-search.ts';

const tool = (name: string, description: string, tags: string[]): ToolSpec => ({
  name,
  description,
  tags,
  inputSchema: { type: 'object', properties: {} },
});

const index = createToolIndex([
  tool('startEngine', 'Start the engine of the car.', ['car']),
  tool('check_tire_pressure', 'Check the pressure of each tire.', ['car']),
  tool('lockDoors', 'Lock or unlock the doors of the car.', ['car']),
  tool('post_tweet', 'Post a tweet for the logged-in user.', ['twitter']),
  tool('authenticate_twitter', 'Log in to Twitter with a username and password.', ['twitter']),
  tool('check_login_status', 'Check whether the user is logged in to the messaging service.', ['messages']),
  tool('translate_text', 'Translate a text into another language.', []),
]);
const inCar = new Map([['car', 1]]);
/** The message's own words, as rankTools weighs them (each word the message says counts 1). */
const said = (text: string) => new Map(tokenizeForSearch(text).map((term) => [term, 1]));

describe('asksForOtherDomain', () => {
  it('reads a word only another domain holds, in one of its names, as a request for that domain', () => {
    assert.equal(asksForOtherDomain(index, inCar, said("Could you tweet 'Tires checked and engine purring'?")), true);
    assert.equal(asksForOtherDomain(index, new Map([['twitter', 1]]), said('Now start the engine, please.')), true);
  });

  it('reads nothing into words of the conversation’s own domain, words several domains hold, or small talk', () => {
    assert.equal(asksForOtherDomain(index, inCar, said('Lock the doors and start the engine.')), false);
    assert.equal(
      asksForOtherDomain(index, inCar, said('Can you check that for me?')),
      false,
      '"check": car and messages',
    );
    assert.equal(asksForOtherDomain(index, inCar, said('Thanks, that was quick!')), false);
    assert.equal(asksForOtherDomain(index, inCar, said('Translate it into French.')), false, 'an untagged tool');
  });

  it('reads nothing without a conversation domain, and nothing into a synonym or an earlier turn (weight below 1)', () => {
    assert.equal(asksForOtherDomain(index, new Map(), said('Post a tweet.')), false);
    assert.equal(asksForOtherDomain(index, new Map([['car', 0]]), said('Post a tweet.')), false);
    assert.equal(asksForOtherDomain(index, inCar, new Map([['tweet', 0.3]])), false);
  });
});
