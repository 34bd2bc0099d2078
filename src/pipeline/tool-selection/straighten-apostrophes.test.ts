import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { straightenApostrophes } from './straighten-apostrophes.ts';

describe('straightenApostrophes', () => {
  it('reads curly apostrophes as straight ones', () => {
    assert.equal(straightenApostrophes('I\u2019d like the one you\u2018ve found'), "I'd like the one you've found");
  });

  it('leaves straight apostrophes, double quotes and other text as they are', () => {
    const text = 'Don\'t book "the Ritz" \u201cyet\u201d, thanks.';
    assert.equal(straightenApostrophes(text), text);
  });
});
