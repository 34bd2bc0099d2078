import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inferNameDomains, readNameObjects } from './infer-name-domains.ts';
import type { ToolSpec } from './tool-spec.ts';

const spec = (name: string, tags: readonly string[] = []): ToolSpec => ({
  name,
  description: `Does ${name}.`,
  inputSchema: { type: 'object' },
  tags,
});

describe('readNameObjects', () => {
  it('keeps the words a name acts on, singular, without its verbs, linking words and numbers', () => {
    assert.deepEqual(readNameObjects('buy_movie_tickets'), ['movie', 'ticket']);
    assert.deepEqual(readNameObjects('get_times_for_movie'), ['time', 'movie']);
    assert.deepEqual(readNameObjects('getUserInfo'), ['user', 'info']);
    assert.deepEqual(readNameObjects('search_hotels2'), ['hotel']);
    assert.deepEqual(readNameObjects('check_address'), ['address'], 'a double s is no plural');
    assert.deepEqual(readNameObjects('get'), []);
  });
});

describe('inferNameDomains', () => {
  const catalogue = [
    'find_movies',
    'buy_movie_tickets',
    'play_movie',
    'find_bus',
    'buy_bus_ticket',
    'get_weather',
    'reserve_restaurant',
    'find_restaurants',
  ].map((name) => spec(name));

  it('puts the tools whose names share an object word in one domain: the first such word of each name', () => {
    const domains = inferNameDomains(catalogue);
    assert.equal(domains.get('find_movies'), 'movie');
    assert.equal(domains.get('buy_movie_tickets'), 'movie', 'the movie tickets go with the movies, not every ticket');
    assert.equal(domains.get('buy_bus_ticket'), 'bus');
    assert.equal(domains.get('reserve_restaurant'), 'restaurant');
    assert.equal(domains.get('find_restaurants'), 'restaurant');
    assert.equal(domains.has('get_weather'), false, 'a name that shares no word keeps no domain');
  });

  it('gives no domain by a word many of the names share, and none to a tagged tool', () => {
    const names = [
      'get_user_info',
      'get_invoice_info',
      'get_item_info',
      'get_store_info',
      'get_payment_info',
      'list_invoice_items',
      'update_user',
      'list_stores',
      'cancel_invoice',
    ];
    const domains = inferNameDomains([...names.map((name) => spec(name)), spec('get_stock_info', ['finance'])]);
    assert.equal(domains.get('get_user_info'), 'user', '"info" (5 of 9 names) is how these names are made');
    assert.equal(domains.get('get_invoice_info'), 'invoice');
    assert.equal(domains.get('list_invoice_items'), 'invoice');
    assert.equal(domains.get('get_item_info'), 'item');
    assert.equal(domains.get('list_stores'), 'store');
    assert.equal(domains.has('get_payment_info'), false, 'no other name says payment');
    assert.equal(domains.has('get_stock_info'), false, 'a tagged tool keeps its tag');
  });

  it('does not depend on the order of the catalogue', () => {
    assert.deepEqual(
      [...inferNameDomains(catalogue)].sort(),
      [...inferNameDomains([...catalogue].reverse())].sort(),
    );
  });
});
