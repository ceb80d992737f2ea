import { readConfig } from '../../src/server/config';

/**
 * Every attempt limit of the config (RATE_LIMIT_*, windows aside) raised out of reach: the battery
 * sends thousands of requests from one address and one account, and a 429 must never stand in
 * for the answer under test. Read from the config itself, so that a limit added later is covered.
 */
export const UNLIMITED_ATTEMPTS: Record<string, string> = Object.fromEntries(
  Object.keys(readConfig({}))
    .filter((key) => key.startsWith('RATE_LIMIT_') && !key.endsWith('_MS'))
    .map((key) => [key, '1000000']),
);
