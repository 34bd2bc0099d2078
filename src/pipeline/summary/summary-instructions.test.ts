import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureTokensPerWord, wordsForCap } from './summary-instructions.ts';

const PROSE = 'The user is planning a weekend in Lisbon with her sister and prefers quiet hotels near the river. ' +
  'She asked the assistant to remember that she is vegetarian and that she would rather travel by train.';
const BOOKING = 'The user (user id mia_li_3668) changed reservation 4WQ150 from HAT001 on 2024-05-20 to HAT271 ' +
  'on 2024-05-22, paid $230.00 with credit_card_4421797 and kept 2 checked bags; refund 7EHQ2C of $54.99 issued.';

describe('wordsForCap', () => {
  it('asks for 0.45 words a token at most: unmeasured or light material gets exactly that', () => {
    assert.equal(wordsForCap(400), 180);
    assert.equal(wordsForCap(400, 1), 180);
  });

  it('asks denser material for fewer words (ids, codes, dates and amounts more than prose), so the reply fits the cap', () => {
    const prose = measureTokensPerWord(PROSE);
    const booking = measureTokensPerWord(BOOKING);
    assert.ok(booking > prose, `${booking} vs ${prose}`);
    const proseWords = wordsForCap(400, prose);
    const bookingWords = wordsForCap(400, booking);
    assert.ok(bookingWords < proseWords && proseWords <= 180, `${bookingWords} < ${proseWords}`);
    // A reply half again as dense as its material still fits: the margin the limit keeps.
    assert.ok(bookingWords * booking * 1.5 <= 400 && proseWords * prose * 1.5 <= 400);
  });

  it('never asks for fewer than 20 words, and reads a text without words as no measure', () => {
    assert.equal(wordsForCap(10, 5), 20);
    assert.equal(measureTokensPerWord(''), 0);
    assert.equal(measureTokensPerWord('   \n'), 0);
    assert.equal(wordsForCap(400, 0), 180);
  });
});
