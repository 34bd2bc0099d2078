// Refuses a tool URL that points at this machine or a private network, unless the manifest opted in for the tool.
import { classifyAddress, isLocalHostname } from './classify-address.ts';

/** Resolves a hostname to its IP addresses (Node and Deno: the system resolver); absent where a runtime has none. */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

export type DestinationCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * A URL is refused when its host is `localhost` (or `*.localhost`), a loopback/private/link-local IP literal, or a
 * name the resolver maps to any such address. Without a resolver (Workers) only the literal checks run; a name that
 * cannot be resolved is refused too, since the fetch would fail anyway. Never throws.
 */
export async function checkDestination(
  url: URL,
  options: { readonly allowPrivateNetwork: boolean; readonly resolveHost?: HostResolver | undefined },
): Promise<DestinationCheck> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `only http and https URLs are called, not ${url.protocol}` };
  }
  if (options.allowPrivateNetwork) return { ok: true };
  const refused = { ok: false, reason: 'its address is loopback or private, and the manifest does not allow that' };
  const host = url.hostname;
  if (isLocalHostname(host)) return refused;
  const kind = classifyAddress(host);
  if (kind === 'private') return refused;
  if (kind === 'public' || options.resolveHost === undefined) return { ok: true };
  let addresses: readonly string[];
  try {
    addresses = await options.resolveHost(host);
  } catch {
    return { ok: false, reason: 'its host name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'its host name does not resolve' };
  return addresses.some((address) => classifyAddress(address) !== 'public') ? refused : { ok: true };
}
