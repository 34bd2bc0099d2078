import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulatorProcess } from './start-simulator-process.ts';

const IS_DENO = 'Deno' in globalThis;

describe('startSimulatorProcess', { skip: IS_DENO ? 'Node only: the child runs through tsx' : false }, () => {
  it('serves the simulator from its own process on loopback and stops it on close', async () => {
    const simulator = await startSimulatorProcess();
    let closed = false;
    try {
      assert.match(simulator.url, /^http:\/\/127\.0\.0\.1:\d+$/, 'a loopback URL with the port actually bound');
      const log = await fetch(`${simulator.url}/_simulator/log`);
      assert.equal(log.status, 200, 'the control routes answer');
      const converse = await fetch(
        `${simulator.url}/model/${encodeURIComponent('us.anthropic.claude-haiku-4-5-20251001-v1:0')}/converse`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
          body: JSON.stringify({ messages: [{ role: 'user', content: [{ text: 'Hello' }] }] }),
        },
      );
      assert.equal(converse.status, 200, `Converse answers (${converse.status})`);
      const body = (await converse.json()) as { usage?: { inputTokens?: number } };
      assert.ok((body.usage?.inputTokens ?? 0) > 0, 'with usage figures');
      await simulator.close();
      closed = true;
      await simulator.close();
      await assert.rejects(fetch(`${simulator.url}/_simulator/log`), 'nothing listens after close');
    } finally {
      if (!closed) await simulator.close();
    }
  });

  it('fails with a clear error when the process does not listen in time', async () => {
    await assert.rejects(startSimulatorProcess({ startTimeoutMs: 1 }), (error: unknown) => {
      assert.match(
        String((error as Error).message),
        /the Bedrock simulator process did not listen within 1 ms; run `npm run simulator` to see why/,
      );
      return true;
    });
  });
});
