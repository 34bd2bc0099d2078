import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findDomainsNamedIn, findNamedDomains } from './find-named-domains.ts';

const DOMAINS = ['notes', 'tasks', 'reading', 'TicketAPI', 'GorillaFileSystem', 'TravelAPI'];
const named = (text: string, tool: string) => [...findNamedDomains(text, DOMAINS, tool)].sort();

describe('findNamedDomains', () => {
  it('finds a tag that both the message and the tool name use, singular or plural, in any case', () => {
    assert.deepEqual(named('Add a NOTE: the wifi password is hunter2', 'create_note'), ['notes']);
    assert.deepEqual(named('what is on my reading list?', 'list_reading_items'), ['reading']);
    assert.deepEqual(named('close my support tickets', 'closeTicket'), ['TicketAPI']);
    assert.deepEqual([...findNamedDomains('check on bus tickets, first', ['buses', 'events'], 'buy_bus_ticket')], [
      'buses',
    ]);
  });
  it('needs the word in the tool name too', () => {
    assert.deepEqual(named('I have travel insurance', 'purchase_insurance'), []);
    assert.deepEqual(named('copy the file', 'cp'), []);
  });
  it('ignores short tag words and messages that name no domain', () => {
    assert.deepEqual([...findNamedDomains('call the api', ['MathAPI'], 'api_call')], []);
    assert.deepEqual(named('yes, please go ahead', 'create_note'), []);
    assert.deepEqual([...findNamedDomains('a note', [], 'create_note')], []);
  });

  it('lists the domains a text names by a tag word, whatever tool they belong to (what instructions offer)', () => {
    const listed = findDomainsNamedIn('I keep your notes, your tasks and your travel plans. Be brief.', DOMAINS);
    assert.deepEqual([...listed].sort(), ['TravelAPI', 'notes', 'tasks']);
    assert.deepEqual([...findDomainsNamedIn('Be kind and brief.', DOMAINS)], []);
  });
});
