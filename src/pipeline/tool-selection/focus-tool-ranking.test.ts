import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { focusToolRanking } from './focus-tool-ranking.ts';
import type { RankedTool } from '../tool-search/index.ts';

const DOMAINS: Readonly<Record<string, readonly string[]>> = {
  book_flight: ['travel'],
  get_flight_cost: ['travel'],
  cancel_booking: ['travel'],
  book_reservation: ['airline'],
  get_reservation_details: ['airline'],
  update_reservation_flights: ['airline'],
  mkdir: ['files'],
  touch: ['files'],
};
const domainsOf = (name: string): readonly string[] => DOMAINS[name] ?? [];
const rank = (...entries: [string, number][]): RankedTool[] => entries.map(([name, score]) => ({ name, score }));
const names = (ranking: readonly RankedTool[]) => ranking.map((entry) => entry.name);

describe('focusToolRanking', () => {
  it('puts the domain of the previous selection and the called tools first, keeping score order inside each part', () => {
    const ranking = rank(['book_flight', 1.6], ['get_flight_cost', 1.4], ['book_reservation', 1.2], ['mkdir', 1.0], [
      'update_reservation_flights',
      0.9,
    ]);
    const focused = focusToolRanking({
      ranking,
      previousSelection: ['book_reservation', 'get_reservation_details'],
      calledTools: ['get_reservation_details'],
      domainsOf,
    });
    assert.equal(focused.domain, 'airline');
    assert.deepEqual(names(focused.ranking), [
      'book_reservation',
      'update_reservation_flights',
      'book_flight',
      'get_flight_cost',
      'mkdir',
    ]);
  });

  it('follows the ranking when nothing came before', () => {
    const ranking = rank(['book_flight', 1.6], ['book_reservation', 1.5], ['get_flight_cost', 1.4]);
    const focused = focusToolRanking({ ranking, previousSelection: [], domainsOf });
    assert.equal(focused.domain, 'travel');
    assert.deepEqual(names(focused.ranking), ['book_flight', 'get_flight_cost', 'book_reservation']);
  });

  it('moves to another domain when the message clearly belongs there', () => {
    const ranking = rank(['mkdir', 1.6], ['touch', 1.2], ['book_reservation', 0.3]);
    const focused = focusToolRanking({
      ranking,
      previousSelection: ['book_reservation', 'get_reservation_details', 'update_reservation_flights'],
      domainsOf,
    });
    assert.equal(focused.domain, 'files');
    assert.deepEqual(names(focused.ranking), ['mkdir', 'touch', 'book_reservation']);
  });

  it('stays in the domain when another domain only edges ahead on one message', () => {
    const ranking = rank(['book_flight', 1.6], ['get_flight_cost', 1.5], ['cancel_booking', 1.4], [
      'book_reservation',
      1.0,
    ]);
    const focused = focusToolRanking({
      ranking,
      previousSelection: ['book_reservation', 'get_reservation_details', 'update_reservation_flights'],
      domainsOf,
    });
    assert.equal(focused.domain, 'airline');
    assert.equal(focused.ranking[0]?.name, 'book_reservation');
  });

  it("leaves the deployment's own domain only for a domain the message names", () => {
    const ranking = rank(['mkdir', 1.6], ['touch', 1.2], ['book_reservation', 0.3]);
    const previousSelection = ['book_reservation', 'get_reservation_details', 'update_reservation_flights'];
    const airlineDesk = new Map([['airline', 1], ['travel', 0.5]]);
    const focused = focusToolRanking({ ranking, previousSelection, domainsOf, domainPrior: airlineDesk });
    assert.equal(focused.domain, 'airline', 'an airline desk stays with airline tools however "mkdir" scores');
    assert.deepEqual(names(focused.ranking), ['book_reservation', 'mkdir', 'touch']);
    const named = focusToolRanking({
      ranking,
      previousSelection,
      domainsOf,
      domainPrior: airlineDesk,
      namedDomains: new Set(['files']),
    });
    assert.equal(named.domain, 'files');
    const concierge = new Map([['airline', 1], ['files', 0.9]]);
    assert.equal(focusToolRanking({ ranking, previousSelection, domainsOf, domainPrior: concierge }).domain, 'files');
  });

  it('moves on a smaller lead when the message names the other domain', () => {
    const ranking = rank(['mkdir', 1.6], ['touch', 1.2], ['book_reservation', 1.0]);
    const previousSelection = ['book_reservation', 'get_reservation_details', 'update_reservation_flights'];
    assert.equal(focusToolRanking({ ranking, previousSelection, domainsOf }).domain, 'airline');
    assert.equal(
      focusToolRanking({ ranking, previousSelection, domainsOf, namedDomains: new Set(['files']) }).domain,
      'files',
    );
  });

  it('returns the ranking unchanged without tags or with a tie', () => {
    const ranking = rank(['a', 1], ['b', 0.5]);
    assert.deepEqual(focusToolRanking({ ranking, previousSelection: ['a'], domainsOf: () => [] }), {
      ranking,
      domain: null,
    });
    const tied = rank(['book_flight', 1], ['book_reservation', 1]);
    assert.equal(focusToolRanking({ ranking: tied, previousSelection: [], domainsOf }).domain, null);
  });

  it('keeps every entry exactly once', () => {
    const ranking = rank(['mkdir', 0.2], ['book_flight', 1], ['unknown', 0.9], ['book_reservation', 0], ['touch', 0.1]);
    const focused = focusToolRanking({ ranking, previousSelection: ['touch'], calledTools: ['mkdir'], domainsOf });
    assert.deepEqual([...names(focused.ranking)].sort(), [...names(ranking)].sort());
  });
});
