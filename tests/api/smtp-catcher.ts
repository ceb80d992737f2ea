/** A real SMTP server for the tests: it parses every message it accepts and keeps it. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SmtpCatcher {
  /** Every message accepted so far, in order. */
  received: CaughtMail[];
  port: number;
  stop(): Promise<void>;
}

/**
 * Listens on 127.0.0.1, on `port` or a free one. `rejectWith` makes it refuse every message
 * with that reply code (after reading it, as a real server answers at the end of DATA).
 */
export async function startSmtpCatcher(
  options: { port?: number; rejectWith?: number } = {},
): Promise<SmtpCatcher> {
  const { port = 0, rejectWith } = options;
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (rejectWith) {
            const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
            error.responseCode = rejectWith;
            return callback(error);
          }
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
