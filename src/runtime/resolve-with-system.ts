// Host-name resolution through the system resolver (node:dns, which Node and Deno both provide), for HTTP tools' checks.
import { lookup } from 'node:dns/promises';

/** Every address the system resolver gives for `hostname` (IPv4 and IPv6), as the connection would see them. */
export async function resolveWithSystem(hostname: string): Promise<readonly string[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}
