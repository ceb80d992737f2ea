import { ApiError } from '../../lib/api-client';

/**
 * The text of a list's error state. Deliveries and Cancelled show the server's message when it sent
 * one (docs/product.md, section 8); the other screens always show their own sentence.
 */
export function describeListError(
  error: unknown,
  fallback: string,
  preferServerMessage: boolean,
): string {
  if (preferServerMessage && error instanceof ApiError && error.message) return error.message;
  return fallback;
}
