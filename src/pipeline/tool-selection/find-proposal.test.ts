import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findProposal } from './find-proposal.ts';

describe('findProposal', () => {
  it('returns the step a reply asks the user to confirm, with the details that follow the question', () => {
    assert.equal(
      findProposal('Please confirm: a shared ride for 2 people to 1518 Park Street.'),
      'Please confirm: a shared ride for 2 people to 1518 Park Street.',
    );
    assert.equal(
      findProposal(
        'I found 3 places. Would you confirm the following? You would like to book a table at Kabila for 2 people.',
      ),
      'Would you confirm the following? You would like to book a table at Kabila for 2 people.',
    );
    assert.equal(
      findProposal('Your balance is $340. Shall I cancel reservation ZFA04Y? It has no insurance.'),
      'Shall I cancel reservation ZFA04Y? It has no insurance.',
    );
    assert.equal(
      findProposal('So a reservation for 2 at 5:30 pm, is that correct?'),
      'So a reservation for 2 at 5:30 pm, is that correct?',
    );
  });

  it('keeps at most three sentences from the question on', () => {
    assert.equal(findProposal('Do you want me to book it? One. Two. Three.'), 'Do you want me to book it? One. Two.');
  });

  it('finds no proposal in a plain answer, a question for details, or no reply', () => {
    for (
      const reply of [
        'The weather in Paris will be sunny, 21 degrees.',
        'Which city are you leaving from?',
        'What date would suit you?',
        '',
        undefined,
      ]
    ) assert.equal(findProposal(reply), undefined, String(reply));
  });
});
