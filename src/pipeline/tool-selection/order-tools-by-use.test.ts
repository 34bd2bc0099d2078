import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orderToolsByUse } from './order-tools-by-use.ts';

describe('orderToolsByUse', () => {
  it('puts the tools called this turn first, then the earlier order, then tools added and not called', () => {
    assert.deepEqual(
      orderToolsByUse({
        offered: ['book_flight', 'get_booking', 'search_flights', 'cancel_booking', 'get_weather'],
        previousOrder: ['get_booking', 'search_flights', 'book_flight', 'get_forecast'],
        calledThisTurn: ['book_flight', 'get_weather_history'],
      }),
      ['book_flight', 'get_booking', 'search_flights', 'cancel_booking', 'get_weather'],
    );
  });
  it('keeps the order of a turn that called nothing (no write for nothing)', () => {
    const previousOrder = ['b', 'a', 'c'];
    assert.deepEqual(orderToolsByUse({ offered: ['a', 'b', 'c'], previousOrder, calledThisTurn: [] }), previousOrder);
  });
});
