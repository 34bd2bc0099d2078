// Helpers for tests that start a real server: a free loopback port, and a server's JSON log lines parsed.
import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (the probe server that found it is closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(
        () => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))),
      );
    });
  });
}

/** One parsed object per JSON log line. */
export function parseLogLines(lines: readonly string[]): Record<string, unknown>[] {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}
