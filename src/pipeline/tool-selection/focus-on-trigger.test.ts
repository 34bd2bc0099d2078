import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { focusOnTrigger } from './focus-on-trigger.ts';

const DOMAINS: ReadonlyMap<string, readonly string[]> = new Map([
  ['search_hotel', ['hotels']],
  ['reserve_hotel', ['hotels']],
  ['cancel_hotel', ['hotels']],
  ['get_weather', ['weather']],
  ['find_events', ['events']],
]);
const view = {
  domainsOf: (name: string) => DOMAINS.get(name) ?? [],
  domainTools: (domain: string) => [...DOMAINS].filter(([, tags]) => tags.includes(domain)).map(([name]) => name),
};

describe('focusOnTrigger', () => {
  it("puts the trigger first at the top score, then its domain's ranked tools, the rest of its domain, then others", () => {
    const ranking = [
      { name: 'get_weather', score: 5 },
      { name: 'reserve_hotel', score: 3 },
      { name: 'find_events', score: 2 },
      { name: 'search_hotel', score: 1 },
    ];
    const focused = focusOnTrigger(view, ranking, 'search_hotel');
    assert.deepEqual(focused.ranking, [
      { name: 'search_hotel', score: 5 },
      { name: 'reserve_hotel', score: 3 },
      { name: 'cancel_hotel', score: 0 },
      { name: 'get_weather', score: 5 },
      { name: 'find_events', score: 2 },
    ]);
    assert.equal(focused.domainSize, 3);
  });
});
