import {
  notificationText,
  type StoredNotification,
} from '../../src/server/notifications/notification-text';

/**
 * A notifications row with the English title and body its reader sees: since migration 0005 a
 * row keeps what happened and its facts, and the text is written when it is read.
 */
export function withEnglishText<Row extends StoredNotification>(
  row: Row,
): Row & { title: string; body: string } {
  return { ...row, ...notificationText(row, 'en') };
}
