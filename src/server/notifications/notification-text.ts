import type { Locale } from '#shared/i18n/locales';
import type { OrderEventKind } from '#shared/order-lifecycle';
import { composeOrderNotice, orderFactsOf } from '../messages/order-notice-text';

/** A notification as stored: what happened and its facts, or (before migration 0005) its text. */
export interface StoredNotification {
  kind: OrderEventKind | null;
  params: Record<string, string> | null;
  title: string | null;
  body: string | null;
}

/**
 * Its title and body in the reader's language, written now (docs/decisions/0010-languages.md):
 * switching language rewrites every notification, older ones included. Rows written before
 * notifications kept their facts keep the English text they were written with.
 */
export function notificationText(
  notification: StoredNotification,
  locale: Locale,
): { title: string; body: string } {
  const { kind, params, title, body } = notification;
  if (kind === null) return { title: title ?? '', body: body ?? '' };
  const notice = composeOrderNotice(kind, orderFactsOf(params ?? {}), locale);
  return { title: notice.title, body: notice.body };
}
