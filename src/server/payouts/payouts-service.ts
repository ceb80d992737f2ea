import type { FastifyBaseLogger } from 'fastify';
import { businessDayStart, toBusinessDate } from '#shared/business-calendar';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { messageKey } from '#shared/i18n/message-key';
import { centimesToMad, madToCentimes } from '#shared/money';
import type {
  CreatePayoutBatch,
  CreatePayoutBatchResult,
  LedgerAdjustment,
  LedgerAdjustmentResult,
  MarkPayoutPaid,
  PayoutBalanceQuery,
  PayoutBalanceRow,
  PayoutBatch,
  PayoutBatchDetail,
  PayoutBatchQuery,
  PayoutExclusionReason,
} from '#shared/schemas/payout-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  appendAdjustmentEntry,
  appendPayoutEntry,
  takeEntriesIntoBatch,
} from '../ledger/payout-entries';
import { PAYOUT_PAID_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import type { PayoutPaidFacts } from '../messages/payout-paid-text';
import type { NotificationsService } from '../notifications/notifications-service';
import { readBusinessSettings } from '../settings/business-settings-reads';
import { queueWebhookEvent } from '../webhooks/webhook-queue';
import { toPayoutBalanceRow, toPayoutBatch, toPayoutBatchItem } from './payout-view';
import {
  findBatch,
  findOrganization,
  findOrganizations,
  findPayoutBalance,
  insertBatch,
  insertBatchItems,
  listBatchItems,
  listBatches,
  listMoneyReaders,
  listPayoutBalances,
  lockBatch,
  lockPayableBalances,
  markBatchPaid,
  setBatchTotals,
  setItemPayoutEntries,
  takeBatchNumber,
} from './payouts-queries';

interface PayoutsServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  clock: () => Date;
  messagesService: MessagesService;
  notificationsService: NotificationsService;
}

/** VR-<year>-<6 digits>. */
const batchNumberOf = (year: number, sequence: number) =>
  `VR-${year}-${String(sequence).padStart(6, '0')}`;

/** The amount as a notice's parameter: a plain MAD figure its text formats per language. */
const madParam = (centimes: number) => String(centimesToMad(centimes));

interface Candidate {
  organizationId: string;
  organizationName: string;
  payableCentimes: number;
  rib: string | null;
  ribHolder: string | null;
  hasValidRib: boolean;
}

/**
 * Who a batch pays and who it leaves out, and why (docs/decisions/0020-merchant-money.md,
 * "Payouts"): nothing payable; below the minimum (unless named: an admin who names an
 * organization pays what it has); no valid bank details, for those it would otherwise pay.
 */
function sortCandidates(candidates: readonly Candidate[], minimumCentimes: number | null) {
  const included: Candidate[] = [];
  const excluded: Array<Candidate & { reason: PayoutExclusionReason }> = [];
  for (const candidate of candidates) {
    let reason: PayoutExclusionReason | undefined;
    if (candidate.payableCentimes <= 0) reason = 'nothing_payable';
    else if (minimumCentimes !== null && candidate.payableCentimes < minimumCentimes) {
      reason = 'below_minimum';
    } else if (!candidate.hasValidRib) reason = 'no_rib';
    if (reason) excluded.push({ ...candidate, reason });
    else included.push(candidate);
  }
  return { included, excluded };
}

/**
 * The office's payouts (docs/decisions/0020-merchant-money.md, "Payouts"): balances to pay, batches
 * that take what is payable, the bank's transfer file, and the batch marked paid, which writes
 * each organization's payout row and tells its owners and accountants. Every write is an office
 * action with its audit row in the same transaction.
 */
export function createPayoutsService({
  db,
  log,
  clock,
  messagesService,
  notificationsService,
}: PayoutsServiceDeps) {
  async function readBatchDetail(tx: Database, batchId: string): Promise<PayoutBatchDetail> {
    const batch = await findBatch(tx, batchId);
    if (!batch) throw notFound('payout.batch_not_found');
    const items = await listBatchItems(tx, batchId);
    return {
      batch: toPayoutBatch(batch),
      items: items.map((item) => toPayoutBatchItem(batch.number, item)),
    };
  }

  return {
    async listBalances(
      query: PayoutBalanceQuery,
      page: Page,
    ): Promise<{ items: PayoutBalanceRow[]; total: ListTotal }> {
      const { rows, total } = await listPayoutBalances(db, { q: query.q }, page);
      return { items: rows.map(toPayoutBalanceRow), total };
    },

    async listBatches(
      _query: PayoutBatchQuery,
      page: Page,
    ): Promise<{ items: PayoutBatch[]; total: ListTotal }> {
      const { rows, total } = await listBatches(db, page);
      return { items: rows.map(toPayoutBatch), total };
    },

    async getBatch(batchId: string): Promise<PayoutBatchDetail> {
      if (!isUuid(batchId)) throw notFound('payout.batch_not_found');
      return readBatchDetail(db, batchId);
    },

    /**
     * Builds one batch in one transaction: its number (the year's counter, locked: batches
     * queue), the balances it may pay (locked), the payable rows taken into it (deleted from the
     * open items: a concurrent batch never takes them again), one item per organization with its
     * bank details frozen. Nothing to pay: 409 and no batch, no number used.
     */
    async createBatch(
      input: CreatePayoutBatch,
      office: OfficeActor,
    ): Promise<CreatePayoutBatchResult> {
      const named = input.organizationIds ? [...new Set(input.organizationIds)] : undefined;
      if (named) {
        const found = await findOrganizations(db, named);
        if (found.length !== named.length) {
          throw badRequest(
            'payout.organization_ids_invalid',
            {},
            {
              organizationIds: messageKey('payout.organization_ids_invalid'),
            },
          );
        }
      }
      const now = clock();
      const settings = await readBusinessSettings(db);
      const result = await db.transaction(async (tx) => {
        const year = Number(toBusinessDate(now).slice(0, 4));
        const number = batchNumberOf(year, await takeBatchNumber(tx, year));
        const locked = await lockPayableBalances(tx, named);
        const candidates: Candidate[] = locked.map((row) => ({
          ...row,
          hasValidRib: Boolean(row.hasValidRib),
        }));
        if (named) {
          // A named organization without a ledger yet has nothing payable.
          const withLedger = new Set(candidates.map((row) => row.organizationId));
          const others = (await findOrganizations(tx, named)).filter(
            (organization) => !withLedger.has(organization.id),
          );
          for (const organization of others) {
            candidates.push({
              organizationId: organization.id,
              organizationName: organization.name,
              payableCentimes: 0,
              rib: null,
              ribHolder: null,
              hasValidRib: false,
            });
          }
        }
        const { included, excluded } = sortCandidates(
          candidates,
          named ? null : settings.payoutMinimumCentimes,
        );
        if (included.length === 0) throw conflict('payout.nothing_to_pay');

        const batch = await insertBatch(tx, {
          number,
          createdByUserId: office.userId,
          createdAt: now,
        });
        const taken = await takeEntriesIntoBatch(
          tx,
          batch.id,
          included.map((candidate) => candidate.organizationId),
          now,
        );
        // The balances are locked: what was taken is what they showed payable.
        const items = included.map((candidate) => {
          const amountCentimes = taken.get(candidate.organizationId) ?? 0;
          if (amountCentimes !== candidate.payableCentimes) {
            throw new Error(
              `payout batch ${number}: took ${amountCentimes} of ${candidate.organizationId}, whose payable was ${candidate.payableCentimes}`,
            );
          }
          return { candidate, amountCentimes };
        });
        await insertBatchItems(
          tx,
          items.map(({ candidate, amountCentimes }) => ({
            batchId: batch.id,
            organizationId: candidate.organizationId,
            amountCentimes,
            rib: candidate.rib!,
            ribHolder: candidate.ribHolder!.trim(),
          })),
        );
        const totalCentimes = items.reduce((sum, item) => sum + item.amountCentimes, 0);
        await setBatchTotals(tx, batch.id, { totalCentimes, organizationCount: items.length });
        await recordOfficeAction(tx, {
          actor: office,
          action: 'payout.batch_create',
          record: { type: 'payout_batch', id: batch.id },
          after: {
            number,
            totalCentimes,
            organizationCount: items.length,
            excludedCount: excluded.length,
            named: named !== undefined,
          },
        });
        const created = await findBatch(tx, batch.id);
        return {
          batch: toPayoutBatch(created!),
          included: items.map(({ candidate, amountCentimes }) => ({
            organizationId: candidate.organizationId,
            organizationName: candidate.organizationName,
            amount: centimesToMad(amountCentimes),
          })),
          excluded: excluded.map(({ organizationId, organizationName, reason }) => ({
            organizationId,
            organizationName,
            reason,
          })),
        };
      });
      log.info(
        {
          batchId: result.batch.id,
          number: result.batch.number,
          organizations: result.included.length,
          excluded: result.excluded.length,
        },
        'payout batch created',
      );
      return { message: englishMessage('payout.batch_created'), ...result };
    },

    /**
     * The batch's transfers were made: each organization's payout row (its amount leaves
     * `in_payout`), the batch's day and reference, and the owners' and accountants' mail (in
     * their language, through the outbox) and in-app notice. Once: a second time is a 409.
     */
    async markPaid(
      batchId: string,
      input: MarkPayoutPaid,
      office: OfficeActor,
    ): Promise<PayoutBatchDetail> {
      if (!isUuid(batchId)) throw notFound('payout.batch_not_found');
      const now = clock();
      const detail = await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, batchId);
        if (!batch) throw notFound('payout.batch_not_found');
        if (batch.paidAt) throw conflict('payout.already_paid');
        const createdOn = toBusinessDate(batch.createdAt);
        if (input.paidAt > toBusinessDate(now)) {
          throw badRequest(
            'payout.paid_at_future',
            {},
            { paidAt: messageKey('payout.paid_at_future') },
          );
        }
        if (input.paidAt < createdOn) {
          const params = { date: createdOn };
          throw badRequest('payout.paid_at_before_batch', params, {
            paidAt: messageKey('payout.paid_at_before_batch', params),
          });
        }
        const items = await listBatchItems(tx, batchId);
        const entries: Array<{ organizationId: string; entryId: string }> = [];
        for (const item of items) {
          const entry = await appendPayoutEntry(tx, {
            organizationId: item.organizationId,
            batchId,
            amountCentimes: item.amountCentimes,
            createdAt: now,
          });
          entries.push({ organizationId: item.organizationId, entryId: entry.id });
        }
        await setItemPayoutEntries(tx, batchId, entries);
        await markBatchPaid(tx, batchId, {
          paidAt: businessDayStart(input.paidAt),
          paidReference: input.reference,
          markedPaidByUserId: office.userId,
        });

        const amounts = new Map(items.map((item) => [item.organizationId, item.amountCentimes]));
        const readers = await listMoneyReaders(tx, [...amounts.keys()]);
        const factsOf = (organizationId: string) =>
          ({
            amount: madParam(amounts.get(organizationId) ?? 0),
            reference: input.reference,
            paidOn: input.paidAt,
            batch: batch.number,
          }) satisfies PayoutPaidFacts as Record<string, string>;
        await notificationsService.recordMoneyNotices(
          tx,
          'payout_paid',
          readers.map((reader) => ({
            userId: reader.userId,
            params: factsOf(reader.organizationId!),
          })),
        );
        await messagesService.queue(
          tx,
          readers.map((reader) => ({
            channel: 'email' as const,
            recipient: reader.email!,
            template: PAYOUT_PAID_TEMPLATE,
            params: factsOf(reader.organizationId!),
            locale: reader.locale,
          })),
        );
        // Each organization's shop hears of its own transfer (docs/decisions/0021-shippers-api.md).
        for (const item of items) {
          await queueWebhookEvent(
            tx,
            item.organizationId,
            'payout.paid',
            {
              batchNumber: batch.number,
              amount: centimesToMad(item.amountCentimes),
              currency: 'MAD',
              paidAt: input.paidAt,
              reference: input.reference,
            },
            now,
          );
        }
        await recordOfficeAction(tx, {
          actor: office,
          action: 'payout.mark_paid',
          record: { type: 'payout_batch', id: batchId },
          before: { paidAt: null, paidReference: null },
          after: {
            paidAt: input.paidAt,
            paidReference: input.reference,
            totalCentimes: batch.totalCentimes,
            organizationCount: items.length,
          },
        });
        return readBatchDetail(tx, batchId);
      });
      log.info({ batchId, number: detail.batch.number }, 'payout batch marked paid');
      return detail;
    },

    /** An admin's correction of an organization's ledger, payable at once; audited. */
    async adjustLedger(
      organizationId: string,
      input: LedgerAdjustment,
      office: OfficeActor,
    ): Promise<LedgerAdjustmentResult> {
      if (!isUuid(organizationId)) throw notFound('adjustment.organization_not_found');
      const amountCentimes = madToCentimes(input.amount);
      const now = clock();
      return db.transaction(async (tx) => {
        const organization = await findOrganization(tx, organizationId);
        if (!organization) throw notFound('adjustment.organization_not_found');
        const entry = await appendAdjustmentEntry(tx, {
          organizationId,
          amountCentimes,
          reason: input.reason,
          createdByUserId: office.userId,
          createdAt: now,
        });
        await recordOfficeAction(tx, {
          actor: office,
          action: 'ledger.adjustment',
          record: { type: 'organization', id: organizationId },
          before: { balanceCentimes: entry.balanceAfterCentimes - amountCentimes },
          after: {
            entryId: entry.id,
            amountCentimes,
            balanceCentimes: entry.balanceAfterCentimes,
            reason: input.reason,
          },
        });
        const balance = await findPayoutBalance(tx, organizationId);
        return {
          message: englishMessage('adjustment.recorded'),
          entry: {
            id: entry.id,
            amount: centimesToMad(entry.amountCentimes),
            balanceAfter: centimesToMad(entry.balanceAfterCentimes),
            reason: input.reason,
            createdAt: entry.createdAt.toISOString(),
          },
          balance: toPayoutBalanceRow(balance!),
        };
      });
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
