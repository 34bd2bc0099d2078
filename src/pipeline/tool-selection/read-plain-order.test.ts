import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readPlainOrder } from './read-plain-order.ts';

describe('readPlainOrder', () => {
  it('reads a plain verb before its object, place or means as an order', () => {
    for (
      const start of [
        'Review the order details from this morning.',
        'Bring up information on the second flight.',
        'Investigate within the logs for the word failure.',
        'Copy it into the shared folder.',
        'Conclude by counting the lines of the report.',
        'Go to the downloads folder.',
        'Let everyone know the meeting moved to noon.',
        "Let's put in a buy order for ten shares.",
      ]
    ) assert.equal(readPlainOrder(start), true, start);
  });

  it('reads the order after one or two phrases that set the scene, each opened by a preposition', () => {
    assert.equal(readPlainOrder('For clarity, print the whole file.'), true);
    assert.equal(readPlainOrder('On Twitter, let my followers know about the trip.'), true);
    assert.equal(readPlainOrder('In that folder, in the newest file, write a short note.'), true);
    assert.equal(readPlainOrder('In case the tank is low, just top up the tank.'), true);
  });

  it('does not read statements, thanks or small talk as orders', () => {
    for (
      const start of [
        'Let me know how the interview goes!',
        'Really appreciate your help with all of this.',
        'We played games, ate good food, and just hung out together.',
        'Sure, take your time.',
        'In my opinion, the second movie was better.',
        'For a long time, nobody knew the answer.',
        'Thanks for the update on the booking.',
      ]
    ) assert.equal(readPlainOrder(start), false, start);
  });
});
