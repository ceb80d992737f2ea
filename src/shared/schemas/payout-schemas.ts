/**
 * The office's payouts to merchants and its ledger adjustments (docs/decisions/0020-merchant-money.md,
 * "Payouts"). Conventions as in admin-schemas.ts (lists are plain arrays, total in X-Total-Count,
 * CSV at `<list path>/export.csv`); money in MAD with at most 2 decimals.
 *
 *   GET  /api/admin/payouts/balances                 ?PayoutBalanceQuerySchema → PayoutBalanceRowSchema[]
 *   GET  /api/admin/payouts/balances/export.csv      same filters             → text/csv
 *   POST /api/admin/payouts                          CreatePayoutBatchSchema  → 201 CreatePayoutBatchResultSchema
 *   GET  /api/admin/payouts                          ?PayoutBatchQuerySchema  → PayoutBatchSchema[]
 *   GET  /api/admin/payouts/export.csv               same filters             → text/csv
 *   GET  /api/admin/payouts/:id                                               → PayoutBatchDetailSchema
 *   GET  /api/admin/payouts/:id/transfers.csv                                 → text/csv (bank import)
 *   POST /api/admin/payouts/:id/paid                 MarkPayoutPaidSchema     → PayoutBatchDetailSchema
 *   POST /api/admin/organizations/:id/ledger-adjustments LedgerAdjustmentSchema → 201 LedgerAdjustmentResultSchema
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { roundToCents } from '../numbers';
import { ListQuerySchema, pagingShape, withPageCap } from './list-schemas';

/** The most organizations a batch can be asked for by name (the screen names a handful). */
export const MAX_NAMED_ORGANIZATIONS = 1_000;
/** The largest adjustment, either way, in MAD. */
export const MAX_ADJUSTMENT_MAD = 100_000;
export const ADJUSTMENT_REASON_MIN_LENGTH = 3;
export const ADJUSTMENT_REASON_MAX_LENGTH = 300;
export const PAYOUT_REFERENCE_MAX_LENGTH = 100;

/** Why an organization was left out of a batch. */
export const PAYOUT_EXCLUSION_REASONS = ['no_rib', 'below_minimum', 'nothing_payable'] as const;
export type PayoutExclusionReason = (typeof PAYOUT_EXCLUSION_REASONS)[number];

export const payoutMessages = {
  organizationIdsInvalid: messageKey('payout.organization_ids_invalid'),
  organizationIdsTooMany: messageKey('payout.too_many_organizations', {
    max: MAX_NAMED_ORGANIZATIONS,
  }),
  referenceRequired: messageKey('payout.reference_required'),
  referenceTooLong: messageKey('payout.reference_too_long', { max: PAYOUT_REFERENCE_MAX_LENGTH }),
  paidAtRequired: messageKey('payout.paid_at_required'),
  paidAtInvalid: messageKey('payout.paid_at_invalid'),
  amountRequired: messageKey('adjustment.amount_required'),
  amountZero: messageKey('adjustment.amount_nonzero_required'),
  amountCents: messageKey('adjustment.amount_cents'),
  amountTooLarge: messageKey('adjustment.amount_too_large', { max: MAX_ADJUSTMENT_MAD }),
  reasonRequired: messageKey('adjustment.reason_required'),
  reasonTooShort: messageKey('adjustment.reason_too_short', {
    min: ADJUSTMENT_REASON_MIN_LENGTH,
  }),
  reasonTooLong: messageKey('adjustment.reason_too_long', { max: ADJUSTMENT_REASON_MAX_LENGTH }),
} as const;

const timestamp = z.iso.datetime({ offset: true });

/** `?q=&page=&pageSize=`: q searches the organization's name. */
export const PayoutBalanceQuerySchema = ListQuerySchema;
export type PayoutBalanceQuery = z.output<typeof PayoutBalanceQuerySchema>;

/** One organization's money as the office pays it: every amount in MAD. */
export const PayoutBalanceRowSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  /** Released and in no batch: what the next batch would pay. */
  payable: z.number(),
  /** Still waiting for a driver's cash to be handed in. */
  pending: z.number(),
  /** In a batch not yet marked paid. */
  inPayout: z.number(),
  /** Delivery and COD fees taken so far (a negative sum). */
  fees: z.number(),
  /** pending + payable + inPayout. */
  balance: z.number(),
  /** A 24-digit RIB whose key checks, and its holder's name: a batch can pay it. */
  hasValidRib: z.boolean(),
});
export type PayoutBalanceRow = z.infer<typeof PayoutBalanceRowSchema>;

/** POST /api/admin/payouts: every organization due a payout, or only these (by id). */
export const CreatePayoutBatchSchema = z.object({
  organizationIds: z
    .array(z.uuid({ error: payoutMessages.organizationIdsInvalid }), {
      error: payoutMessages.organizationIdsInvalid,
    })
    .min(1, payoutMessages.organizationIdsInvalid)
    .max(MAX_NAMED_ORGANIZATIONS, payoutMessages.organizationIdsTooMany)
    .optional(),
});
export type CreatePayoutBatchInput = z.input<typeof CreatePayoutBatchSchema>;
export type CreatePayoutBatch = z.output<typeof CreatePayoutBatchSchema>;

export const PayoutBatchStatusSchema = z.enum(['unpaid', 'paid']);

export const PayoutBatchSchema = z.object({
  id: z.uuid(),
  /** VR-<year>-<6 digits>, gapless per year. */
  number: z.string(),
  total: z.number(),
  organizationCount: z.number().int(),
  status: PayoutBatchStatusSchema,
  createdAt: timestamp,
  /** The email of the admin who built it; null once that account is gone. */
  createdBy: z.string().nullable(),
  paidAt: timestamp.nullable(),
  paidReference: z.string().nullable(),
  markedPaidBy: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatchSchema>;

/** `?page=&pageSize=`, newest first. */
export const PayoutBatchQuerySchema = withPageCap(z.object(pagingShape));
export type PayoutBatchQuery = z.output<typeof PayoutBatchQuerySchema>;

/** One organization's transfer in a batch, its bank details as they were when it was built. */
export const PayoutBatchItemSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  amount: z.number(),
  rib: z.string(),
  ribHolder: z.string(),
  /** The bank transfer's reference: the batch number and the organization's short name. */
  reference: z.string(),
});
export type PayoutBatchItem = z.infer<typeof PayoutBatchItemSchema>;

export const PayoutBatchDetailSchema = z.object({
  batch: PayoutBatchSchema,
  items: z.array(PayoutBatchItemSchema),
});
export type PayoutBatchDetail = z.infer<typeof PayoutBatchDetailSchema>;

export const PayoutOrganizationSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
});

export const CreatePayoutBatchResultSchema = z.object({
  message: z.string(),
  batch: PayoutBatchSchema,
  included: z.array(PayoutOrganizationSchema.extend({ amount: z.number() })),
  excluded: z.array(PayoutOrganizationSchema.extend({ reason: z.enum(PAYOUT_EXCLUSION_REASONS) })),
});
export type CreatePayoutBatchResult = z.infer<typeof CreatePayoutBatchResultSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2026-02-30 does not). */
function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * POST /api/admin/payouts/:id/paid: the bank's reference of the transfers and the day they were
 * made (YYYY-MM-DD, in Morocco). The day must also be neither in the future nor before the batch
 * was built, which only the server checks (400 on `paidAt`).
 */
export const MarkPayoutPaidSchema = z.object({
  reference: z
    .string({ error: payoutMessages.referenceRequired })
    .trim()
    .min(1, payoutMessages.referenceRequired)
    .max(PAYOUT_REFERENCE_MAX_LENGTH, payoutMessages.referenceTooLong),
  paidAt: z
    .string({ error: payoutMessages.paidAtRequired })
    .trim()
    .min(1, payoutMessages.paidAtRequired)
    .refine(isCalendarDate, payoutMessages.paidAtInvalid),
});
export type MarkPayoutPaidInput = z.input<typeof MarkPayoutPaidSchema>;
export type MarkPayoutPaid = z.output<typeof MarkPayoutPaidSchema>;

/** Empty form fields arrive as '' or null: both mean "missing", not zero. */
const AdjustmentAmountSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: payoutMessages.amountRequired })
    .refine(Number.isFinite, payoutMessages.amountRequired)
    .refine((amount) => amount !== 0, payoutMessages.amountZero)
    .refine((amount) => Math.abs(amount) <= MAX_ADJUSTMENT_MAD, payoutMessages.amountTooLarge)
    .refine((amount) => roundToCents(amount) === amount, payoutMessages.amountCents),
);

/**
 * POST /api/admin/organizations/:id/ledger-adjustments: a signed amount in MAD (positive is owed
 * to the merchant) and why, which the merchant reads on their ledger.
 */
export const LedgerAdjustmentSchema = z.object({
  amount: AdjustmentAmountSchema,
  reason: z
    .string({ error: payoutMessages.reasonRequired })
    .trim()
    .min(1, payoutMessages.reasonRequired)
    .min(ADJUSTMENT_REASON_MIN_LENGTH, payoutMessages.reasonTooShort)
    .max(ADJUSTMENT_REASON_MAX_LENGTH, payoutMessages.reasonTooLong),
});
export type LedgerAdjustmentInput = z.input<typeof LedgerAdjustmentSchema>;
export type LedgerAdjustment = z.output<typeof LedgerAdjustmentSchema>;

export const LedgerAdjustmentResultSchema = z.object({
  message: z.string(),
  entry: z.object({
    id: z.uuid(),
    amount: z.number(),
    balanceAfter: z.number(),
    reason: z.string(),
    createdAt: timestamp,
  }),
  balance: PayoutBalanceRowSchema,
});
export type LedgerAdjustmentResult = z.infer<typeof LedgerAdjustmentResultSchema>;
