import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listRecordedCalls } from './list-recorded-calls.ts';
import { createWeatherConversation, WEATHER_SYSTEM, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';
import { createBaselineRunner } from './run-baselines.ts';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';

describe('createBaselineRunner', () => {
  it('measures each baseline on its own cache: (a) never reads, (b) and (c) read within the TTL and miss after it expired', async () => {
    const runner = createBaselineRunner({
      modelId: MODEL,
      system: WEATHER_SYSTEM,
      tools: WEATHER_TOOLS.map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: { json: tool.inputSchema },
      })),
    });
    const results = [];
    for (const call of listRecordedCalls(createWeatherConversation())) results.push(await runner.run(call));
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
});
