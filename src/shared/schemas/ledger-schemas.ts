/**
 * The merchant's money as its organization's owner and accountant read it
 * (docs/decisions/0020-merchant-money.md): the balance from the kept totals, the ledger's rows,
 * the payouts and each payout's statement. Customer-list conventions (the list under a body key,
 * total in X-Total-Count, CSV at `<list path>/export.csv`); money in MAD.
 *
 *   GET /api/dashboard/balance                          → MerchantBalanceSchema
 *   GET /api/dashboard/ledger              ?LedgerListQuerySchema → { entries: LedgerEntrySchema[] }
 *   GET /api/dashboard/ledger/export.csv   same filters  → text/csv
 *   GET /api/dashboard/payouts             ?PayoutListQuerySchema → { payouts: MerchantPayoutSchema[] }
 *   GET /api/dashboard/payouts/export.csv                → text/csv
 *   GET /api/dashboard/payouts/:batchId/statement.pdf    → application/pdf
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { LEDGER_ENTRY_TYPES } from '../merchant-money';
import { pagingShape, withPageCap } from './list-schemas';

const timestamp = z.iso.datetime({ offset: true });

/** What the organization is owed and was paid, in MAD, from its kept totals. */
export const MerchantBalanceSchema = z.object({
  /** Goods' value collected at the door for the merchant, all time. */
  collected: z.number(),
  /** Delivery and COD fees taken from it, all time (zero or negative). */
  fees: z.number(),
  /** Corrections by the office, all time (either sign). */
  adjustments: z.number(),
  /** Released and in no payout yet: what the next payout would pay. */
  payableNow: z.number(),
  /** Waiting for a driver's cash to be handed in at the office. */
  withDrivers: z.number(),
  /** In a payout not yet marked paid. */
  inPayout: z.number(),
  /** Paid to the bank account, all time (zero or negative). */
  paidOut: z.number(),
  /** What is owed now: payable now + with drivers + in payout. */
  balance: z.number(),
});
export type MerchantBalance = z.infer<typeof MerchantBalanceSchema>;

/** Days the ledger can hold: none before this product, none in a far future. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';

const dayField = (param: 'from' | 'to') =>
  z.iso
    .date({ error: messageKey('ledger.param_not_date', { param }) })
    .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, {
      error: messageKey('ledger.param_out_of_range', { param, min: FIRST_DAY, max: LAST_DAY }),
    })
    .optional();

/**
 * `?type=&from=&to=&page=&pageSize=`: one type of row, and Morocco's days (YYYY-MM-DD, both
 * included). Newest first.
 */
export const LedgerListQuerySchema = withPageCap(
  z
    .object({
      ...pagingShape,
      type: z
        .enum(LEDGER_ENTRY_TYPES, {
          error: messageKey('request.param_not_one_of', {
            param: 'type',
            values: LEDGER_ENTRY_TYPES.join(', '),
          }),
        })
        .optional(),
      from: dayField('from'),
      to: dayField('to'),
    })
    .superRefine(({ from, to }, context) => {
      if (from && to && from > to) {
        context.addIssue({
          code: 'custom',
          path: ['to'],
          message: messageKey('ledger.dates_reversed'),
        });
      }
    }),
);
export type LedgerListQuery = z.output<typeof LedgerListQuerySchema>;

export const LedgerEntrySchema = z.object({
  id: z.uuid(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** Signed MAD: positive is owed to the merchant. */
  amount: z.number(),
  /** The organization's balance once this row was written. */
  balanceAfter: z.number(),
  /** The order the row is about; null for payouts and most adjustments. */
  trackingNumber: z.string().nullable(),
  /** An adjustment's reason. */
  reason: z.string().nullable(),
  createdAt: timestamp,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** `?page=&pageSize=`: the organization's payouts, newest first. */
export const PayoutListQuerySchema = withPageCap(z.object(pagingShape));
export type PayoutListQuery = z.output<typeof PayoutListQuerySchema>;

export const MERCHANT_PAYOUT_STATUSES = ['in_payout', 'paid'] as const;
export type MerchantPayoutStatus = (typeof MERCHANT_PAYOUT_STATUSES)[number];

/** One payout of the organization: its share of an office's payout batch. */
export const MerchantPayoutSchema = z.object({
  batchId: z.uuid(),
  /** The batch's number, as the bank transfer's reference shows it. */
  number: z.string(),
  amount: z.number(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  /** The bank's reference of the transfer, once paid. */
  reference: z.string().nullable(),
  status: z.enum(MERCHANT_PAYOUT_STATUSES),
});
export type MerchantPayout = z.infer<typeof MerchantPayoutSchema>;

export const PayoutStatementParamsSchema = z.object({ batchId: z.string().max(100) });
