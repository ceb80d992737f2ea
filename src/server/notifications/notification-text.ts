import type { Locale } from '#shared/i18n/locales';
import type { MoneyNoticeKind } from '#shared/money-notices';
import type { OrderEventKind } from '#shared/order-lifecycle';
import { composeOrderNotice, orderFactsOf } from '../messages/order-notice-text';
import { composePayoutPaidNotice, payoutPaidFactsOf } from '../messages/payout-paid-text';

/** A notification as stored: what happened and its facts, or (before migration 0005) its text. */
export interface StoredNotification {
  kind: OrderEventKind | null;
  /** A notice about the organization's money (migration 0019); null for an order's. */
  notice?: MoneyNoticeKind | null;
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
  const { kind, notice, params, title, body } = notification;
  if (notice === 'payout_paid') {
    return composePayoutPaidNotice(payoutPaidFactsOf(params ?? {}), locale);
  }
  if (kind === null) return { title: title ?? '', body: body ?? '' };
  const orderNotice = composeOrderNotice(kind, orderFactsOf(params ?? {}), locale);
  return { title: orderNotice.title, body: orderNotice.body };
}
