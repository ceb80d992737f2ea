import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';
import type { MailContent } from './message-templates';
import { messageText } from './message-text';

/**
 * The facts of a payout notice (docs/decisions/0020-merchant-money.md, "Payouts"), all text: an
 * outbox row's and an in-app notification's parameters, written in the reader's language when
 * sent or read.
 */
export interface PayoutPaidFacts {
  /** MAD, as a plain figure ("1234.5"). */
  amount: string;
  /** The bank's reference of the transfers. */
  reference: string;
  /** The day of the transfer in Morocco, YYYY-MM-DD. */
  paidOn: string;
  /** The batch's number, VR-<year>-<6 digits>. */
  batch: string;
}

export function payoutPaidFactsOf(params: Readonly<Record<string, string>>): PayoutPaidFacts {
  return {
    amount: params.amount ?? '',
    reference: params.reference ?? '',
    paidOn: params.paidOn ?? '',
    batch: params.batch ?? '',
  };
}

// A calendar day, written as the reader's language writes one ("27 November 2026").
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[locale], { timeZone: 'UTC', dateStyle: 'long' });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** The notice's title and body, as the app and the mail show it. */
export function composePayoutPaidNotice(
  facts: PayoutPaidFacts,
  locale: Locale = 'en',
): { title: string; body: string } {
  const params = {
    amount: facts.amount,
    reference: facts.reference,
    batch: facts.batch,
    date: formatDay(facts.paidOn, locale),
  };
  return {
    title: messageText(locale, 'payoutPaid.title', params),
    body: messageText(locale, 'payoutPaid.body', params),
  };
}

/** The mail each owner and accountant of a paid organization gets. */
export function composePayoutPaidMail(
  facts: PayoutPaidFacts,
  publicUrl: string,
  locale: Locale = 'en',
): MailContent {
  const { body } = composePayoutPaidNotice(facts, locale);
  const text = [
    messageText(locale, 'payoutPaid.greeting'),
    '',
    body,
    '',
    messageText(locale, 'payoutPaid.payoutsLink', { url: `${publicUrl}/dashboard/payouts` }),
    '',
    messageText(locale, 'payoutPaid.signature'),
  ].join('\n');
  return { subject: messageText(locale, 'payoutPaid.subject', { amount: facts.amount }), text };
}
