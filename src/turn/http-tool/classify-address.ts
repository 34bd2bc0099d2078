// Tells public internet addresses from loopback, private, link-local and other non-public ones (IPv4 and IPv6).

/** IPv4 ranges that are not the public internet (RFC 6890 and friends): [first octets as a number, prefix length]. */
const PRIVATE_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** Hostnames that name this machine whatever DNS says. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function isPrivateIpv4(address: number): boolean {
  return PRIVATE_IPV4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor((parseIpv4(base) as number) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (`::` compression and a dotted IPv4 tail allowed), or undefined. */
function parseIpv6(text: string): number[] | undefined {
  let rest = text.replace(/%.*$/, ''); // zone index (fe80::1%eth0)
  const groups: number[] = [];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  let tailGroups: number[] = [];
  if (tail !== null) {
    const v4 = parseIpv4(tail[1] as string);
    if (v4 === undefined) return undefined;
    tailGroups = [Math.floor(v4 / 65_536), v4 % 65_536];
    rest = rest.slice(0, -(tail[1] as string).length);
    if (rest.endsWith(':') && !rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const read = (part: string | undefined): number[] | undefined => {
    if (part === undefined || part === '') return [];
    const fields = part.split(':');
    if (!fields.every((field) => /^[0-9a-f]{1,4}$/i.test(field))) return undefined;
    return fields.map((field) => parseInt(field, 16));
  };
  const head = read(halves[0]);
  const after = read(halves[1]);
  if (head === undefined || after === undefined) return undefined;
  const known = head.length + after.length + tailGroups.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  groups.push(...head, ...new Array<number>(8 - known).fill(0), ...after, ...tailGroups);
  return groups;
}

function isPrivateIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65_536 + g7;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0xffff || g5 === 0) return g5 === 0 && g6 === 0 ? true : isPrivateIpv4(embeddedV4); // ::, ::1, ::ffff:v4, ::v4
  }
  if (g0 === 0x64 && g1 === 0xff9b) return isPrivateIpv4(embeddedV4); // NAT64
  if (g0 === 0x2002) return isPrivateIpv4(g1 * 65_536 + g2); // 6to4 carries the IPv4 address in groups 1-2
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  return false;
}

export type AddressKind = 'public' | 'private' | 'not-an-address';

/**
 * Classifies an IP literal as the URL parser or a resolver writes it (IPv6 with or without brackets). Loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved and documentation ranges, and IPv6 forms that embed
 * such an IPv4 address (mapped, NAT64, 6to4), all count as private.
 */
export function classifyAddress(text: string): AddressKind {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4 !== undefined) return isPrivateIpv4(v4) ? 'private' : 'public';
  if (!bare.includes(':')) return 'not-an-address';
  const v6 = parseIpv6(bare);
  if (v6 === undefined) return 'not-an-address';
  return isPrivateIpv6(v6) ? 'private' : 'public';
}
