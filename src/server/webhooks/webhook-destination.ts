import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './webhook-addresses';

/** An address a host name resolved to, as dns.lookup answers it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name (dns.lookup with `all`); tests give their own. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) => lookup(hostname, { all: true });

/** Host names a local run may send plain-http webhooks to (WEBHOOKS_ALLOW_HTTP=1). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

export type RefusedUrlCode =
  | 'webhook.url_invalid'
  | 'webhook.url_https_required'
  | 'webhook.url_unresolved'
  | 'webhook.url_private';

/** Why a URL may not receive webhooks; `detail` is for the delivery log and the server's log. */
export class RefusedWebhookUrl extends Error {
  constructor(
    readonly code: RefusedUrlCode,
    detail: string,
  ) {
    super(detail);
  }
}

export interface DestinationRules {
  /** WEBHOOKS_ALLOW_HTTP=1: http://localhost and http://127.0.0.1 (any port) are allowed. */
  allowHttp: boolean;
  resolve?: ResolveHost;
}

export interface WebhookDestination {
  url: URL;
  /** The checked addresses: the only ones a send may connect to (no second DNS answer). */
  addresses: ResolvedAddress[];
}

/**
 * Checks where a webhook URL leads (docs/decisions/0021-shippers-api.md, "Where a webhook may
 * go"): https only (plain http to this machine under WEBHOOKS_ALLOW_HTTP=1), and every address
 * the host resolves to must be public. Run when an endpoint is saved and again before each send,
 * whose connection then uses the addresses checked here, so a DNS answer that changes in between
 * (DNS rebinding) reaches nothing it was not allowed to.
 */
export async function checkWebhookDestination(
  rawUrl: string,
  rules: DestinationRules,
): Promise<WebhookDestination> {
  if (!URL.canParse(rawUrl)) throw new RefusedWebhookUrl('webhook.url_invalid', 'not a URL');
  const url = new URL(rawUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = rules.allowHttp && LOCAL_HOSTS.has(hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new RefusedWebhookUrl('webhook.url_https_required', `${url.protocol} is not https`);
  }
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await (rules.resolve ?? resolveWithDns)(hostname);
    } catch {
      throw new RefusedWebhookUrl('webhook.url_unresolved', `${hostname} could not be resolved`);
    }
    if (addresses.length === 0) {
      throw new RefusedWebhookUrl('webhook.url_unresolved', `${hostname} has no address`);
    }
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === 'public' || (local && kind === 'loopback')) continue;
    throw new RefusedWebhookUrl(
      'webhook.url_private',
      `${hostname} resolves to ${address} (${kind}), which webhooks may not reach`,
    );
  }
  return { url, addresses };
}
