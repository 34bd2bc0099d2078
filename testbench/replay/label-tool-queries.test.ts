import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { labelToolQueries } from './label-tool-queries.ts';
import { createMissedToolConversation, createWeatherConversation } from './replay-fixtures.test-support.ts';

describe('labelToolQueries', () => {
  it('labels each user turn whose recorded answer called tools, with the distinct tools, the turns and calls before it', () => {
    assert.deepEqual(labelToolQueries(createWeatherConversation()), [
      { query: 'Weather in Paris and Rome?', gold: ['get_weather'] },
      {
        query: 'Where is Rome exactly?',
        gold: ['lookup_city'],
        previous: ['Weather in Paris and Rome?'],
        called: ['get_weather'],
      },
      {
        query: 'And the weather in Rome now?',
        gold: ['get_weather'],
        previous: ['Weather in Paris and Rome?', 'Where is Rome exactly?', 'Thanks!'],
        called: ['lookup_city', 'get_weather'],
      },
    ]);
  });

  it('leaves the standard tools out of the earlier calls too', () => {
    const queries = labelToolQueries(createWeatherConversation(), (name) => name === 'lookup_city');
    assert.deepEqual(queries.map((query) => query.called), [undefined, ['get_weather']]);
  });

  it('leaves out the standard tools (always offered) and turns that called nothing else', () => {
    const queries = labelToolQueries(createMissedToolConversation(), (name) => name === 'get_weather');
    assert.deepEqual(queries, []);
  });
});
