import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseConfig } from '../config/parse-config.ts';
import { AppError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { createLibsqlRetentionStore, createLibsqlStore } from '../store/create-libsql-store.ts';
import { createMigratedDatabase } from '../store/test-support/temp-database.ts';
import { createCleanup, startCleanupTimer } from './run-cleanup.ts';

function retentionFrom(env: Record<string, string>) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config.retention;
}

describe('createCleanup', () => {
  it('purges with the configured policy and logs the counts', async () => {
    const migrated = await createMigratedDatabase();
    try {
      const store = createLibsqlStore({ database: migrated.database, clock: () => new Date('2026-01-01T00:00:00Z') });
      const { id } = await store.createConversation({ ownerId: 'alice' });
      await store.beginIdempotency({ ownerId: 'alice', conversationId: id, key: 'k', requestHash: 'h' });
      const lines: string[] = [];
      const cleanUp = createCleanup({
        store: createLibsqlRetentionStore({ database: migrated.database }),
        retention: retentionFrom({ IDEMPOTENCY_TTL_HOURS: '2' }),
        logger: createLogger({ write: (line) => lines.push(line) }),
        ready: () => Promise.resolve(),
        clock: () => new Date('2026-01-01T03:00:00Z'),
      });
      assert.deepEqual(await cleanUp(), {
        idempotencyKeys: 1,
        toolResultMessages: 0,
        usageLedgerRows: 0,
        userUsageRowsFolded: 0,
      });
      const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
      assert.equal(line['event'], 'retention_cleanup');
      assert.equal(line['idempotencyKeys'], 1);
    } finally {
      await migrated.cleanup();
    }
  });

  it('never throws: a failure is logged by its code and the next run tries again', async () => {
    const migrated = await createMigratedDatabase();
    try {
      const lines: string[] = [];
      let attempts = 0;
      const cleanUp = createCleanup({
        store: createLibsqlRetentionStore({ database: migrated.database }),
        retention: retentionFrom({}),
        logger: createLogger({ write: (line) => lines.push(line) }),
        ready: () =>
          (attempts += 1) === 1 ? Promise.reject(new AppError('store_busy', 'database is locked')) : Promise.resolve(),
      });
      assert.equal(await cleanUp(), null);
      assert.deepEqual(JSON.parse(lines[0] ?? '{}'), {
        ...JSON.parse(lines[0] ?? '{}'),
        level: 'warn',
        event: 'retention_cleanup_failed',
        reason: 'store_busy',
      });
      assert.notEqual(await cleanUp(), null);
    } finally {
      await migrated.cleanup();
    }
  });
});

describe('startCleanupTimer', () => {
  it('runs on its interval, one run at a time, and not after stop', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const timer = startCleanupTimer(async () => {
      runs += 1;
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await sleep(5);
      concurrent -= 1;
      return null;
    }, { intervalMs: 1, firstDelayMs: 0 });
    while (runs < 3) await sleep(2);
    await timer.stop();
    const atStop = runs;
    await sleep(30);
    assert.equal(runs, atStop, 'no run after stop');
    assert.equal(concurrent, 0, 'stop waited for the run in progress');
    assert.equal(maxConcurrent, 1);
  });
});
