import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { readRequest } from './read-request.ts';

const { registry, index } = createTestCatalogue([
  ['ridesharing_1_get_ride', 'Call a taxi to head to a given destination.', ['ridesharing']],
  ['hotels_1_search_hotel', 'Find a hotel at a given location.', ['hotels']],
]);
const read = (text: string, lastReply?: string) =>
  readRequest({ index, text, domainsOf: registry.domainsOf, ...(lastReply === undefined ? {} : { lastReply }) });
const PROPOSAL = 'Please confirm: a taxi for 2 people to 1518 Park Street.';

describe('readRequest', () => {
  it("reads an assent with the step the assistant's last reply proposed", () => {
    const assent = read("Yes, that's correct.", PROPOSAL);
    assert.equal(assent.proposal, PROPOSAL);
    assert.equal(assent.text, `${PROPOSAL} Yes, that's correct.`);
    assert.deepEqual([...assent.requested.keys()], ['ridesharing']);
  });

  it("keeps the message's own request, and reads no proposal into a message that does not assent", () => {
    const own = read('Yes, and I also need a hotel there.', PROPOSAL);
    assert.equal(own.proposal, undefined);
    assert.deepEqual([...own.requested.keys()], ['hotels']);
    const refusal = read('No, not now.', PROPOSAL);
    assert.deepEqual([refusal.text, refusal.requested.size, refusal.proposal], ['No, not now.', 0, undefined]);
    assert.equal(read('Yes please.', 'The taxi left at 9.').proposal, undefined, 'an answer proposes nothing');
  });

  it("reads a short message after the assistant's question as its answer, and nothing else", () => {
    const question = 'Would you like to attend a particular kind of event?';
    assert.equal(read('Well, Theater is my first choice.', question).answersQuestion, true);
    assert.equal(read('Well, Theater is my first choice.', 'I found 3 events.').answersQuestion, false, 'no question');
    assert.equal(read('Well, Theater.').answersQuestion, false, 'no reply before it');
    assert.equal(read('Theater.', 'Which kind: \u201cMusic?\u201d or (Theater?)').answersQuestion, true, 'quoted');
    const long = 'We saw a play last year with my sister and her kids, and it was a lot of fun for all of us.';
    assert.equal(read(long, question).answersQuestion, false, 'a long message says more than an answer');
    assert.equal(read("Yes, that's correct.", PROPOSAL).answersQuestion, false, 'an assent reads the proposal');
  });
});
