import { maskEmail, maskPhone, toE164 } from '#shared/phone';
import type {
  AdminMessage,
  MessageListQuery,
  RetryMessageResult,
} from '#shared/schemas/message-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { conflict, notFound } from '../http/errors';
import { secretParamsOf } from './message-templates';
import {
  findOutboxMessage,
  insertOutboxMessages,
  listOutboxMessages,
  requeueFailedMessage,
  type NewOutboxMessage,
  isMessageRow,
  type MessageRow,
  type OutboxFilter,
} from './outbox-queries';

export type { NewOutboxMessage } from './outbox-queries';

/**
 * What the back office's search text can be: an email address (kept lower-case), a phone
 * number (kept in E.164) or a tracking number. Matching is exact, so each is one index lookup.
 */
function readSearch(text: string): OutboxFilter {
  const trimmed = text.trim();
  const phone = toE164(trimmed);
  return {
    recipients: [trimmed.toLowerCase(), ...(phone ? [phone] : [])],
    trackingNumber: trimmed.toUpperCase(),
  };
}

function toAdminMessage(row: MessageRow): AdminMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.channel === 'email' ? maskEmail(row.recipient) : maskPhone(row.recipient),
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    localText: row.localText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    nextAttemptAt: row.status === 'queued' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The outbox as the other features use it: queue in their transaction; the back office's list. */
export function createMessagesService({ db }: { db: Database }) {
  return {
    /**
     * Queues mail and SMS inside the caller's transaction (docs/decisions/0008): nothing is sent
     * from a request; the outbox worker sends them once the transaction has committed.
     */
    queue: (tx: Database, messages: readonly NewOutboxMessage[]) =>
      insertOutboxMessages(tx, messages),

    async listMessages(
      query: MessageListQuery,
      page: Page,
    ): Promise<{ items: AdminMessage[]; total: ListTotal }> {
      const { rows, total } = await listOutboxMessages(
        db,
        { statuses: query.status, ...(query.q ? readSearch(query.q) : {}) },
        page,
      );
      return { items: rows.map(toAdminMessage), total };
    },

    /** An office action: the message is queued again with its audit row, in one transaction. */
    async retryMessage(id: string, office: OfficeActor): Promise<RetryMessageResult> {
      const found = isUuid(id) ? await findOutboxMessage(db, id) : undefined;
      if (!found || !isMessageRow(found)) throw notFound('message.not_found');
      if (found.status !== 'failed') {
        throw conflict('message.retry_not_failed', { status: found.status });
      }
      if (secretParamsOf(found.template).length > 0) {
        throw conflict('message.retry_secret');
      }
      const requeued = await db.transaction(async (tx) => {
        const row = await requeueFailedMessage(tx, id);
        if (!row || !isMessageRow(row)) throw conflict('message.no_longer_failed');
        await recordOfficeAction(tx, {
          actor: office,
          action: 'message.retry',
          record: { type: 'message', id },
          before: { status: found.status, attempts: found.attempts },
          after: { status: row.status, attempts: row.attempts },
        });
        return row;
      });
      return { message: englishMessage('message.requeued'), item: toAdminMessage(requeued) };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
