import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { findLeftForDomains } from './find-left-for-domains.ts';

const { registry, index } = createTestCatalogue([
  ['check_tire_pressure', 'Check the pressure of each tire of the car.', ['car']],
  ['find_nearest_tire_shop', 'Find the nearest tire shop for a repair.', ['car']],
  ['start_engine', 'Start the engine of the car.', ['car']],
  ['lock_doors', 'Lock or unlock the doors of the car.', ['car']],
  ['create_ticket', 'Create a support ticket with a title, a description and a priority.', ['tickets']],
  ['close_ticket', 'Close a support ticket by its id.', ['tickets']],
  ['send_message', 'Send a message to another user.', ['messages']],
  ['view_messages', 'View the messages the user sent.', ['messages']],
]);
const CAR = ['check_tire_pressure', 'find_nearest_tire_shop', 'start_engine', 'lock_doors'];
const TICKET = "Let's report the tire status. Could you open a ticket 'Flat tire' for me?";

function left(text: string, context: { previous?: readonly string[]; calledTools?: readonly string[] } = {}) {
  return findLeftForDomains({
    text,
    previous: context.previous ?? CAR,
    calledTools: context.calledTools ?? ['check_tire_pressure', 'start_engine'],
    index,
    domainsOf: registry.domainsOf,
  });
}

describe('findLeftForDomains', () => {
  it("reads a request during a task by a word only another domain's tool names hold, an object, not an action", () => {
    assert.deepEqual(left(TICKET), ['tickets']);
    assert.deepEqual(left('Then please message my colleague that the car is ready.'), ['messages']);
  });

  it('reads nothing from a word several domains hold, or from small talk', () => {
    // "check" and "user" are in the car's and the messages' tools; "view" is an action (it says what, not where).
    assert.deepEqual(left('Can you check the user for me?'), []);
    assert.deepEqual(left('Could you view the route for me?'), []);
    assert.deepEqual(left('I saw a funny ticket about tires yesterday.'), []);
    assert.deepEqual(left('Thanks, the car runs great now.'), []);
  });

  it("reads nothing from quoted text, the task's own domain, or a domain already offered", () => {
    assert.deepEqual(left("Can you read me 'ticket of the day' aloud?"), []);
    assert.deepEqual(left('Could you check the tire pressure again?'), []);
    assert.deepEqual(left(TICKET, { previous: [...CAR, 'close_ticket'] }), []);
  });

  it('reads nothing before a tool was called, or at a deployment with a domain of its own', () => {
    assert.deepEqual(left(TICKET, { previous: [], calledTools: [] }), []);
    const desk = findLeftForDomains({
      text: TICKET,
      previous: CAR,
      calledTools: ['check_tire_pressure'],
      index,
      domainsOf: registry.domainsOf,
      domainPrior: new Map([['car', 1]]),
    });
    assert.deepEqual(desk, []);
  });
});
