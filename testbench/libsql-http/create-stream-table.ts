// The open Hrana-over-HTTP streams: single-use batons, one request at a time per stream, expiry after idling.
import { randomBytes } from 'node:crypto';
import type { ConnectionGate } from './create-connection-gate.ts';
import type { SqlSession } from './create-sql-session.ts';
import { HranaProtocolError } from './hrana-error.ts';

/** One stream: its SQL session and its stored SQL texts (`store_sql`). */
export type HranaStream = {
  readonly session: SqlSession;
  readonly sqls: Map<number, string>;
  closed: boolean;
};

export type StreamTableOptions = {
  readonly createSession: () => SqlSession;
  /** Left by a stream when it closes or expires. */
  readonly gate: ConnectionGate;
  /** Idle time after which a stream is closed and its transaction rolled back (sqld: 10 s). */
  readonly idleTimeoutMs: number;
  /** Schedules an expiry and returns its cancel function; default setTimeout (unref'd). Tests pass a manual one. */
  readonly schedule?: (expire: () => void, delayMs: number) => () => void;
};

export type StreamTable = {
  /** The stream `baton` names (a new one for null), taken for one request; its baton is spent. */
  acquire(baton: string | null): HranaStream;
  /** Ends a request: a fresh baton for the next one, or null when the stream was closed. */
  release(stream: HranaStream): string | null;
  /** Closes the stream: rolls back its transaction and leaves the gate. Idempotent. */
  close(stream: HranaStream): Promise<void>;
  /** Closes every stream (server shutdown). */
  closeAll(): Promise<void>;
  /** Streams waiting for their next request. */
  idleCount(): number;
};

/** Remembered spent-by-expiry batons, so a late request hears "expired" rather than "invalid" (bounded). */
const EXPIRED_MEMORY = 1000;

/**
 * Batons are 32 random bytes (unguessable, never reused): each response carries a new one and the old one stops
 * working, which forces a client to send a stream's requests one after another, as the Hrana spec requires.
 * Unknown batons fail with HranaProtocolError 400 BATON_INVALID, expired ones with 500 STREAM_EXPIRED (as sqld).
 */
export function createStreamTable(options: StreamTableOptions): StreamTable {
  const idle = new Map<string, { readonly stream: HranaStream; readonly cancel: () => void }>();
  const schedule = options.schedule ?? scheduleWithTimer;
  const expired = new Set<string>();
  const busy = new Set<HranaStream>();

  const close = async (stream: HranaStream): Promise<void> => {
    if (stream.closed) return;
    stream.closed = true;
    await stream.session.close();
    options.gate.leave(stream);
  };

  const expire = (baton: string): void => {
    const entry = idle.get(baton);
    if (entry === undefined) return;
    idle.delete(baton);
    expired.add(baton);
    if (expired.size > EXPIRED_MEMORY) expired.delete(expired.values().next().value as string);
    void close(entry.stream);
  };

  return {
    acquire(baton) {
      if (baton === null) {
        const stream: HranaStream = { session: options.createSession(), sqls: new Map(), closed: false };
        busy.add(stream);
        return stream;
      }
      const entry = idle.get(baton);
      if (entry === undefined) {
        if (expired.has(baton)) {
          throw new HranaProtocolError('The stream has expired due to inactivity', 'STREAM_EXPIRED', 500);
        }
        throw new HranaProtocolError(
          'the baton is not valid: unknown, already used, or its stream is closed',
          'BATON_INVALID',
        );
      }
      idle.delete(baton);
      entry.cancel();
      busy.add(entry.stream);
      return entry.stream;
    },
    release(stream) {
      busy.delete(stream);
      if (stream.closed) return null;
      const baton = randomBytes(32).toString('base64url');
      idle.set(baton, { stream, cancel: schedule(() => expire(baton), options.idleTimeoutMs) });
      return baton;
    },
    close,
    async closeAll() {
      const streams = [...busy, ...[...idle.values()].map((entry) => entry.stream)];
      for (const { cancel } of idle.values()) cancel();
      idle.clear();
      busy.clear();
      for (const stream of streams) await close(stream);
    },
    idleCount: () => idle.size,
  };
}

function scheduleWithTimer(expire: () => void, delayMs: number): () => void {
  const timer = setTimeout(expire, delayMs);
  timer.unref?.();
  return () => clearTimeout(timer);
}
