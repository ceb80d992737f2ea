import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/open-database';
import { recordOutboxMessage, markOutboxMessage } from './outbox-queries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}

/**
 * Real SMTP when SMTP_URL is set. Without it every message is kept in the outbox table and
 * printed to the log, so a developer can follow a reset link (a deliberate local convenience).
 * With SMTP the outbox keeps who and what, never the body, which may carry a token.
 */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async send(message) {
        await recordOutboxMessage(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
        });
        log.info(
          { to: message.to, subject: message.subject },
          `Mail kept in the outbox (SMTP_URL is not set):\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const outboxId = await recordOutboxMessage(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: '[sent by SMTP; body not kept]',
      });
      try {
        await transport.sendMail({ from, ...message });
        await markOutboxMessage(db, outboxId, { sentAt: new Date() });
        log.info({ subject: message.subject }, 'mail sent');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await markOutboxMessage(db, outboxId, { error: reason });
        log.error({ subject: message.subject, reason }, 'mail could not be sent');
        throw error;
      }
    },
  };
}
