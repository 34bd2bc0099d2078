import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offerFoundTools } from './offer-found-tools.ts';

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
});
