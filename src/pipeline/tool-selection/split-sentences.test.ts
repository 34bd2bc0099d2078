import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitSentences } from './split-sentences.ts';

describe('splitSentences', () => {
  it('splits after a sentence mark and at line breaks, keeping the marks', () => {
    assert.deepEqual(splitSentences('I know. Did you know that?! Yes\nFind a hotel'), [
      'I know.',
      'Did you know that?!',
      'Yes',
      'Find a hotel',
    ]);
    assert.deepEqual(splitSentences('Gate 3.5 opens at 9'), ['Gate 3.5 opens at 9']);
  });
});
