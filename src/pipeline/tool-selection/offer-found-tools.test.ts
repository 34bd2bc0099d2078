import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offerFoundTools } from './offer-found-tools.ts';
import { TOOLS_IN_USE_MAX } from './plan-tool-list.ts';

describe('offerFoundTools', () => {
  const offered = ['displayCarStatus', 'lockDoors'];

  it('adds the tools found after the offered ones, and the best one’s learned partners right after it', () => {
    assert.deepEqual(
      offerFoundTools({ offered, found: ['startEngine', 'fillFuelTank'], inUse: [], maxTools: 5 }),
      ['displayCarStatus', 'lockDoors', 'startEngine', 'fillFuelTank'],
    );
    assert.deepEqual(
      offerFoundTools({
        offered,
        found: ['startEngine', 'fillFuelTank'],
        inUse: [],
        maxTools: 5,
        learned: ['pressBrakePedal', 'lockDoors'],
      }),
      ['displayCarStatus', 'lockDoors', 'startEngine', 'pressBrakePedal', 'fillFuelTank'],
    );
  });

  it('counts the learned partners among the maxTools added, and changes nothing when all are offered', () => {
    const found = ['startEngine', 'fillFuelTank', 'check_tire_pressure'];
    assert.deepEqual(
      offerFoundTools({ offered: [], found, inUse: [], maxTools: 3, learned: ['pressBrakePedal'] }),
      ['startEngine', 'pressBrakePedal', 'fillFuelTank'],
    );
    const all = ['startEngine', 'pressBrakePedal'];
    assert.equal(offerFoundTools({ offered: all, found: ['startEngine'], inUse: [], maxTools: 5, learned: all }), all);
  });

  it('adds the tools found after the offered ones (a search never takes away a task half done, nor moves them)', () => {
    assert.deepEqual(
      offerFoundTools({
        offered: ['create_note', 'list_notes', 'send_message'],
        found: ['search_flights', 'book_flight'],
        inUse: ['list_notes', 'get_booking'],
        maxTools: 5,
      }),
      ['create_note', 'list_notes', 'send_message', 'search_flights', 'book_flight'],
    );
  });
  it('leaves the list as it is (same array) when every tool found is already offered', () => {
    const offered = ['book_flight', 'search_flights'];
    assert.equal(offerFoundTools({ offered, found: ['search_flights'], inUse: [], maxTools: 5 }), offered);
  });
  it('keeps at most maxTools found tools; past maxTools + TOOLS_IN_USE_MAX the least recently used go', () => {
    const offered = Array.from({ length: TOOLS_IN_USE_MAX + 3 }, (_, at) => `tool_${String(at).padStart(2, '0')}`);
    const next = offerFoundTools({
      offered,
      found: ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'],
      inUse: [...offered].reverse(),
      maxTools: 5,
    });
    assert.equal(next.length, 5 + TOOLS_IN_USE_MAX);
    assert.ok(['f1', 'f2', 'f3', 'f4', 'f5'].every((name) => next.includes(name)) && !next.includes('f6'));
    assert.deepEqual(offered.filter((name) => !next.includes(name)), offered.slice(0, 3), 'the least recently used go');
    assert.deepEqual(
      next.slice(0, TOOLS_IN_USE_MAX),
      offered.slice(3),
      'the offered tools that stay keep their places',
    );
  });
});
