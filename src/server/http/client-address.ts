import { isIPv4, isIPv6 } from 'node:net';

/** How many leading bits of an IPv6 address name one client: a /64 is one home or one host. */
const IPV6_CLIENT_PREFIX_GROUPS = 4;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  if (rest === undefined) return first;
  const last = parse(rest);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/** A client's address read once: IPv4 as four octets (IPv4-mapped IPv6 included), else IPv6. */
export type ClientAddress =
  { version: 4; octets: readonly number[] } | { version: 6; groups: readonly number[] };

/** Undefined for anything that is not an address; an IPv6 zone (`%eth0`) is dropped. */
export function readClientAddress(address: string): ClientAddress | undefined {
  if (isIPv4(address)) return { version: 4, octets: address.split('.').map(Number) };
  if (!isIPv6(address)) return undefined;
  const groups = ipv6Groups(address.split('%')[0]!);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (!mapped) return { version: 6, groups };
  const [high, low] = [groups[6]!, groups[7]!];
  return { version: 4, octets: [high >> 8, high & 0xff, low >> 8, low & 0xff] };
}

/** The first `count` groups of an IPv6 address in hex, as a prefix's text begins. */
export const ipv6PrefixText = (groups: readonly number[], count: number) =>
  groups
    .slice(0, count)
    .map((group) => group.toString(16))
    .join(':');

/**
 * The key per-address limits count a client by (docs/decisions/0017-security-review.md,
 * "Addresses"): an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4 address, and
 * any other IPv6 address by its /64, since one subscriber is given a whole /64 and could
 * otherwise take a fresh address for every try.
 */
export function clientLimitKey(address: string): string {
  const client = readClientAddress(address);
  if (!client) return address;
  if (client.version === 4) return client.octets.join('.');
  return `${ipv6PrefixText(client.groups, IPV6_CLIENT_PREFIX_GROUPS)}::/64`;
}
