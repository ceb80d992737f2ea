import { BUSINESS_TIME_ZONE } from '#shared/business-calendar';
import { cityLabel } from '#shared/cities';
import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';
import { formatCalendarDay, formatMad } from '#shared/format';
import type { OrderEventKind } from '#shared/order-lifecycle';
import { messageText, type TextKey } from './message-text';

/**
 * The facts a notice about an order tells, all as text: they are stored as an outbox message's
 * (and an in-app notification's) parameters and rendered when the message is sent or the
 * notification read, in the reader's language (docs/architecture.md, "The outbox").
 */
export interface OrderNoticeFacts {
  trackingNumber: string;
  pickupLoc: string;
  deliveryLoc: string;
  truckNumber?: string;
  /** ISO 8601 instants. */
  estimatedDelivery?: string;
  deliveredAt?: string;
  /** Why an order was cancelled or a delivery failed, as the person typed it: never translated. */
  reason?: string;
  /**
   * The receiver's delivery code, in the dispatch SMS only: a secret of that template, never in
   * a mail or an in-app notice (docs/decisions/0009-drivers.md, "Proof of delivery").
   */
  deliveryCode?: string;
  /**
   * MAD the receiver pays in cash at the door (docs/decisions/0020-merchant-money.md), as a
   * number's text; absent when nothing is to pay. The dispatch SMS states it.
   */
  amountToPay?: string;
  /** The day of the next attempt (YYYY-MM-DD), when one was chosen. */
  nextAttemptOn?: string;
  /**
   * The receiver's page (PUBLIC_URL/r/<token>), in the receiver's SMS only: a secret of those
   * templates (docs/decisions/0023-failed-deliveries-and-returns.md).
   */
  receiverLink?: string;
  /** The sender's return code, in the return's mail only: a secret of that template. */
  returnCode?: string;
}

export interface OrderNoticeText {
  title: string;
  body: string;
  /** For the receiver's phone; only the changes a receiver waits for have one. */
  sms?: string;
}

/** The facts back from stored parameters (all text; absent ones stay absent). */
export function orderFactsOf(params: Readonly<Record<string, string>>): OrderNoticeFacts {
  return {
    trackingNumber: params.trackingNumber ?? '',
    pickupLoc: params.pickupLoc ?? '',
    deliveryLoc: params.deliveryLoc ?? '',
    truckNumber: params.truckNumber,
    estimatedDelivery: params.estimatedDelivery,
    deliveredAt: params.deliveredAt,
    reason: params.reason,
    deliveryCode: params.deliveryCode,
    amountToPay: params.amountToPay,
    nextAttemptOn: params.nextAttemptOn,
    receiverLink: params.receiverLink,
    returnCode: params.returnCode,
  };
}

// Times are read in Morocco, where the trucks run, whatever the server's own zone; English keeps
// the day-month-year order of en-GB ('12 Jan 2026, 14:30').
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();
function formatInstant(iso: string | undefined, locale: Locale): string {
  if (!iso) return '';
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
      timeZone: BUSINESS_TIME_ZONE,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    timeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/**
 * The receiver's dispatch SMS: when they pay at the door (the goods' value, and the fee when it is
 * theirs; docs/decisions/0020-merchant-money.md), how much, so they have the cash ready; the
 * delivery code stays last, where the receiver looks for it.
 */
function dispatchSms(
  facts: OrderNoticeFacts,
  eta: string,
  locale: Locale,
  text: (key: TextKey, params?: Record<string, string>) => string,
): string {
  const toPay = Number(facts.amountToPay ?? 0);
  const code = facts.deliveryCode;
  // The receiver's link comes before the code, which stays last, where the receiver looks for it.
  const link = facts.receiverLink
    ? [text('order.dispatched.smsLink', { link: facts.receiverLink })]
    : [];
  if (!(toPay > 0)) {
    if (link.length === 0) {
      return code
        ? text('order.dispatched.smsWithCode', { eta, code })
        : text('order.dispatched.sms', { eta });
    }
    return [
      text('order.dispatched.sms', { eta }),
      ...link,
      ...(code ? [text('order.dispatched.smsCode', { code })] : []),
    ].join(' ');
  }
  return [
    text('order.dispatched.sms', { eta }),
    text('order.dispatched.smsToPay', { amount: formatMad(toPay, locale) }),
    ...link,
    ...(code ? [text('order.dispatched.smsCode', { code })] : []),
  ].join(' ');
}

export function composeOrderNotice(
  kind: OrderEventKind,
  facts: OrderNoticeFacts,
  locale: Locale = 'en',
): OrderNoticeText {
  const number = facts.trackingNumber;
  // Cities as the reader's language names them; the stored names stay the canonical ones.
  const route = messageText(locale, 'order.route', {
    pickup: cityLabel(facts.pickupLoc, locale),
    delivery: cityLabel(facts.deliveryLoc, locale),
  });
  const text = (key: TextKey, params: Record<string, string> = {}) =>
    messageText(locale, key, { number, route, ...params });
  switch (kind) {
    case 'placed':
      return { title: text('order.placed.title'), body: text('order.placed.body') };
    case 'dispatched': {
      const eta = formatInstant(facts.estimatedDelivery, locale);
      return {
        title: text('order.dispatched.title'),
        body: text('order.dispatched.body', { truck: facts.truckNumber ?? '', eta }),
        sms: dispatchSms(facts, eta, locale, text),
      };
    }
    case 'picked-up':
      return { title: text('order.picked-up.title'), body: text('order.picked-up.body') };
    case 'delivered': {
      const at = formatInstant(facts.deliveredAt, locale);
      return {
        title: text('order.delivered.title'),
        body: text('order.delivered.body', { at }),
        sms: text('order.delivered.sms', { at }),
      };
    }
    case 'delivery-failed':
      return {
        title: text('order.delivery-failed.title'),
        body: facts.reason
          ? text('order.delivery-failed.bodyWithReason', { reason: facts.reason })
          : text('order.delivery-failed.body'),
        // Only a parcel still on the road gives the receiver a link to act on.
        ...(facts.receiverLink && {
          sms: text('order.delivery-failed.sms', { link: facts.receiverLink }),
        }),
      };
    case 'rescheduled': {
      const day = facts.nextAttemptOn ? formatCalendarDay(facts.nextAttemptOn, locale) : '';
      return {
        title: text('order.rescheduled.title', { day }),
        body: text('order.rescheduled.body', { day }),
      };
    }
    case 'instructions-added':
      return {
        title: text('order.instructions-added.title'),
        body: text('order.instructions-added.body'),
      };
    case 'return-started': {
      const body = facts.reason
        ? text('order.return-started.bodyWithReason', { reason: facts.reason })
        : text('order.return-started.body');
      return {
        title: text('order.return-started.title'),
        // The return code reaches the sender's mail only (a secret of its template).
        body: facts.returnCode
          ? `${body} ${text('order.return-started.mailCode', { code: facts.returnCode })}`
          : body,
      };
    }
    case 'returned': {
      const at = formatInstant(facts.deliveredAt, locale);
      return { title: text('order.returned.title'), body: text('order.returned.body', { at }) };
    }
    case 'cancelled':
      return {
        title: text('order.cancelled.title'),
        body: facts.reason
          ? text('order.cancelled.bodyWithReason', { reason: facts.reason })
          : text('order.cancelled.body'),
      };
  }
}

/**
 * Which notices the receiver gets by SMS: the ones they wait for (composeOrderNotice's `sms`); a
 * failed attempt only when the parcel stays on the road, with their link.
 */
export function isTextedToReceiver(kind: OrderEventKind, facts: OrderNoticeFacts): boolean {
  if (kind === 'delivery-failed') return Boolean(facts.receiverLink);
  return kind === 'dispatched' || kind === 'delivered';
}

/**
 * Which notices also go by mail to the customer: all but the driver's pickup and the receiver's
 * instructions, which the app shows.
 */
export function isMailedToCustomer(kind: OrderEventKind): boolean {
  return kind !== 'picked-up' && kind !== 'instructions-added';
}
