import { ApiError } from '../../lib/api-client';

/** i18next's t, narrowed to what these functions need (and a stub can provide in tests). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The error text of an admin list (docs/product.md, sections 6 and 8): a refused session, the
 * server's status and message, a call that got no answer, a call that could not be made, or the
 * list's own default sentence.
 */
export function describeAdminListError(error: unknown, fallback: string, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return t('admin.errors.sessionExpired');
    return t('admin.errors.server', {
      status: error.status,
      message: error.message || t('admin.errors.unknownError'),
    });
  }
  // fetch rejects with a TypeError when no answer arrives (offline, server down, CORS).
  if (error instanceof TypeError) return t('admin.errors.noResponse');
  if (error instanceof Error && error.message) {
    return t('admin.errors.request', { message: error.message });
  }
  return fallback;
}

/**
 * A toast after a failed action: the server's own words when it sent some
 * (docs/product.md, section 8).
 */
export function describeActionError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
