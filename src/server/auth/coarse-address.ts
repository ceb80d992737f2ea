import type { FastifyRequest } from 'fastify';
import { ipv6PrefixText, readClientAddress } from '../http/client-address';
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
  const client = address ? readClientAddress(address) : undefined;
  if (!client) return undefined;
  if (client.version === 4) return `${client.octets.slice(0, 3).join('.')}.0/24`;
  return `${ipv6PrefixText(client.groups, 3)}::/48`;
}
