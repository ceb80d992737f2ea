import { textDirection, type Locale } from '#shared/i18n/locales';
import type { MailContent } from './message-templates';
import { messageText } from './message-text';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composePasswordResetMail(resetLink: string, locale: Locale = 'en'): MailContent {
  const say = (key: Parameters<typeof messageText>[1]) => messageText(locale, key);
  const text = [
    say('passwordReset.greeting'),
    '',
    say('passwordReset.requested'),
    say('passwordReset.openLink'),
    '',
    resetLink,
    '',
    say('passwordReset.notYou'),
    '',
    say('passwordReset.signature'),
  ].join('\n');
  const link = escapeHtml(resetLink);
  const sayHtml = (key: Parameters<typeof messageText>[1]) => escapeHtml(say(key));
  const paragraphs = `<p>${sayHtml('passwordReset.greeting')}</p>
<p>${sayHtml('passwordReset.requested')}</p>
<p><a href="${link}">${sayHtml('passwordReset.button')}</a></p>
<p>${sayHtml('passwordReset.copyLink')}<br>${link}</p>
<p>${sayHtml('passwordReset.notYou')}</p>
<p>${sayHtml('passwordReset.signature')}</p>`;
  // Arabic reads right to left in the mail too; English keeps the exact markup it always had.
  const html =
    textDirection(locale) === 'rtl'
      ? `<div dir="rtl" lang="${locale}">\n${paragraphs}\n</div>`
      : paragraphs;
  return { subject: say('passwordReset.subject'), text, html };
}
