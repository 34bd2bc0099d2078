import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBaselineMeasurer } from './measure-baselines.ts';
import { createWeatherConversation, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';

const OPTIONS = {
  modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  tools: WEATHER_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: { json: tool.inputSchema },
  })),
};

/** Two conversations recorded at the same times, measured one after the other as a run does. */
async function measureTwo(inWorkers: boolean) {
  const measurer = createBaselineMeasurer({ ...OPTIONS, inWorkers });
  let ticks = 0;
  try {
    const onProgress = () => (ticks += 1);
    const first = await measurer.measure(createWeatherConversation('weather-1'), onProgress);
    const second = await measurer.measure(createWeatherConversation('weather-2'), onProgress);
    return { first, second, ticks };
  } finally {
    await measurer.close();
  }
}

describe('createBaselineMeasurer', () => {
  it('gives the same figures in worker threads as in this thread, with one progress tick per request', async () => {
    const inThread = await measureTwo(false);
    const inWorkers = await measureTwo(true);
    assert.equal(inThread.first.length, 7);
    assert.deepEqual(inWorkers, inThread);
    assert.equal(inThread.ticks, 42);
  });

  it('keeps the caches for the run: the second conversation reads what the first cached', async () => {
    const { first, second } = await measureTwo(false);
    assert.equal(first[0]?.results['window-cached'].usage.cacheReadInputTokens, 0);
    assert.ok((second[0]?.results['window-cached'].usage.cacheReadInputTokens ?? 0) > 0);
    assert.ok((second[0]?.results['window-cached'].at ?? 0) >= (first.at(-1)?.results['window-cached'].at ?? 0));
  });

  it('refuses a conversation once closed, in this thread and in workers', async () => {
    for (const inWorkers of [false, true]) {
      const measurer = createBaselineMeasurer({ ...OPTIONS, inWorkers });
      await measurer.close();
      await assert.rejects(measurer.measure(createWeatherConversation('weather-1')), /closed/);
    }
  });

  it('measures one conversation at a time', async () => {
    const measurer = createBaselineMeasurer(OPTIONS);
    try {
      const running = measurer.measure(createWeatherConversation('weather-1'));
      await assert.rejects(measurer.measure(createWeatherConversation('weather-2')), /one conversation at a time/);
      assert.equal((await running).length, 7);
    } finally {
      await measurer.close();
    }
  });
});
