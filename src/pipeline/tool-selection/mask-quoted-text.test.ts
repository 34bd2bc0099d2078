import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskQuotedText } from './mask-quoted-text.ts';

describe('maskQuotedText', () => {
  it('replaces what the user quotes (a post, a file name, a pattern) with one mark', () => {
    assert.equal(
      maskQuotedText("Could you tweet 'Tires checked and engine purring!' using the hashtag #RoadTrip?"),
      'Could you tweet "…" using the hashtag #RoadTrip?',
    );
    assert.equal(
      maskQuotedText("Move 'final_report.pdf' to the 'temp' directory."),
      'Move "…" to the "…" directory.',
    );
    assert.equal(maskQuotedText('Send “Hi Bob, lunch at noon?” to Bob'), 'Send "…" to Bob');
    assert.equal(maskQuotedText('Call it ‘Ski Trip!’ please'), 'Call it "…" please');
    assert.equal(maskQuotedText('Search for "budget analysis", then sort it.'), 'Search for "…", then sort it.');
  });

  it('leaves apostrophes, possessives and unpaired quotes alone', () => {
    for (
      const text of [
        "Let's share the users' files, I've checked them.",
        "It's Bob's car and the Joneses' house.",
        "I'd like a 5' 10\" shelf",
        'He said "yes and left',
        '',
      ]
    ) assert.equal(maskQuotedText(text), text);
  });

  it('keeps a message that is all quote (the user quoting their own request)', () => {
    assert.equal(maskQuotedText('"Book a flight to Paris"'), '"Book a flight to Paris"');
    assert.equal(maskQuotedText("'yes' 'no'"), "'yes' 'no'");
  });
});
