// The simulator's record of every request and response, so tests assert on the exact body a client sent.
import type { StreamEvent } from './event-stream.ts';
import type { Operation, Usage } from './types.ts';

export type LogEntry = {
  readonly requestId: string;
  /** Simulated clock time the request was served at. */
  readonly at: number;
  readonly operation: Operation | 'unknown';
  /** Percent-decoded model id from the path ('' for unknown routes). */
  readonly modelId: string;
  readonly method: string;
  readonly path: string;
  /** The request body parsed from JSON exactly as received (the raw text when it was not JSON). */
  readonly request: unknown;
  readonly status: number;
  /** JSON response body (success or `{ message }`); absent for streams. */
  readonly response?: unknown;
  /** ConverseStream events as sent (including an exception frame, excluding events dropped by a stream cut). */
  readonly events?: readonly StreamEvent[];
  readonly usage?: Usage;
};

export type RequestLog = {
  entries(): readonly LogEntry[];
  last(): LogEntry | undefined;
  clear(): void;
  /** Internal: appends an entry, dropping the oldest past the bound. */
  record(entry: LogEntry): void;
};

/** Keeps the newest `maxEntries` (default 10,000) entries. */
export function createRequestLog(maxEntries = 10_000): RequestLog {
  const entries: LogEntry[] = [];
  return {
    entries: () => [...entries],
    last: () => entries[entries.length - 1],
    clear: () => {
      entries.length = 0;
    },
    record(entry) {
      entries.push(entry);
      if (entries.length > maxEntries) entries.splice(0, entries.length - maxEntries);
    },
  };
}
