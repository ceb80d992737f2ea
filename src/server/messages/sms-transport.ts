import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '#shared/phone';
import { SendError } from './send-error';

export interface OutgoingSms {
  /** The outbox row's id: the gateway can drop a request it has already handled. */
  id: string;
  /** E.164. */
  to: string;
  text: string;
}

export interface SmsTransport {
  send(sms: OutgoingSms): Promise<void>;
  /**
   * True on a local run without a gateway: the outbox keeps the text of each SMS it "sent" for
   * the admin's Messages screen (docs/decisions/0017-security-review.md, "Message texts").
   */
  readonly keepsTextForOffice?: boolean;
}

const GATEWAY_TIMEOUT_MS = 15_000;

/**
 * The SMS gateway contract (docs/architecture.md, "The outbox"): `POST SMS_URL` with JSON `{id, to, text}` and
 * `Authorization: Bearer SMS_TOKEN` when set. Any 2xx is sent; anything else is retried.
 */
export function createHttpSmsTransport(url: string, token: string | undefined): SmsTransport {
  return {
    async send({ id, to, text }) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token && { authorization: `Bearer ${token}` }),
          },
          body: JSON.stringify({ id, to, text }),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SendError(`SMS gateway unreachable: ${(error as Error).message}`, false);
      }
      // The body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SendError(`SMS gateway answered ${response.status}`, false);
    },
  };
}

/**
 * Without SMS_URL: one log line, the number masked but for its last two digits, and the text (a
 * sign-in or delivery code) only with LOG_MESSAGE_TEXT=1. Off production, the text is kept for
 * the admin's Messages screen instead.
 */
export function createLogSmsTransport(
  log: FastifyBaseLogger,
  { showText, keepTextForOffice }: { showText: boolean; keepTextForOffice: boolean },
): SmsTransport {
  return {
    keepsTextForOffice: keepTextForOffice,
    async send({ id, to, text }) {
      log.info(
        { messageId: id, to: maskPhone(to) },
        showText
          ? `SMS not sent (SMS_URL is not set): ${text}`
          : 'SMS not sent (SMS_URL is not set)',
      );
    },
  };
}
