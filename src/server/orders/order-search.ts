import { findCitiesContaining } from '#shared/cities';

/**
 * What an admin's search text can mean, each turned into a condition an index answers
 * (pg_trgm is not available everywhere, so no condition may need a full scan of the orders):
 * the start of an order id, the start of a tracking number, a city, or part of a customer's
 * name or email (customers are few next to orders, so scanning them is cheap).
 */
export interface OrderSearch {
  /** Lowest and highest uuid that start with the text, when it can start a uuid. */
  idRange?: readonly [string, string];
  /** Tracking-number prefixes the text can be (typed with or without `MA-` and dashes). */
  trackingPrefixes: string[];
  /** Cities of the built-in list whose name contains the text. */
  cities: string[];
  /** The text itself, for the customers' names and emails. */
  text: string;
}

const UUID_HEX_DIGITS = 32;
const TRACKING_BODY_LENGTH = 8;

function formatUuid(hex: string): string {
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/** Ids are shown with a # in front and may be cut anywhere, dashes included. */
function findIdRange(text: string): readonly [string, string] | undefined {
  const candidate = text.toLowerCase().replace(/^#/, '');
  if (!/^[0-9a-f-]+$/.test(candidate)) return undefined;
  const hex = candidate.replaceAll('-', '');
  if (hex.length === 0 || hex.length > UUID_HEX_DIGITS) return undefined;
  const lowest = formatUuid(hex.padEnd(UUID_HEX_DIGITS, '0'));
  // Dashes anywhere else than where a uuid has them cannot start an id.
  if (!lowest.startsWith(candidate)) return undefined;
  return [lowest, formatUuid(hex.padEnd(UUID_HEX_DIGITS, 'f'))];
}

function formatTrackingPrefix(body: string): string {
  return body.length > 4 ? `MA-${body.slice(0, 4)}-${body.slice(4)}` : `MA-${body}`;
}

/** `ma-7k3q-9zp2`, `MA7K3Q`, `7K3Q-9Z` all start MA-7K3Q-9ZP2. */
function findTrackingPrefixes(text: string): string[] {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  if (!/^[A-Z0-9]+$/.test(compact)) return [];
  // Text starting with MA may be the country prefix or the first letters of the code itself.
  const bodies = compact.startsWith('MA') ? [compact.slice(2), compact] : [compact];
  return bodies
    .filter((body) => body.length > 0 && body.length <= TRACKING_BODY_LENGTH)
    .map(formatTrackingPrefix);
}

export function parseOrderSearch(text: string): OrderSearch {
  const trimmed = text.trim();
  return {
    idRange: findIdRange(trimmed),
    trackingPrefixes: findTrackingPrefixes(trimmed),
    cities: findCitiesContaining(trimmed).map((city) => city.city),
    text: trimmed,
  };
}
