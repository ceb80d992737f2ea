import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { maskEmail } from '#shared/phone';
import type { MailContent } from './message-templates';
import { SendError } from './send-error';

export interface OutgoingMail extends MailContent {
  /** The outbox row's id, sent as the Message-ID so that a receiver can drop a replay. */
  id: string;
  to: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** `Atlas Freight <no-reply@atlasfreight.ma>` → atlasfreight.ma, the right side of Message-IDs. */
function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'atlasfreight.ma';
}

/**
 * Real SMTP (SMTP_URL). A 5xx answer is a permanent rejection (unknown mailbox, refused sender)
 * and fails the message at once; anything else (no connection, 4xx, timeout) is retried.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // Short timeouts: a worker's lease on a message (outbox-worker.ts) must outlast one attempt.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const messageIdDomain = domainOf(from);
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${messageIdDomain}>`,
        });
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
        throw new SendError(error instanceof Error ? error.message : String(error), permanent);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL the mail goes to the log instead: who (masked) and what, and its text, which
 * may hold a reset link, only with LOG_MESSAGE_TEXT=1 (never in production:
 * docs/decisions/0017-security-review.md, "Message texts").
 */
export function createLogMailTransport(
  log: FastifyBaseLogger,
  { showText, isProduction }: { showText: boolean; isProduction: boolean },
): MailTransport {
  const reason = isProduction ? 'MAIL_MODE=log' : 'SMTP_URL is not set';
  return {
    async send(mail) {
      if (showText) {
        log.info(
          { messageId: mail.id, to: mail.to, subject: mail.subject },
          `Mail not sent (${reason}):\n${mail.text}`,
        );
      } else {
        log.info(
          { messageId: mail.id, to: maskEmail(mail.to), subject: mail.subject },
          `Mail not sent (${reason})`,
        );
      }
    },
    close() {},
  };
}
