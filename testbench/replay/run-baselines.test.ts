import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { createWeatherConversation, WEATHER_SYSTEM, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';
import { createBaselineRunner } from './run-baselines.ts';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const WIRE_TOOLS = WEATHER_TOOLS.map((tool) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: { json: tool.inputSchema },
}));

describe('createBaselineRunner', () => {
  it('measures each baseline on its own cache: (a) never reads, (b) and (c) read within the TTL and miss after it expired', async () => {
    const runner = createBaselineRunner({ modelId: MODEL, tools: WIRE_TOOLS });
    const results = [];
    for (const call of listRecordedCalls(createWeatherConversation())) {
      results.push(await runner.run(call, WEATHER_SYSTEM));
    }
    assert.ok(
      results.every((result) => Object.values(result).every((one) => one.status === 200)),
      'every baseline call succeeds',
    );
    assert.deepEqual(results.map((result) => result.naive.usage.cacheReadInputTokens), [0, 0, 0, 0, 0, 0, 0]);
    // Call 5 comes 40 minutes after call 4: the 5-minute cache has expired; call 6 follows 2 s later.
    assert.deepEqual(results.map((result) => result['naive-cached'].usage.cacheReadInputTokens > 0), [
      false,
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    assert.deepEqual(results.map((result) => result['window-cached'].usage.cacheReadInputTokens > 0), [
      false,
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    for (const result of results) {
      assert.equal(result.naive.promptTokens, result.naive.usage.inputTokens);
      assert.equal(result['naive-cached'].promptTokens, result.naive.promptTokens);
    }
  });

  it('keeps each cache for the run: the next conversation reads the tools and system the last one cached, on a clock that never moves back', async () => {
    const runner = createBaselineRunner({ modelId: MODEL, tools: WIRE_TOOLS });
    const first = listRecordedCalls(createWeatherConversation('weather-1'));
    let lastAt = 0;
    for (const call of first) lastAt = (await runner.run(call, WEATHER_SYSTEM))['window-cached'].at;
    // Recorded at the same times as the first: measured after it, within the 5-minute TTL of its last call.
    const [next] = listRecordedCalls(createWeatherConversation('weather-2'));
    assert.ok(next !== undefined);
    const results = await runner.run(next, WEATHER_SYSTEM);
    assert.equal(results['window-cached'].at, lastAt);
    assert.ok(results['window-cached'].usage.cacheReadInputTokens > 0, 'the window baseline reads tools + system');
    assert.equal(results.naive.usage.cacheReadInputTokens, 0);
    // Another system prompt: (c) has no cache point between the tools and the system, so nothing matches.
    const [other] = listRecordedCalls(createWeatherConversation('weather-3'));
    assert.ok(other !== undefined);
    const otherResults = await runner.run(other, `${WEATHER_SYSTEM} Answer in French.`);
    assert.equal(otherResults['window-cached'].usage.cacheReadInputTokens, 0);
  });
});
