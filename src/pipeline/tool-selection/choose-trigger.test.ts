import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseTrigger, type ChooseTriggerInput } from './choose-trigger.ts';
import { said } from '../test-support/tool-evidence.test-support.ts';

const events = said('events_buy_event_tickets', 2, 2);
const buses = said('buses_buy_bus_ticket', 3, 2);
const input = (parts: Partial<ChooseTriggerInput>): ChooseTriggerInput => ({
  evidence: [events, buses],
  candidates: [events, buses],
  // The conversation was buying event tickets: its ranking puts them first.
  ranking: [{ name: 'events_buy_event_tickets' }, { name: 'buses_buy_bus_ticket' }],
  assentedStep: undefined,
  requestedTool: undefined,
  domainsOf: (name) => [name.split('_')[0] ?? ''],
  ...parts,
});

describe('chooseTrigger', () => {
  it("takes the candidate the ranking puts first among those another domain's candidate does not outdo", () => {
    assert.equal(chooseTrigger(input({}))?.name, 'buses_buy_bus_ticket', '"buy a bus ticket" names the bus tickets');
  });
  it('lets the ranking alone decide at a desk of one domain', () => {
    const desk = new Map([['events', 1]]);
    assert.equal(chooseTrigger(input({ domainPrior: desk }))?.name, 'events_buy_event_tickets');
  });
  it('takes an assented step first, then a requested tool, with no words when the message says none of it', () => {
    const step = chooseTrigger(input({ assentedStep: 'events_find_events', requestedTool: 'buses_find_bus' }));
    assert.deepEqual(step, said('events_find_events', 0, 0));
    assert.equal(chooseTrigger(input({ requestedTool: 'buses_buy_bus_ticket' })), buses, 'its evidence when said');
  });
  it('has none without candidates, and leaves their order alone', () => {
    assert.equal(chooseTrigger(input({ candidates: [] })), undefined);
    const candidates = [events, buses];
    chooseTrigger(input({ candidates, domainPrior: new Map([['events', 1]]) }));
    assert.deepEqual(candidates, [events, buses]);
  });
});
