import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open-database';
import { recordOutboxMessage } from '../mail/outbox-queries';

export interface SmsMessage {
  /** A phone number as the customer typed it in the wizard. */
  to: string;
  text: string;
}

/** DESIGN decision 9: the seam where a real SMS gateway plugs in. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider while no gateway is configured: every message is kept in the outbox (the
 * one record of what the product sends, mail and SMS alike) and printed on one log line, like
 * mail without SMTP_URL. Nothing is marked sent, since nothing left the server.
 */
export function createOutboxSmsSender({
  db,
  log,
}: {
  db: Database;
  log: FastifyBaseLogger;
}): SmsSender {
  return {
    async send(message) {
      await recordOutboxMessage(db, { channel: 'sms', recipient: message.to, body: message.text });
      log.info({ to: message.to }, `SMS kept in the outbox (no SMS provider): ${message.text}`);
    },
  };
}
