import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locales';
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MessageStatus,
  type OutboxChannel,
} from '#shared/message-status';
import { readPageWithTotal, type ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { outboxMessages } from '../db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;
/** A row of the office's Messages screen: a mail or an SMS. */
export type MessageRow = OutboxRow & { channel: MessageChannel };

export function isMessageRow(row: OutboxRow): row is MessageRow {
  return (MESSAGE_CHANNELS as readonly string[]).includes(row.channel);
}

/** Wakes the workers of every instance when the writing transaction commits. */
export const OUTBOX_CHANNEL = 'outbox_messages';

export interface NewOutboxMessage {
  channel: MessageChannel;
  recipient: string;
  template: string;
  params: Record<string, string>;
  /** The recipient's language, the one the worker writes the message in; English if not given. */
  locale?: Locale;
}

/** Delivered to every instance's worker when the caller's transaction commits. */
export async function wakeOutboxWorkers(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Runs in the caller's transaction: the messages exist exactly when the change does. */
export async function insertOutboxMessages(
  tx: Database,
  messages: readonly NewOutboxMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(outboxMessages).values([...messages]);
  await wakeOutboxWorkers(tx);
}

/** A webhook delivery (docs/decisions/0021-shippers-api.md): its body is fixed when queued. */
export interface NewWebhookDelivery {
  endpointId: string;
  type: string;
  payload: unknown;
  params: Record<string, string>;
  createdAt: Date;
}

/** Runs in the caller's transaction, as mail and SMS do. */
export async function insertWebhookDeliveries(
  tx: Database,
  deliveries: readonly NewWebhookDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await tx.insert(outboxMessages).values(
    deliveries.map((delivery) => ({
      channel: 'webhook' as const,
      recipient: delivery.endpointId,
      template: delivery.type,
      params: delivery.params,
      payload: delivery.payload,
      createdAt: delivery.createdAt,
    })),
  );
  await wakeOutboxWorkers(tx);
}

export interface ClaimedMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  template: string;
  params: Record<string, string>;
  locale: string;
  /** A webhook delivery's body; null for mail and SMS. */
  payload: unknown;
  /** Counting this one. */
  attempts: number;
}

/**
 * Takes up to `limit` due messages for this worker: rows another worker is claiming at the same
 * moment are skipped (SKIP LOCKED), and each claimed row's due time moves `leaseMs` ahead, so no
 * other worker takes it while it is being sent, and it comes due again if this one dies.
 */
export async function claimDueMessages(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMessage[]> {
  const due = db.$with('due').as(
    db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
      )
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  return db
    .with(due)
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(outboxMessages.id, db.select({ id: due.id }).from(due)))
    .returning({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      template: outboxMessages.template,
      params: outboxMessages.params,
      locale: outboxMessages.locale,
      payload: outboxMessages.payload,
      attempts: outboxMessages.attempts,
    });
}

/** Milliseconds until the next queued message is due (0 if one is due now), or undefined. */
export async function findNextDueDelay(db: Database): Promise<number | undefined> {
  const [row] = await db
    .select({
      // Null when nothing is queued (greatest() would turn that null into 0: a busy loop).
      delay: sql<
        number | null
      >`extract(epoch from (min(${outboxMessages.nextAttemptAt}) - now())) * 1000`.mapWith(
        (value: string | number | null) => (value === null ? null : Number(value)),
      ),
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'queued'));
  const delay = row?.delay;
  return delay === null || delay === undefined ? undefined : Math.max(0, delay);
}

/** The row's parameters less its template's secrets (`params - 'resetLink'`). */
const withoutSecrets = (secretParams: readonly string[]) =>
  sql`${outboxMessages.params}${sql.join(secretParams.map((name) => sql` - ${name}::text`))}`;

/** What an attempt's outcome keeps beside its status, for mail, SMS and webhooks alike. */
export interface AttemptRecord {
  /** The template's secret parameters, removed once the message is sent or given up. */
  secretParams?: readonly string[];
  /** The text of an SMS no gateway sent, kept for the admin (a local run only). */
  localText?: string;
  /**
   * A webhook endpoint's last HTTP answer (docs/decisions/0021-shippers-api.md, "Sending a
   * webhook"); null when none came (a time-out, a refused address). Mail and SMS leave it out.
   */
  statusCode?: number | null;
}

/** The row's parameters less the secrets, only when there are any. */
const secretsRemoved = (secretParams: readonly string[] = []) =>
  secretParams.length > 0 ? { params: withoutSecrets(secretParams) } : {};

export async function markMessageSent(
  db: Database,
  id: string,
  { secretParams, localText, statusCode }: AttemptRecord = {},
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      localText: localText ?? null,
      sentAt: sql`now()`,
      nextAttemptAt: null,
      lastError: null,
      lastStatusCode: statusCode,
      ...secretsRemoved(secretParams),
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessages.id, id));
}

export async function scheduleMessageRetry(
  db: Database,
  id: string,
  delayMs: number,
  error: string,
  { statusCode }: Pick<AttemptRecord, 'statusCode'> = {},
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      lastError: error,
      lastStatusCode: statusCode,
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessages.id, id));
}

export async function markMessageFailed(
  db: Database,
  id: string,
  error: string,
  { secretParams, statusCode }: Omit<AttemptRecord, 'localText'> = {},
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      nextAttemptAt: null,
      lastError: error,
      lastStatusCode: statusCode,
      ...secretsRemoved(secretParams),
      updatedAt: sql`now()`,
    })
    .where(eq(outboxMessages.id, id));
}

export interface OutboxFilter {
  statuses?: readonly MessageStatus[];
  /** Exact values, each answered by an index: a recipient, or an order's tracking number. */
  recipients?: readonly string[];
  trackingNumber?: string;
}

export async function listOutboxMessages(
  db: Database,
  { statuses, recipients, trackingNumber }: OutboxFilter,
  page: Page,
): Promise<{ rows: MessageRow[]; total: ListTotal }> {
  const search =
    recipients || trackingNumber
      ? or(
          recipients?.length ? inArray(outboxMessages.recipient, [...recipients]) : undefined,
          trackingNumber
            ? sql`${outboxMessages.params} ->> 'trackingNumber' = ${trackingNumber}`
            : undefined,
        )
      : undefined;
  // Webhook deliveries are the merchant's (docs/decisions/0021-shippers-api.md), not the office's.
  const where = and(
    inArray(outboxMessages.channel, [...MESSAGE_CHANNELS]),
    statuses ? inArray(outboxMessages.status, [...statuses]) : undefined,
    search,
  );
  const { rows, total } = await readPageWithTotal(
    db,
    page,
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .$dynamic(),
    db.select({ id: outboxMessages.id }).from(outboxMessages).where(where).$dynamic(),
  );
  return { rows: rows.filter(isMessageRow), total };
}

export async function findOutboxMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

/** Queues the row `where` names again from scratch, under its own id; undefined when none. */
function queueAgain(db: Database, where: SQL | undefined): Promise<OutboxRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outboxMessages)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(where)
      .returning();
    if (row) await wakeOutboxWorkers(tx);
    return row;
  });
}

/** A failed message queued again from scratch; undefined when it is not (or no longer) failed. */
export function requeueFailedMessage(db: Database, id: string): Promise<OutboxRow | undefined> {
  return queueAgain(db, and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')));
}

/** Every delivery still queued for an endpoint that will take no more (deleted or turned off). */
export async function failQueuedWebhookDeliveries(
  tx: Database,
  endpointId: string,
  reason: string,
): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ status: 'failed', nextAttemptAt: null, lastError: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.channel, 'webhook'),
        eq(outboxMessages.recipient, endpointId),
        eq(outboxMessages.status, 'queued'),
      ),
    );
}

export type WebhookDeliveryRow = Pick<
  OutboxRow,
  | 'id'
  | 'template'
  | 'status'
  | 'attempts'
  | 'lastStatusCode'
  | 'lastError'
  | 'createdAt'
  | 'updatedAt'
  | 'sentAt'
>;

const webhookDeliveryColumns = {
  id: outboxMessages.id,
  template: outboxMessages.template,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastStatusCode: outboxMessages.lastStatusCode,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  updatedAt: outboxMessages.updatedAt,
  sentAt: outboxMessages.sentAt,
};

/**
 * An endpoint's deliveries, newest first, `limit` after the delivery `afterId` (a keyset page on
 * outbox_messages_recipient_idx: the recipient is the endpoint's id).
 */
export async function listWebhookDeliveries(
  db: Database,
  endpointId: string,
  afterId: string | undefined,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const after = afterId
    ? sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) < (select created_at, id from ${outboxMessages} where id = ${afterId} and recipient = ${endpointId})`
    : undefined;
  return db
    .select(webhookDeliveryColumns)
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, endpointId), eq(outboxMessages.channel, 'webhook'), after),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}

export async function findWebhookDelivery(
  db: Database,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select(webhookDeliveryColumns)
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.id, id),
        eq(outboxMessages.recipient, endpointId),
        eq(outboxMessages.channel, 'webhook'),
      ),
    );
  return row;
}

/**
 * A sent or failed delivery queued again under the same id (so the same `webhook-id`: a receiver
 * that kept the first can drop it); undefined when it is still queued.
 */
export function requeueWebhookDelivery(
  db: Database,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return queueAgain(
    db,
    and(
      eq(outboxMessages.id, id),
      eq(outboxMessages.recipient, endpointId),
      eq(outboxMessages.channel, 'webhook'),
      inArray(outboxMessages.status, ['sent', 'failed']),
    ),
  );
}
