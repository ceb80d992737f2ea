import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of network an IP address belongs to, so that a webhook is never sent into the
 * server's own network (docs/decisions/0021-shippers-api.md, "Where a webhook may go"): a
 * merchant's URL that names, or resolves to, anything but a public address is refused.
 */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved';

interface Range {
  base: bigint;
  bits: number;
  kind: Exclude<AddressKind, 'public'>;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address, `::` and a dotted IPv4 tail included. */
function ipv6ToBigInt(address: string): bigint {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [
    ...headParts,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailParts,
  ];
  return parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n);
}

const v4 = (cidr: string, kind: Range['kind']): Range => {
  const [base, bits] = cidr.split('/') as [string, string];
  return { base: ipv4ToBigInt(base), bits: Number(bits), kind };
};
const v6 = (cidr: string, kind: Range['kind']): Range => {
  const [base, bits] = cidr.split('/') as [string, string];
  return { base: ipv6ToBigInt(base), bits: Number(bits), kind };
};

/** IANA's special-purpose IPv4 registry, the parts a webhook must not reach. */
const IPV4_RANGES: readonly Range[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'cgnat'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'reserved'),
  v4('203.0.113.0/24', 'reserved'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

const IPV6_RANGES: readonly Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'private'),
  v6('fc00::/7', 'unique-local'),
  v6('ff00::/8', 'multicast'),
  v6('100::/64', 'reserved'),
  v6('2001:db8::/32', 'reserved'),
];

/** IPv6 forms that carry an IPv4 address: the IPv4 address is the one reached. */
const IPV4_CARRIERS: ReadonlyArray<{ range: Range; v4Of: (value: bigint) => bigint }> = [
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated)
  { range: v6('::ffff:0:0/96', 'reserved'), v4Of: (value) => value & 0xffffffffn },
  { range: v6('::/96', 'reserved'), v4Of: (value) => value & 0xffffffffn },
  // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::)
  { range: v6('64:ff9b::/96', 'reserved'), v4Of: (value) => value & 0xffffffffn },
  { range: v6('2002::/16', 'reserved'), v4Of: (value) => (value >> 80n) & 0xffffffffn },
];

function inRange(value: bigint, range: Range, width: number): boolean {
  const shift = BigInt(width - range.bits);
  return value >> shift === range.base >> shift;
}

function classifyIpv4(value: bigint): AddressKind {
  return IPV4_RANGES.find((range) => inRange(value, range, 32))?.kind ?? 'public';
}

/** The kind of `address` (IPv4 or IPv6 text); anything that is not an IP address is 'reserved'. */
export function classifyAddress(address: string): AddressKind {
  if (isIPv4(address)) return classifyIpv4(ipv4ToBigInt(address));
  const bare = address.replace(/^\[|\]$/g, '');
  if (!isIPv6(bare)) return 'reserved';
  const value = ipv6ToBigInt(bare);
  const exact = IPV6_RANGES.find((range) => range.bits === 128 && value === range.base);
  if (exact) return exact.kind;
  const carrier = IPV4_CARRIERS.find(({ range }) => inRange(value, range, 128));
  if (carrier) return classifyIpv4(carrier.v4Of(value));
  return IPV6_RANGES.find((range) => inRange(value, range, 128))?.kind ?? 'public';
}
