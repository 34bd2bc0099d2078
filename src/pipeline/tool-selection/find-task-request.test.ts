import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { rankTools } from '../tool-search/index.ts';
import { isCatalogueAction } from './find-requested-domains.ts';
import { findTaskRequest } from './find-task-request.ts';
import { isStrongEvidence, measureToolEvidence } from './measure-tool-evidence.ts';
import { mayAskForTool } from './may-ask-for-tool.ts';

const { registry, index } = createTestCatalogue([
  ['get_flight_cost', 'Get the cost of a flight between two airports in a travel class.', ['travel']],
  ['book_flight', 'Book a flight with a credit card, given the airports, the date and the class.', ['travel']],
  ['retrieve_invoice', 'Retrieve the invoice of a booking.', ['travel']],
  ['cancel_booking', 'Cancel a booking.', ['travel']],
  ['purchase_insurance', 'Purchase travel insurance for a booking.', ['travel']],
  ['send_message', 'Send a message to another user.', ['messages']],
  ['view_messages_sent', 'View the messages the user has sent.', ['messages']],
  ['delete_message', 'Delete a message the user sent.', ['messages']],
  ['calculate', 'Calculate the result of an arithmetic expression.', ['travel', 'shop']],
  ['upgrade_order_shipping', 'Upgrade the shipping of a pending order.', ['shop']],
  ['cancel_order', 'Cancel a pending order.', ['shop']],
]);
const TRAVEL_OFFERED = ['book_flight', 'get_flight_cost'];

function find(
  text: string,
  context: {
    readonly previous?: readonly string[];
    readonly calledTools?: readonly string[];
    readonly requested?: ReadonlyMap<string, readonly string[]>;
    readonly domainPrior?: ReadonlyMap<string, number>;
  } = {},
) {
  const evidence = measureToolEvidence(index, text);
  const calledTools = context.calledTools ?? ['book_flight', 'get_flight_cost'];
  let ranked = 0;
  const found = findTaskRequest({
    evidence,
    candidates: evidence.filter((entry) => isStrongEvidence(entry)),
    requested: context.requested ?? new Map(),
    previous: context.previous ?? TRAVEL_OFFERED,
    calledTools,
    domainsOf: registry.domainsOf,
    asksForTool: () => mayAskForTool(text, (term) => isCatalogueAction(index, registry.domainsOf, term)),
    ...(context.domainPrior === undefined ? {} : { domainPrior: context.domainPrior }),
    rank: () => {
      ranked += 1;
      return rankTools(index, { query: text, recentUserTurns: [], context: { calledTools } });
    },
  });
  return { names: found.map((entry) => entry.name), ranked };
}

const INVOICE =
  'Having booked the flight, I need to confirm the payment details. Kindly fetch the invoice for the flight.';

describe('findTaskRequest', () => {
  it("asks for the ranking's best tool of the task's domain when a request during the task names it in a word", () => {
    const evidence = measureToolEvidence(index, INVOICE);
    assert.ok(
      evidence.some((entry) => entry.name === 'book_flight' && isStrongEvidence(entry)),
      'the clause that recalls the last step names the offered booking plainly',
    );
    assert.deepEqual(find(INVOICE).names, ['retrieve_invoice']);
    assert.deepEqual(
      find('Now could you show me everything I have sent so far?', {
        previous: ['send_message'],
        calledTools: ['send_message'],
      }).names,
      ['view_messages_sent'],
    );
  });

  it('asks for nothing before any call, for a message that asks for nothing, or when that tool is offered', () => {
    assert.deepEqual(find(INVOICE, { calledTools: [], previous: [] }), { names: [], ranked: 0 }, 'no task under way');
    assert.deepEqual(
      find('Great, I got the invoice and it looks fine.'),
      { names: [], ranked: 0 },
      'no request: nothing ranked',
    );
    assert.deepEqual(
      find('Could you get me the cost of that flight once more?').names,
      [],
      "the ranking's best of the domain, the flight cost, is offered, and no word tells another tool apart",
    );
    assert.deepEqual(find(INVOICE, { previous: [...TRAVEL_OFFERED, 'retrieve_invoice'] }).names, [], 'offered');
  });

  it("asks for the domain's second-best tool, when the best is offered, by a rare word of its name the best's lacks", () => {
    // The cost the conversation priced ranks first on "get … flight"; "invoice" is the invoice's alone.
    assert.deepEqual(find('Having booked the flight, could you get me the invoice?').names, ['retrieve_invoice']);
    assert.deepEqual(
      find('I feel uneasy, so could you also get some travel insurance for that trip?').names,
      ['purchase_insurance'],
    );
    assert.deepEqual(
      find('Could you send one more message to Jane about it?', {
        previous: ['send_message'],
        calledTools: ['send_message'],
      }).names,
      [],
      'the offered send_message ranks first; "message" is also its word, so it does not tell delete_message apart',
    );
  });

  it('asks for nothing while the task is at a desk of one domain (its agent checks before the next step)', () => {
    const travelDesk = new Map([['travel', 1], ['messages', 0.3]]);
    assert.deepEqual(find(INVOICE, { domainPrior: travelDesk }), { names: [], ranked: 0 });
    assert.deepEqual(
      find('Now could you show me everything I have sent so far?', {
        previous: ['send_message'],
        calledTools: ['send_message'],
        domainPrior: travelDesk,
      }).names,
      ['view_messages_sent'],
      'a task outside the desk still moves',
    );
  });

  it('reads a tool that serves several domains (a calculator) as part of the task the calls before it belong to', () => {
    const text = 'Yes, please proceed with the upgrade.';
    assert.deepEqual(
      find(text, { calledTools: ['calculate', 'book_flight'] }).names,
      [],
      'the calculator priced a flight: the shop is not the task',
    );
    assert.deepEqual(
      find(text, { calledTools: ['calculate'] }).names,
      ['upgrade_order_shipping'],
      'nothing narrows it',
    );
  });

  it('leaves a request that names another domain to the change it asks for', () => {
    assert.deepEqual(
      find('Now could you view the messages I have sent about this flight?').names,
      [],
      'a strong candidate of the messages is not offered',
    );
    assert.deepEqual(
      find(INVOICE, { requested: new Map([['messages', ['message']]]) }).names,
      [],
      'a domain the request names outside the task',
    );
    assert.deepEqual(
      find(INVOICE, { requested: new Map([['messages', ['detail']], ['shop', ['detail']]]) }).names,
      ['retrieve_invoice'],
      'a word two other domains hold ("the payment details") names neither',
    );
  });
});
