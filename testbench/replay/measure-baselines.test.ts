import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureBaselines } from './measure-baselines.ts';
import { createWeatherConversation, WEATHER_TOOLS } from './replay-fixtures.test-support.ts';

const OPTIONS = {
  conversation: createWeatherConversation(),
  modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  tools: WEATHER_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: { json: tool.inputSchema },
  })),
};

describe('measureBaselines', () => {
  it('gives the same figures in worker threads as in this thread, with one progress tick per request', async () => {
    let inThreadTicks = 0;
    let workerTicks = 0;
    const inThread = await measureBaselines({ ...OPTIONS, onProgress: () => (inThreadTicks += 1) });
    const inWorkers = await measureBaselines({ ...OPTIONS, inWorkers: true, onProgress: () => (workerTicks += 1) });
    assert.equal(inThread.length, 7);
    assert.deepEqual(inWorkers, inThread);
    assert.deepEqual([inThreadTicks, workerTicks], [21, 21]);
  });
});
