import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE, isLocale } from '#shared/i18n/locales';
import type { DatabaseChannels } from '../db/database-channels';
import type { Database } from '../db/open-database';
import type { WebhookAttempt, WebhookOutcome } from '../webhooks/webhook-delivery';
import type { MailTransport } from './mail-transport';
import {
  renderMessage,
  secretParamsOf,
  UnknownTemplateError,
  type RenderContext,
} from './message-templates';
import {
  claimDueMessages,
  findNextDueDelay,
  markMessageFailed,
  markMessageSent,
  OUTBOX_CHANNEL,
  scheduleMessageRetry,
  type ClaimedMessage,
} from './outbox-queries';
import { MAX_WEBHOOK_RETRY_DELAY_MS, retryDelayMs } from './retry-delay';
import { SendError } from './send-error';
import type { SmsTransport } from './sms-transport';

export interface OutboxWorkerOptions {
  db: Database;
  channels: DatabaseChannels;
  mail: MailTransport;
  sms: SmsTransport;
  renderContext: RenderContext;
  log: FastifyBaseLogger;
  retryBaseMs: number;
  maxAttempts: number;
  /** Messages claimed together. */
  batchSize?: number;
  /**
   * Sends in flight at once (50): a slow receiver (a webhook endpoint taking its 10 s) holds one
   * of them, not the messages claimed after it.
   */
  maxInFlight?: number;
  /** The longest sleep without a wake-up: the fallback if a notification is lost. */
  pollMs?: number;
  /** How long a claimed message is this worker's; longer than one send can take (30 s). */
  leaseMs?: number;
  /**
   * Sends webhook deliveries (src/server/webhooks/webhook-delivery.ts; its time-out is an option
   * there); without it, a webhook row fails at once.
   */
  webhooks?: { send(attempt: WebhookAttempt): Promise<WebhookOutcome> };
}

export interface OutboxWorker {
  start(): Promise<void>;
  /** Stops claiming, then waits for the sends in flight, at most `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The outbox worker of one instance (docs/architecture.md, "The outbox"). It wakes when a
 * transaction that queued messages commits (LISTEN), when the next retry is due, and at least
 * every `pollMs`; then it claims due messages in batches until none is left.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, channels, log, retryBaseMs, maxAttempts } = options;
  const batchSize = options.batchSize ?? 10;
  const maxInFlight = options.maxInFlight ?? 50;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;

  let stopping = false;
  let draining: Promise<void> | undefined;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  const inFlight = new Set<Promise<void>>();

  /** Sends the message; answers its text when the office is to read it (a local run's SMS). */
  async function deliver(message: ClaimedMessage): Promise<string | undefined> {
    if (message.channel === 'webhook') throw new SendError('no webhook sender', true);
    const rendered = renderMessage(
      message.template,
      message.channel,
      message.params,
      options.renderContext,
      isLocale(message.locale) ? message.locale : DEFAULT_LOCALE,
    );
    if (message.channel === 'email') {
      await options.mail.send({
        id: message.id,
        to: message.recipient,
        subject: rendered.subject ?? '',
        text: rendered.text,
        html: rendered.html,
      });
      return undefined;
    }
    await options.sms.send({ id: message.id, to: message.recipient, text: rendered.text });
    return options.sms.keepsTextForOffice ? rendered.text : undefined;
  }

  /**
   * A webhook's outcome (docs/decisions/0021-shippers-api.md, "Sending a webhook"): not bounded by
   * OUTBOX_MAX_ATTEMPTS: it is tried again, at most an hour apart, until it is delivered or its
   * endpoint has failed for 3 days and is turned off.
   */
  async function sendWebhook(message: ClaimedMessage): Promise<void> {
    const outcome: WebhookOutcome = options.webhooks
      ? await options.webhooks.send(message)
      : { kind: 'failed', statusCode: null, reason: 'no webhook sender' };
    if (outcome.kind === 'sent') {
      await markMessageSent(db, message.id, { statusCode: outcome.statusCode });
    } else if (outcome.kind === 'failed') {
      await markMessageFailed(db, message.id, outcome.reason, { statusCode: outcome.statusCode });
      log.warn(
        { messageId: message.id, endpointId: message.recipient, reason: outcome.reason },
        'webhook given up',
      );
    } else {
      const delay = retryDelayMs(message.attempts, retryBaseMs, MAX_WEBHOOK_RETRY_DELAY_MS);
      await scheduleMessageRetry(db, message.id, delay, outcome.reason, {
        statusCode: outcome.statusCode,
      });
      log.warn(
        { messageId: message.id, endpointId: message.recipient, reason: outcome.reason },
        `webhook not delivered, next attempt in ${delay} ms`,
      );
    }
  }

  async function sendOne(message: ClaimedMessage): Promise<void> {
    if (message.channel === 'webhook') return sendWebhook(message);
    const secrets = secretParamsOf(message.template);
    let textForOffice: string | undefined;
    try {
      textForOffice = await deliver(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent =
        (error instanceof SendError && error.permanent) || error instanceof UnknownTemplateError;
      if (permanent || message.attempts >= maxAttempts) {
        await markMessageFailed(db, message.id, reason, { secretParams: secrets });
        log.error(
          { messageId: message.id, template: message.template, attempts: message.attempts, reason },
          'message given up',
        );
      } else {
        const delay = retryDelayMs(message.attempts, retryBaseMs);
        await scheduleMessageRetry(db, message.id, delay, reason);
        log.warn(
          { messageId: message.id, template: message.template, attempts: message.attempts, reason },
          `message not sent, next attempt in ${delay} ms`,
        );
      }
      return;
    }
    await markMessageSent(db, message.id, { secretParams: secrets, localText: textForOffice });
  }

  function track(send: Promise<void>): Promise<void> {
    const tracked = send.catch((error: unknown) => {
      // The database refused the outcome: the lease runs out and the message is tried again.
      log.error({ err: error }, 'message outcome could not be recorded');
    });
    inFlight.add(tracked);
    void tracked.finally(() => {
      inFlight.delete(tracked);
      // The last send is done: a retry it scheduled may be due before the current sleep ends.
      if (inFlight.size === 0) wake();
    });
    return tracked;
  }

  async function drainDueMessages(): Promise<void> {
    do {
      wakeAgain = false;
      while (!stopping) {
        const room = maxInFlight - inFlight.size;
        if (room <= 0) {
          await Promise.race(inFlight);
          continue;
        }
        const batch = await claimDueMessages(db, Math.min(batchSize, room), leaseMs);
        if (batch.length === 0) break;
        for (const message of batch) void track(sendOne(message));
      }
    } while (wakeAgain && !stopping);
  }

  async function sleepUntilNextDue(): Promise<void> {
    const delay = await findNextDueDelay(db);
    schedule(delay === undefined ? pollMs : Math.min(delay, pollMs));
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (stopping) return;
    timer = setTimeout(wake, delay);
    timer.unref();
  }

  function wake(): void {
    if (stopping) return;
    if (draining) {
      wakeAgain = true;
      return;
    }
    draining = drainDueMessages()
      .then(sleepUntilNextDue)
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox worker could not read the outbox');
        schedule(pollMs);
      })
      .finally(() => {
        draining = undefined;
      });
  }

  return {
    async start() {
      stopListening = await channels.listen(OUTBOX_CHANNEL, wake, wake);
      wake();
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      clearTimeout(timer);
      await stopListening?.();
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...inFlight, draining]), graceOver]);
      clearTimeout(graceTimer);
    },
  };
}
