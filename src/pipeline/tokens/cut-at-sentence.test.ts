import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cutAtSentence, cutToTokens, trimToLastSentence } from './cut-at-sentence.ts';
import { estimateTextTokens } from './estimate-tokens.ts';

const isSpace = (character: string | undefined): boolean => character !== undefined && /\s/.test(character);

/** Pieces that make up sentences, words, long words, lines and odd characters. */
const piece = fc.constantFrom(
  'The',
  'user',
  'booked',
  'flight',
  'ZFA04Y',
  'internationalisation',
  '1234',
  'é',
  '東京',
  '😀',
  ' ',
  ' ',
  '  ',
  '\n',
  '. ',
  '! ',
  '? ',
  ', ',
  '."',
  '…',
  '- ',
  '"',
  ')',
);

describe('cutAtSentence', () => {
  const text =
    'The user booked flight ZFA04Y. The assistant confirmed the price of 1234 dollars. Then they discussed bags';
  const cases = [
    { name: 'returns the whole text when it fits', text, cap: 500, expected: text },
    { name: 'trims trailing whitespace even when it fits', text: 'Done.  \n', cap: 10, expected: 'Done.' },
    {
      name: 'cuts at the last sentence end that fits',
      text,
      cap: 28,
      expected: 'The user booked flight ZFA04Y. The assistant confirmed the price of 1234 dollars.',
    },
    {
      name: 'cuts earlier when only the first sentence fits',
      text,
      cap: 14,
      expected: 'The user booked flight ZFA04Y.',
    },
    {
      name: 'counts a line end as a sentence end',
      text: '- booked ZFA04Y\n- paid by card\n- asked about bags and seats',
      cap: 14,
      expected: '- booked ZFA04Y\n- paid by card',
    },
    {
      name: 'falls back to a word end when no sentence fits',
      text: 'one two three four five six seven eight nine ten eleven twelve',
      cap: 6,
      expected: 'one two three four',
    },
    {
      name: 'prefers a word end when the sentence cut would keep under half',
      text: 'Yes. one two three four five six seven eight nine ten eleven twelve',
      cap: 15,
      expected: 'Yes. one two three four five six seven eight',
    },
    {
      name: 'keeps closing quotes with their sentence',
      text: 'He said "stop." Then more words follow here and here',
      cap: 8,
      expected: 'He said "stop."',
    },
    {
      name: 'returns empty when not even one word fits',
      text: 'internationalisation internationalisation',
      cap: 2,
      expected: '',
    },
    { name: 'returns empty for a zero cap', text: 'a b', cap: 0, expected: '' },
  ];
  for (const c of cases) it(c.name, () => assert.equal(cutAtSentence(c.text, c.cap), c.expected));

  it('always returns a prefix within the cap that ends at a sentence or word boundary', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 0, max: 120 }), (pieces, cap) => {
        const input = pieces.join('');
        const cut = cutAtSentence(input, cap);
        assert.ok(input.startsWith(cut), 'a prefix');
        assert.ok(estimateTextTokens(cut) <= cap, `within the cap: ${estimateTextTokens(cut)} > ${cap}`);
        assert.ok(cut === '' || !isSpace(cut[cut.length - 1]), 'no trailing whitespace');
        assert.ok(cut === '' || cut === input.trimEnd() || isSpace(input[cut.length]), 'never mid-word');
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps the whole text exactly when it fits', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const input = pieces.join('').trimEnd();
        assert.equal(cutAtSentence(input, estimateTextTokens(input)), input);
      }),
    );
  });
});

describe('cutToTokens', () => {
  it('returns the text itself when it fits', () => assert.equal(cutToTokens('{"a":1}', 50), '{"a":1}'));
  it('cuts minified JSON mid-run when there is no space', () => {
    const json = JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index })));
    const cut = cutToTokens(json, 40);
    assert.ok(json.startsWith(cut) && cut.length > 0 && estimateTextTokens(cut) <= 40);
  });
  it('moves back to a word end when one is near', () =>
    assert.equal(cutToTokens('alpha beta gamma delta epsilon zeta eta theta', 8), 'alpha beta gamma delta'));
  it('never splits a surrogate pair', () => {
    const cut = cutToTokens('😀'.repeat(50), 7);
    assert.equal(cut.length % 2, 0);
  });
  it('always returns a prefix within the limit', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 120 }), fc.integer({ min: 0, max: 100 }), (pieces, limit) => {
        const input = pieces.join('');
        const cut = cutToTokens(input, limit);
        assert.ok(input.startsWith(cut) && estimateTextTokens(cut) <= limit);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('trimToLastSentence', () => {
  const cases = [
    { name: 'keeps a finished text', text: 'The user paid. All done.', expected: 'The user paid. All done.' },
    {
      name: 'drops an unfinished last sentence',
      text: 'The user paid. The assistant then boo',
      expected: 'The user paid.',
    },
    {
      name: 'drops a cut last word when there is no sentence end',
      text: 'the user paid by card and then boo',
      expected: 'the user paid by card and then',
    },
    { name: 'keeps whole bullet lines', text: '- paid by card\n- booked ZFA0', expected: '- paid by card' },
    { name: 'gives empty for one cut word', text: 'internation', expected: '' },
  ];
  for (const c of cases) it(c.name, () => assert.equal(trimToLastSentence(c.text), c.expected));
});
