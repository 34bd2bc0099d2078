import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createConnectionGate } from './create-connection-gate.ts';
import type { SqlSession } from './create-sql-session.ts';
import { createStreamTable } from './create-stream-table.ts';
import { HranaProtocolError } from './hrana-error.ts';

function fakeSession(log: string[]): SqlSession {
  return {
    execute: () => Promise.reject(new Error('not used')),
    executeMultiple: () => Promise.reject(new Error('not used')),
    isAutocommit: () => false,
    close: async () => {
      log.push('rolled back');
    },
  };
}

/** A table whose expiry timers fire only when the test says so. */
function createManualTable() {
  const timers: { expire: () => void; cancelled: boolean }[] = [];
  const log: string[] = [];
  const gate = createConnectionGate();
  const table = createStreamTable({
    createSession: () => fakeSession(log),
    gate,
    idleTimeoutMs: 10_000,
    schedule: (expire) => {
      const timer = { expire, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  return { table, timers, log, gate };
}

const withCode = (code: string, status: number) => (error: unknown) =>
  error instanceof HranaProtocolError && error.code === code && error.status === status;

describe('createStreamTable', () => {
  it('spends each baton: the next request needs the new one', () => {
    const { table } = createManualTable();
    const stream = table.acquire(null);
    const first = table.release(stream) as string;
    assert.equal(table.acquire(first), stream);
    const second = table.release(stream) as string;
    assert.notEqual(second, first);
    assert.throws(() => table.acquire(first), withCode('BATON_INVALID', 400));
    assert.throws(() => table.acquire('forged'), withCode('BATON_INVALID', 400));
  });

  it('expires an idle stream: rolls it back, frees the gate, and says "expired" to a late request', async () => {
    const { table, timers, log, gate } = createManualTable();
    const stream = table.acquire(null);
    await gate.enter(stream);
    const baton = table.release(stream) as string;
    const waiting = gate.enter({});
    timers[0]?.expire();
    await waiting;
    assert.deepEqual([log, stream.closed, table.idleCount()], [['rolled back'], true, 0]);
    assert.throws(() => table.acquire(baton), withCode('STREAM_EXPIRED', 500));
  });

  it('cancels the expiry of a stream that is used again, and gives no baton once closed', async () => {
    const { table, timers, log } = createManualTable();
    const stream = table.acquire(null);
    table.acquire(table.release(stream) as string);
    assert.equal(timers[0]?.cancelled, true);
    await table.close(stream);
    await table.close(stream);
    assert.deepEqual([table.release(stream), log], [null, ['rolled back']]);
  });

  it('closes every stream on closeAll', async () => {
    const { table, log } = createManualTable();
    table.release(table.acquire(null));
    table.acquire(null);
    await table.closeAll();
    assert.deepEqual([log.length, table.idleCount()], [2, 0]);
  });
});
