import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coversRequest } from './covers-request.ts';
import type { ToolEvidence } from './measure-tool-evidence.ts';

const evidence = (name: string, words: number, nameWords: number, phrase = false): ToolEvidence => ({
  name,
  words,
  nameWords,
  rareWords: words,
  phrase,
  valueWords: 0,
  rareNameTerms: [],
});
/** "I placed an order this morning. Show me the details of that order." */
const details = evidence('get_order_details', 2, 2);
const placeOf = (ranking: readonly string[]) => (name: string) => {
  const place = ranking.indexOf(name);
  return place < 0 ? ranking.length : place;
};

describe('coversRequest', () => {
  it('lets an offered tool the message names as plainly as the best candidate cover it', () => {
    const ranking = placeOf(['get_order_details', 'place_order']);
    assert.equal(coversRequest(evidence('place_order', 3, 2), details, ranking), true);
    assert.equal(coversRequest(evidence('place_order', 2, 2, true), details, ranking), true);
  });

  it('does not when it has fewer words, fewer name words, or no phrase where the best has one', () => {
    const ranking = placeOf(['place_order', 'get_order_details']);
    assert.equal(coversRequest(evidence('place_order', 1, 1), details, ranking), false);
    assert.equal(coversRequest(evidence('place_order', 2, 1), details, ranking), false);
    assert.equal(
      coversRequest(evidence('place_order', 2, 2), evidence('get_order_details', 2, 2, true), ranking),
      false,
    );
  });

  it('on an exact tie, covers only when the ranking puts it at least as high as the best candidate', () => {
    const tied = evidence('place_order', 2, 2);
    assert.equal(coversRequest(tied, details, placeOf(['get_order_details', 'place_order'])), false);
    assert.equal(coversRequest(tied, details, placeOf(['place_order', 'get_order_details'])), true);
    assert.equal(coversRequest(tied, details, placeOf(['get_order_details'])), false, 'an unranked tool ranks last');
    assert.equal(coversRequest(details, details, placeOf([])), true, 'the best candidate covers itself');
  });
});
