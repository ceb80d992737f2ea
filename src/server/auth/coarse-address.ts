import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { SessionOrigin } from '../users/accounts-service';

/** Longer user agents are cut: the list shows a browser and a system, not a history. */
const USER_AGENT_MAX_LENGTH = 512;

/** What a session made by this request records of where it came from. */
export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  return {
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH),
    addressPrefix: coarseAddress(request.ip),
  };
}

/**
 * The network a client's address belongs to, never the address itself
 * (docs/decisions/0015-second-factor-and-sessions.md): an IPv4 address's /24, an IPv6 address's
 * /48. Enough for the account's owner to tell "at the office" from "another city"; not enough to
 * point at one household. Undefined for anything that is not an address.
 */
export function coarseAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return undefined;
  const groups = expandIPv6(address);
  const prefix = groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
  return `${prefix}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, zone dropped and `::` filled in. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const toGroups = (part: string) => (part ? part.split(':') : []);
  const start = toGroups(head);
  const end = tail === undefined ? [] : toGroups(tail);
  const zeros = Array.from({ length: 8 - start.length - end.length }, () => '0');
  return [...start, ...zeros, ...end];
}
