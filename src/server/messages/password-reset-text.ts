import type { MailContent } from './message-templates';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composePasswordResetMail(resetLink: string): MailContent {
  const text = [
    'Hello,',
    '',
    'We received a request to reset the password of your Atlas Freight account.',
    'Open this link to choose a new password. It expires in 1 hour and works once:',
    '',
    resetLink,
    '',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
    '',
    'Atlas Freight',
  ].join('\n');
  const link = escapeHtml(resetLink);
  const html = `<p>Hello,</p>
<p>We received a request to reset the password of your Atlas Freight account.</p>
<p><a href="${link}">Choose a new password</a></p>
<p>This link expires in 1 hour and works once. If the button does not work, copy this address into your browser:<br>${link}</p>
<p>If you did not ask for this, you can ignore this email: your password stays the same.</p>
<p>Atlas Freight</p>`;
  return { subject: 'Reset your Atlas Freight password', text, html };
}
