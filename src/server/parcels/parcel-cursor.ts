import { isUuid } from '../db/uuid';
import { badRequest } from '../http/errors';
import type { ParcelFeedPosition } from './parcel-queries';

/*
 * The cursor of GET /api/v1/parcels (docs/decisions/0021-shippers-api.md, "The parcels API"): the
 * last parcel's (updated_at, id), opaque to the shop (base64url) so that its form may change.
 */

/** updated_at as PostgreSQL prints a timestamptz: the only text a cursor may carry to SQL. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export function encodeParcelCursor(position: ParcelFeedPosition): string {
  return Buffer.from(`${position.updatedAt}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 on the `cursor` field for anything we did not give. */
export function decodeParcelCursor(cursor: string): ParcelFeedPosition {
  const [updatedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !updatedAt || !id || !TIMESTAMP_TEXT.test(updatedAt) || !isUuid(id)) {
    throw badRequest('parcel.cursor_invalid', {}, { cursor: 'parcel.cursor_invalid' });
  }
  return { updatedAt, id };
}
