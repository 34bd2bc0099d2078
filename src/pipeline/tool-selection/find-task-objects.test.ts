import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestCatalogue } from '../test-support/test-catalogue.test-support.ts';
import { isCatalogueAction } from './find-requested-domains.ts';
import { findTaskObjects } from './find-task-objects.ts';
import { measureToolEvidence } from './measure-tool-evidence.ts';
import { mayAskForTool } from './may-ask-for-tool.ts';

const { registry, index } = createTestCatalogue([
  ['hotels_1_search_hotel', 'Find a hotel in a city for given dates.', ['hotels']],
  ['hotels_1_reserve_hotel', 'Reserve rooms at a selected hotel.', ['hotels']],
  ['travel_1_find_attractions', 'Browse sights and things to do in a city.', ['travel']],
  ['weather_1_get_weather', 'Check the forecast for a city on a date.', ['weather']],
  ['events_1_find_events', 'Find concerts and games in a city.', ['events']],
  ['events_1_buy_event_tickets', 'Buy tickets for an event on a date.', ['events']],
]);

function find(text: string, calledTools: readonly string[], domainPrior?: ReadonlyMap<string, number>) {
  const isAction = (term: string) => isCatalogueAction(index, registry.domainsOf, term);
  return findTaskObjects({
    evidence: measureToolEvidence(index, text),
    calledTools,
    domainsOf: registry.domainsOf,
    isAction,
    asksForTool: () => mayAskForTool(text, isAction),
    ...(domainPrior === undefined ? {} : { domainPrior }),
  }).map((entry) => entry.name);
}

describe('findTaskObjects', () => {
  it("finds the tool whose name's object a question says in the middle of a task", () => {
    assert.deepEqual(find('Can I know the weather there?', ['hotels_1_search_hotel']), ['weather_1_get_weather']);
    assert.deepEqual(find('Any fun attractions around there for kids?', ['hotels_1_reserve_hotel']), [
      'travel_1_find_attractions',
    ]);
  });

  it('finds nothing before any call, for a statement, or for a word the names share as their action', () => {
    assert.deepEqual(find('Can I know the weather there?', []), [], 'no task under way: small talk may name a topic');
    assert.deepEqual(find('We loved the weather there last spring.', ['hotels_1_search_hotel']), [], 'a statement');
    assert.deepEqual(
      find('Could you find something for the evening?', ['hotels_1_search_hotel']),
      [],
      '"find" is an action, though only two names hold it',
    );
  });

  it('finds nothing while the task is at a desk of one domain (its users mention other topics on the way)', () => {
    const hotelDesk = new Map([['hotels', 1], ['weather', 0.3]]);
    assert.deepEqual(find('Can I know the weather there?', ['hotels_1_search_hotel'], hotelDesk), []);
    assert.deepEqual(
      find('Can I know the weather there?', ['events_1_find_events'], hotelDesk),
      ['weather_1_get_weather'],
      'a task outside the desk still moves',
    );
  });
});
