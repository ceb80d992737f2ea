import type { Locale } from '#shared/i18n/locales';
import type { MailContent } from './message-templates';
import { messageText } from './message-text';

/**
 * The mail an organization's owners get when one of its webhook endpoints is turned off by the
 * server (docs/decisions/0021-shippers-api.md, "Sending a webhook"): failing for 3 days, or
 * answered 410 Gone.
 */
export interface WebhookDisabledFacts {
  url: string;
  reason: 'failing' | 'gone';
}

export function webhookDisabledFactsOf(
  params: Readonly<Record<string, string>>,
): WebhookDisabledFacts {
  return { url: params.url ?? '', reason: params.reason === 'gone' ? 'gone' : 'failing' };
}

export function composeWebhookDisabledMail(
  facts: WebhookDisabledFacts,
  publicUrl: string,
  locale: Locale = 'en',
): MailContent {
  const text = [
    messageText(locale, 'webhookDisabled.greeting'),
    '',
    messageText(
      locale,
      facts.reason === 'gone' ? 'webhookDisabled.bodyGone' : 'webhookDisabled.bodyFailing',
      { url: facts.url },
    ),
    '',
    messageText(locale, 'webhookDisabled.developersLink', {
      url: `${publicUrl}/dashboard/developers`,
    }),
    '',
    messageText(locale, 'webhookDisabled.signature'),
  ].join('\n');
  return { subject: messageText(locale, 'webhookDisabled.subject'), text };
}
