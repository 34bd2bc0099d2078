import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolContext } from '../../src/tools/tool-handler.ts';
import { createRecordedToolHandlers } from './create-recorded-tool-handlers.ts';
import { createWeatherConversation } from './replay-fixtures.test-support.ts';

const CONTEXT = {} as ToolContext;

describe('createRecordedToolHandlers', () => {
  it('answers each tool from its own queue in recorded order, whatever the input, then with an error', async () => {
    const times: string[] = [];
    const recorded = createRecordedToolHandlers({
      conversation: createWeatherConversation(),
      toolNames: ['help'],
      onAnswer: (at) => times.push(new Date(at).toISOString()),
    });
    const weather = recorded.handlers.get('get_weather');
    assert.ok(weather !== undefined, 'get_weather has a handler');
    assert.deepEqual(await weather({ city: 'anything' }, CONTEXT), { status: 'error', text: 'Error: station offline' });
    assert.deepEqual(await weather({}, CONTEXT), { status: 'success', text: '{"tempC":25,"station":"Roma Urbe"}' });
    assert.equal(recorded.unusedOutputs(), 2);
    assert.deepEqual(await weather({}, CONTEXT), { status: 'success', text: '{"tempC":27,"station":"Roma Urbe"}' });
    const past = await weather({}, CONTEXT);
    assert.equal(past.status, 'error');
    assert.match(past.text, /no recorded output is left/);
    assert.equal(recorded.unmatchedCalls(), 1);
    assert.equal((await recorded.handlers.get('help')?.({}, CONTEXT))?.status, 'error');
    assert.deepEqual(times, ['2024-05-15T20:00:03.610Z', '2024-05-15T20:00:03.610Z', '2024-05-15T20:42:02.300Z']);
  });

  it('drops the output of a call the model could not make, and at the end of an exchange the outputs never asked for', async () => {
    const recorded = createRecordedToolHandlers({ conversation: createWeatherConversation() });
    const weather = recorded.handlers.get('get_weather');
    assert.ok(weather !== undefined);
    // Exchange 0 recorded two get_weather calls: the first was missed (skipped), the second was made.
    recorded.skip('get_weather');
    assert.deepEqual(await weather({}, CONTEXT), { status: 'success', text: '{"tempC":25,"station":"Roma Urbe"}' });
    assert.equal(recorded.settle(['get_weather', 'get_weather']), 0, 'both outputs of the exchange were taken');
    // Exchange 1 recorded lookup_city, which the turn never ran (it stopped at the step cap).
    assert.equal(recorded.settle(['lookup_city']), 1);
    // Exchange 3 gets its own output, not an earlier one.
    assert.deepEqual(await weather({}, CONTEXT), { status: 'success', text: '{"tempC":27,"station":"Roma Urbe"}' });
    assert.equal(recorded.unusedOutputs(), 0);
    assert.equal(recorded.unmatchedCalls(), 0);
  });
});
