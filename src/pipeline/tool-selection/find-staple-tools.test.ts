import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  findDomainStaples,
  findStapleTools,
  listLateTools,
  STAPLE_MIN_CONVERSATIONS,
  STAPLES_MAX,
} from './find-staple-tools.ts';

const domain = (name: string) => name !== 'help';
/** An airline desk's conversation: what it ran, and what it ran without having it offered at the turn's start. */
const desk = (late: string[], more: string[] = []) => ({ ran: [...late, ...more], late });

describe('findStapleTools', () => {
  it('offers what most conversations needed and lacked: the lookups users never name', () => {
    const conversations = [
      desk(['get_user_details', 'get_reservation_details'], ['cancel_reservation']),
      desk(['get_user_details', 'get_reservation_details'], ['update_reservation_flights']),
      desk(['get_reservation_details'], ['search_direct_flight', 'book_reservation']),
      desk(['get_user_details', 'get_reservation_details']),
      desk(['get_user_details'], ['book_reservation']),
      desk([], ['search_direct_flight']),
    ];
    assert.deepEqual(findStapleTools(conversations, domain), ['get_reservation_details', 'get_user_details']);
  });

  it('learns nothing before enough conversations ran a domain tool (those that ran none do not count)', () => {
    const every = Array.from({ length: STAPLE_MIN_CONVERSATIONS - 1 }, () => desk(['get_user_details']));
    assert.deepEqual(findStapleTools(every, domain), []);
    assert.deepEqual(findStapleTools([...every, { ran: [], late: [] }, { ran: [], late: [] }], domain), []);
    assert.deepEqual(findStapleTools([...every, desk(['get_user_details'])], domain), ['get_user_details']);
  });

  it('needs more than half: a tool half the conversations lacked is no staple', () => {
    const conversations = [
      ...Array.from({ length: 3 }, () => desk(['weather_1_get_weather'])),
      ...Array.from({ length: 3 }, () => desk([], ['restaurants_1_find_restaurants'])),
    ];
    assert.deepEqual(findStapleTools(conversations, domain), []);
    assert.deepEqual(findStapleTools([...conversations, desk(['weather_1_get_weather'])], domain), [
      'weather_1_get_weather',
    ]);
  });

  it('never learns a tool the users name, however many conversations run it', () => {
    const named = Array.from({ length: 10 }, () => desk([], ['restaurants_1_find_restaurants']));
    assert.deepEqual(findStapleTools(named, domain), []);
  });

  it('keeps at most three, most conversations first and ties by name, and only domain tools', () => {
    const all = ['help', 'zeta', 'alpha', 'beta', 'gamma'];
    const conversations = [
      ...Array.from({ length: 5 }, () => desk(all)),
      desk(['zeta', 'alpha', 'beta']),
    ];
    const staples = findStapleTools(conversations, domain);
    assert.equal(staples.length, STAPLES_MAX);
    assert.deepEqual(staples, ['alpha', 'beta', 'zeta'], 'in all six first, by name; gamma in five comes after');
  });

  it('counts a conversation once, however often it ran the tool', () => {
    const twice = [desk(['get_user_details', 'get_user_details']), ...Array.from({ length: 5 }, () => desk([], ['x']))];
    assert.deepEqual(findStapleTools(twice, domain), []);
  });
});

describe('listLateTools', () => {
  it('counts a tool the list lacked at the turn start, or held only as a staple, and not one the selection offered', () => {
    assert.deepEqual(
      listLateTools(
        ['get_user_details', 'get_reservation_details', 'cancel_reservation'],
        ['cancel_reservation', 'get_reservation_details'],
        ['get_reservation_details'],
      ),
      ['get_user_details', 'get_reservation_details'],
    );
    assert.deepEqual(listLateTools([], ['a'], ['a']), []);
  });
});

describe('findDomainStaples', () => {
  const domains = new Map([
    ['cd', ['files']],
    ['mv', ['files']],
    ['ls', ['files']],
    ['startEngine', ['vehicle']],
    ['pressBrakePedal', ['vehicle']],
    ['post_tweet', ['twitter']],
  ]);
  const domainsOf = (name: string) => domains.get(name) ?? [];
  const trip = (late: string[], more: string[]) => ({ ran: [...late, ...more], late });

  it("learns each domain's step from the conversations that went there, though the deployment's share is lower", () => {
    const conversations = [
      ...Array.from({ length: 5 }, () => trip(['cd'], ['mv'])),
      trip([], ['ls']),
      ...Array.from({ length: 6 }, () => trip([], ['startEngine', 'post_tweet'])),
    ];
    assert.deepEqual(findStapleTools(conversations, domain), [], '5 of 12: no staple of the whole deployment');
    assert.deepEqual([...findDomainStaples(conversations, domainsOf, domain)], [['files', ['cd']]]);
  });

  it("needs more than half of the domain's conversations, and enough of them", () => {
    const few = Array.from({ length: 4 }, () => trip(['pressBrakePedal'], ['startEngine']));
    assert.deepEqual([...findDomainStaples(few, domainsOf, domain)], []);
    const half = [...few, ...Array.from({ length: 4 }, () => trip([], ['startEngine']))];
    assert.deepEqual([...findDomainStaples(half, domainsOf, domain)], []);
    assert.deepEqual([...findDomainStaples([...half, trip(['pressBrakePedal'], [])], domainsOf, domain)], [
      ['vehicle', ['pressBrakePedal']],
    ]);
  });
});
