import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolUseBlock } from '../pipeline/types/index.ts';
import { watchRepeatedCalls } from './watch-repeated-calls.ts';

function use(name: string, input: Record<string, unknown>, id = `tooluse_${name}`): ToolUseBlock {
  return { type: 'tool_use', id, name, input };
}

describe('watchRepeatedCalls', () => {
  it('counts steps in a row that only repeat calls made before in the turn', () => {
    const watch = watchRepeatedCalls(new Set());
    const lookUp = use('get_reservation_details', { reservation_id: 'ZFA04Y' });
    assert.equal(watch.observe([lookUp]), 0);
    assert.equal(watch.observe([{ ...lookUp, id: 'tooluse_again' }]), 1);
    assert.equal(watch.observe([lookUp]), 2);
  });

  it('starts again at a step with any new call: reading many records one by one is work, not a loop', () => {
    const watch = watchRepeatedCalls(new Set());
    const ids = ['ZFA04Y', 'H9ZU1C', 'OBUT9V', 'XEHM4B', 'VA5SGQ', 'K1NW8N'];
    for (const id of ids) assert.equal(watch.observe([use('get_reservation_details', { reservation_id: id })]), 0);
    const first = use('get_reservation_details', { reservation_id: 'ZFA04Y' });
    assert.equal(watch.observe([first]), 1);
    assert.equal(watch.observe([first, use('get_user_details', { user_id: 'mia_li_3668' })]), 0);
  });

  it('tells inputs apart and ignores the calls it is told to', () => {
    const watch = watchRepeatedCalls(new Set(['find_tools']));
    assert.equal(watch.observe([use('search_flights', { origin: 'JFK', destination: 'SEA' })]), 0);
    assert.equal(watch.observe([use('search_flights', { origin: 'JFK', destination: 'LAX' })]), 0);
    assert.equal(watch.observe([use('find_tools', { query: 'book a flight' })]), 0);
    assert.equal(watch.observe([use('find_tools', { query: 'book a flight' })]), 0);
  });
});
