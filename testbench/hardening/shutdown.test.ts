// Shutdown during a turn, over the real port: the server waits for the running turn, then fails it cleanly (503
// shutting_down to the client still listening), with its usage recorded and its lock and key freed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startHardenedServer } from './start-hardened-server.ts';
import { createTurnProbe } from './turn-probe.ts';

describe('shutdown during a turn', () => {
  it('answers 503 shutting_down within the drain timeout and leaves the turn failed, its lock and key free', async () => {
    const server = await startHardenedServer();
    try {
      const probe = await createTurnProbe(server, 'shutdown-user');
      const conversationId = await probe.createConversation();
      const token = await server.token('shutdown-user');
      // Every Bedrock answer now takes 5 s: longer than the server's 1 s drain.
      server.simulator.simulator.faults.latencyMs = 5_000;
      const answer = server.call('POST', `/v1/conversations/${conversationId}/messages`, {
        token,
        body: { text: 'Add a task to renew my passport by Friday' },
        headers: { 'idempotency-key': 'shutdown-1' },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      await server.restart();
      const reply = await answer;
      assert.equal(reply.status, 503, reply.text);
      assert.equal((reply.body as { error: { code: string } }).error.code, 'shutting_down');
      assert.ok(Date.now() - started < 5_000, 'the drain did not wait for the model');
      const turns = await server.query('SELECT status, error_code FROM turns WHERE conversation_id = ?', [
        conversationId,
      ]);
      assert.deepEqual(turns.map((row) => `${row['status']}:${row['error_code']}`), ['failed:shutting_down']);
      const locks = await server.query('SELECT turn_lock_owner FROM conversations WHERE id = ?', [conversationId]);
      assert.equal(locks[0]?.['turn_lock_owner'], null, 'the lock was released');
      const keys = await server.query('SELECT COUNT(*) AS n FROM idempotency_keys WHERE conversation_id = ?', [
        conversationId,
      ]);
      assert.equal(Number(keys[0]?.['n']), 0, 'the key was freed for the retry');
      server.simulator.simulator.faults.latencyMs = 0;
      const retried = await probe.send(conversationId, 'Add a task to renew my passport by Friday');
      assert.equal(retried.status, 200, retried.text);
    } finally {
      server.simulator.simulator.faults.latencyMs = 0;
      await server.close();
    }
  });
});
