import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerF1, contentWords, lexicalRetention, normaliseAnswer } from './score-answer.ts';

describe('normaliseAnswer', () => {
  it('lowers, drops punctuation and articles, folds space, in any script', () => {
    assert.deepEqual(normaliseAnswer('The  Dance-Studio, by the WATER!'), ['dance', 'studio', 'by', 'water']);
    assert.deepEqual(normaliseAnswer('שלום, עולם 🎉 constructor'), ['שלום', 'עולם', 'constructor']);
  });
});

describe('answerF1', () => {
  const cases: readonly [string, string, number][] = [
    ['7 May 2023', '7 May, 2023', 1],
    ['by dancing', 'dancing', 2 / 3],
    ['She went to Paris', 'Rome', 0],
    ['', 'anything', 0],
    ['the the', 'the', 0],
    ['dance dance studio', 'dance studio', 0.8],
  ];
  for (const [prediction, gold, expected] of cases) {
    it(`scores ${JSON.stringify(prediction)} against ${JSON.stringify(gold)}`, () => {
      assert.ok(Math.abs(answerF1(prediction, gold) - expected) < 1e-9, String(answerF1(prediction, gold)));
    });
  }
});

describe('lexicalRetention', () => {
  it('counts the content words of the answer found in the context', () => {
    assert.deepEqual(contentWords('By the water, with natural light'), ['water', 'natural', 'light']);
    assert.equal(lexicalRetention('By the water, with natural light', 'a studio near the WATER with light'), 2 / 3);
  });
  it('is null for an answer of function words only', () => assert.equal(lexicalRetention('the one', 'x'), null));
  it('treats object-property words as plain words', () => {
    assert.equal(lexicalRetention('constructor toString', 'hasOwnProperty __proto__'), 0);
  });
});
