import { textDirection, type Locale } from '#shared/i18n/locales';
import type { OrgRole } from '#shared/organization-roles';
import type { MailContent } from './message-templates';
import { messageText } from './message-text';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail that invites someone into an organization (docs/decisions/0014-organizations.md). */
export function composeInvitationMail(
  invitation: { link: string; organization: string; role: OrgRole },
  locale: Locale = 'en',
): MailContent {
  const facts = {
    organization: invitation.organization,
    role: messageText(locale, `invitation.roles.${invitation.role}`),
  };
  const say = (key: Parameters<typeof messageText>[1]) => messageText(locale, key, facts);
  const text = [
    say('invitation.greeting'),
    '',
    say('invitation.invited'),
    say('invitation.openLink'),
    '',
    invitation.link,
    '',
    say('invitation.notYou'),
    '',
    say('invitation.signature'),
  ].join('\n');
  const link = escapeHtml(invitation.link);
  const sayHtml = (key: Parameters<typeof messageText>[1]) => escapeHtml(say(key));
  const paragraphs = `<p>${sayHtml('invitation.greeting')}</p>
<p>${sayHtml('invitation.invited')}</p>
<p><a href="${link}">${sayHtml('invitation.button')}</a></p>
<p>${sayHtml('invitation.copyLink')}<br>${link}</p>
<p>${sayHtml('invitation.notYou')}</p>
<p>${sayHtml('invitation.signature')}</p>`;
  const html =
    textDirection(locale) === 'rtl'
      ? `<div dir="rtl" lang="${locale}">\n${paragraphs}\n</div>`
      : paragraphs;
  return { subject: say('invitation.subject'), text, html };
}
