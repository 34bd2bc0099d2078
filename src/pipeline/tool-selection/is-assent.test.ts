import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAssent } from './is-assent.ts';

describe('isAssent', () => {
  it('reads a first sentence made only of agreement as an assent, whatever follows it', () => {
    for (
      const text of [
        "Yes, that's all correct.",
        'Yes that sounds great',
        'You got it right.',
        'Okay, thank you.',
        'Yes, that is correct. How long will the ride take?',
        'That’s perfect, please proceed!',
        'Yes, you are right.',
        'Yes, I am.',
      ]
    ) assert.equal(isAssent(text), true, text);
  });

  it('does not read facts, requests, questions or an empty message as an assent', () => {
    for (
      const text of [
        'Sure, it is mia_li_3668.',
        'I want a hotel in Rome.',
        'Is it pricey?',
        'Are you sure?',
        'Yes?',
        '',
        '...',
        'No, not now.',
      ]
    ) assert.equal(isAssent(text), false, text);
  });
});
