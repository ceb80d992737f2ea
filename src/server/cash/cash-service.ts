import type { FastifyBaseLogger } from 'fastify';
import { centimesToMad, madToCentimes } from '#shared/money';
import { toE164 } from '#shared/phone';
import {
  type CashDriverListQuery,
  type CashLedgerQuery,
  type CashLedgerRow,
  type CashRemittance,
  type FlaggedCashOrder,
  type RecordRemittance,
  type RecordRemittanceResult,
} from '#shared/schemas/cash-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { AuthContext } from '../auth/auth-service';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { messageKey } from '#shared/i18n/message-key';
import { badRequest, notFound } from '../http/errors';
import { settleDriverCash, type CashSettlement } from '../ledger/cash-settlement';
import {
  insertRemittance,
  listCashLedger,
  listFlaggedOrders,
  listRemittances,
  lockDriver,
  sumDriverCash,
  type DriverSearch,
} from './cash-queries';
import { toCashLedgerRow, toCashRemittance, toFlaggedCashOrder } from './cash-view';

/** The search text as typed, and as a phone number when it reads as one. */
function readDriverSearch(q: string | undefined): DriverSearch {
  return q ? { q, phoneE164: toE164(q) } : {};
}

interface CashServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/**
 * The cash ledger (docs/decisions/0009-drivers.md): what each driver collected on delivery, what
 * they handed in, and the difference they still hold. Sums are taken in SQL, in centimes.
 */
export function createCashService({ db, log }: CashServiceDeps) {
  return {
    async listLedger(
      query: CashLedgerQuery,
      page: Page,
    ): Promise<{ items: CashLedgerRow[]; total: ListTotal }> {
      const { rows, total } = await listCashLedger(db, readDriverSearch(query.q), page);
      return { items: rows.map(toCashLedgerRow), total };
    },

    async listRemittances(
      query: CashDriverListQuery,
      page: Page,
    ): Promise<{ items: CashRemittance[]; total: ListTotal }> {
      const { rows, total } = await listRemittances(
        db,
        { driverId: query.driverId, ...readDriverSearch(query.q) },
        page,
      );
      return { items: rows.map(toCashRemittance), total };
    },

    async listFlaggedOrders(
      query: CashDriverListQuery,
      page: Page,
    ): Promise<{ items: FlaggedCashOrder[]; total: ListTotal }> {
      const { rows, total } = await listFlaggedOrders(
        db,
        { driverId: query.driverId, ...readDriverSearch(query.q) },
        page,
      );
      return { items: rows.map(toFlaggedCashOrder), total };
    },

    /**
     * Records cash a driver handed in: more than 0 and at most what they hold. The driver's row
     * is locked first, so two remittances at once queue and together never exceed it. The cash
     * settles the driver's deliveries oldest first, making the merchants' rows of each delivery
     * paid in full payable (docs/decisions/0020-merchant-money.md). An office action: its audit
     * row is written in the same transaction (docs/decisions/0016-audit-trail.md).
     */
    async recordRemittance(
      input: RecordRemittance,
      recordedBy: AuthContext,
      office: OfficeActor,
    ): Promise<RecordRemittanceResult> {
      const amountCentimes = madToCentimes(input.amount);
      let settlement: CashSettlement | undefined;
      const result = await db.transaction(async (tx) => {
        const driver = isUuid(input.driverId) ? await lockDriver(tx, input.driverId) : undefined;
        if (!driver) throw notFound('driver.not_found');
        const { collectedCentimes, handedInCentimes } = await sumDriverCash(tx, driver.id);
        const outstandingCentimes = collectedCentimes - handedInCentimes;
        if (amountCentimes > outstandingCentimes) {
          const amount = { amount: centimesToMad(Math.max(outstandingCentimes, 0)) };
          throw badRequest('cash.exceeds_outstanding', amount, {
            amount: messageKey('cash.exceeds_outstanding', amount),
          });
        }
        const row = await insertRemittance(tx, {
          driverId: driver.id,
          amountCentimes,
          note: input.note ?? null,
          recordedByUserId: recordedBy.userId,
        });
        settlement = await settleDriverCash(tx, driver.id, amountCentimes, row.createdAt);
        await recordOfficeAction(tx, {
          actor: office,
          action: 'cash.remittance',
          record: { type: 'cash_remittance', id: row.id },
          before: { driverId: driver.id, outstandingCentimes },
          after: { amountCentimes, outstandingCentimes: outstandingCentimes - amountCentimes },
        });
        return {
          remittance: toCashRemittance({
            ...row,
            driverName: driver.fullName,
            recordedBy: recordedBy.email,
          }),
          outstanding: centimesToMad(outstandingCentimes - amountCentimes),
        };
      });
      log.info(
        {
          remittanceId: result.remittance.id,
          driverId: input.driverId,
          amountCentimes,
          settlement,
        },
        'cash remittance recorded',
      );
      return { message: englishMessage('cash.remittance_recorded'), ...result };
    },
  };
}

export type CashService = ReturnType<typeof createCashService>;
