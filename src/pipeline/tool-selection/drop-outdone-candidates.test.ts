import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropOutdoneCandidates } from './drop-outdone-candidates.ts';
import { said } from '../test-support/tool-evidence.test-support.ts';

const domainsOf = (name: string) => [name.split('_')[0] ?? ''];

describe('dropOutdoneCandidates', () => {
  it("drops a candidate another domain's candidate outdoes in words, keeping the order", () => {
    const candidates = [said('events_buy_event_tickets', 2, 2), said('buses_buy_bus_ticket', 3, 2)];
    assert.deepEqual(dropOutdoneCandidates(candidates, domainsOf).map((one) => one.name), ['buses_buy_bus_ticket']);
  });

  it('keeps both when the one with more words has fewer of its name, or when they share a domain', () => {
    const fewerInName = [said('events_buy_event_tickets', 2, 2), said('buses_find_bus', 3, 1)];
    assert.equal(dropOutdoneCandidates(fewerInName, domainsOf).length, 2);
    const oneDomain = [said('hotels_reserve_hotel', 2, 1), said('hotels_search_hotel', 3, 2)];
    assert.equal(dropOutdoneCandidates(oneDomain, domainsOf).length, 2, 'the ranking tells a search from its booking');
    const equal = [said('events_buy_event_tickets', 3, 2), said('buses_buy_bus_ticket', 3, 2)];
    assert.equal(dropOutdoneCandidates(equal, domainsOf).length, 2);
    assert.deepEqual(dropOutdoneCandidates([], domainsOf), []);
  });
});
