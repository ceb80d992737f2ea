/**
 * The cash ledger (docs/product.md, decision 4 and docs/decisions/0009-drivers.md): for each
 * driver, the cash collected on delivery, what they handed in at the office, and what they still
 * hold. Conventions as in admin-schemas.ts (lists are plain arrays, total in X-Total-Count, CSV at
 * `<list path>/export.csv`); money in MAD.
 *
 *   GET  /api/admin/cash                         ?CashLedgerQuerySchema   → CashLedgerRowSchema[]
 *   GET  /api/admin/cash/export.csv              same filters             → text/csv
 *   GET  /api/admin/cash/remittances             ?CashDriverListQuerySchema → CashRemittanceSchema[]
 *   GET  /api/admin/cash/remittances/export.csv  same filters             → text/csv
 *   POST /api/admin/cash/remittances             RecordRemittanceSchema   → 201 RecordRemittanceResultSchema
 *   GET  /api/admin/cash/flagged                 ?CashDriverListQuerySchema → FlaggedCashOrderSchema[]
 *   GET  /api/admin/cash/flagged/export.csv      same filters             → text/csv
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { roundToCents } from '../numbers';
import { ListQuerySchema, listQueryShape, withPageCap } from './list-schemas';

/** The most a single remittance can be, far above any real day's cash. */
export const MAX_REMITTANCE_MAD = 10_000_000;
export const REMITTANCE_NOTE_MAX_LENGTH = 500;

export const cashMessages = {
  amountRequired: messageKey('cash.amount_required'),
  amountPositive: messageKey('cash.amount_positive'),
  amountCents: messageKey('cash.amount_cents'),
  amountTooLarge: messageKey('cash.amount_too_large'),
  noteTooLong: messageKey('validation.note_too_long'),
  driverRequired: messageKey('cash.driver_required'),
  driverIdInvalid: messageKey('request.param_not_driver_id', { param: 'driverId' }),
} as const;

const timestamp = z.iso.datetime({ offset: true });

/** One driver's line of the ledger: every amount in MAD. */
export const CashLedgerRowSchema = z.object({
  driverId: z.uuid(),
  driverName: z.string(),
  phone: z.string(),
  /** The plate of the truck the driver drives. */
  truckNumber: z.string().nullable(),
  /** False once an admin deactivated the driver. */
  active: z.boolean(),
  /** Cash collected on every order with an amount to collect the driver delivered. */
  collected: z.number(),
  /** Cash the driver handed in at the office. */
  handedIn: z.number(),
  /** Collected minus handed in: what the driver still holds. */
  outstanding: z.number(),
  /** Delivered orders on which the driver collected less, or more, than the amount to collect. */
  flaggedOrders: z.number().int(),
  /** The total missing on the orders collected short. */
  shortfall: z.number(),
  /** The total collected above the amount to collect on the others: held, not revenue. */
  overCollection: z.number(),
});
export type CashLedgerRow = z.infer<typeof CashLedgerRowSchema>;

/** `?q=&page=&pageSize=`: q searches the driver's name, phone or truck plate. */
export const CashLedgerQuerySchema = ListQuerySchema;
export type CashLedgerQuery = z.output<typeof CashLedgerQuerySchema>;

/** The remittance and flagged lists, optionally for one driver; q as on the ledger. */
export const CashDriverListQuerySchema = withPageCap(
  z.object({
    ...listQueryShape,
    driverId: z.uuid({ error: cashMessages.driverIdInvalid }).optional(),
  }),
);
export type CashDriverListQuery = z.output<typeof CashDriverListQuerySchema>;

export const CashRemittanceSchema = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  driverName: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  /** The email of the admin who recorded it; null once that account is gone. */
  recordedBy: z.string().nullable(),
  createdAt: timestamp,
});
export type CashRemittance = z.infer<typeof CashRemittanceSchema>;

/**
 * A delivered order on which the driver collected less, or more, than its amount to collect
 * (docs/decisions/0020-merchant-money.md).
 */
export const FlaggedCashOrderSchema = z.object({
  orderId: z.uuid(),
  trackingNumber: z.string(),
  driverId: z.uuid(),
  driverName: z.string(),
  /** The order's price. */
  price: z.number(),
  /** What should have been collected: the goods' value, plus the price when the receiver pays it. */
  amountToCollect: z.number(),
  collected: z.number(),
  /** amountToCollect minus collected when short, else 0. */
  shortfall: z.number(),
  /**
   * Collected minus amountToCollect when over, else 0: never written over the price or the
   * payment.
   */
  overCollection: z.number(),
  deliveredAt: timestamp.nullable(),
});
export type FlaggedCashOrder = z.infer<typeof FlaggedCashOrderSchema>;

/** Empty form fields arrive as '' or null: both mean "missing", not zero. */
const AmountSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: cashMessages.amountRequired })
    .refine(Number.isFinite, cashMessages.amountRequired)
    .gt(0, cashMessages.amountPositive)
    .max(MAX_REMITTANCE_MAD, cashMessages.amountTooLarge)
    .refine((amount) => roundToCents(amount) === amount, cashMessages.amountCents),
);

/**
 * POST /api/admin/cash/remittances: cash a driver handed in. The amount must also be at most
 * what the driver holds, which only the server knows (400 on `amount` otherwise).
 */
export const RecordRemittanceSchema = z.object({
  driverId: z
    .string({ error: cashMessages.driverRequired })
    .trim()
    .min(1, cashMessages.driverRequired)
    .max(100, cashMessages.driverIdInvalid),
  amount: AmountSchema,
  note: z
    .string()
    .trim()
    .max(REMITTANCE_NOTE_MAX_LENGTH, cashMessages.noteTooLong)
    .nullish()
    .transform((note) => note || undefined),
});
export type RecordRemittanceInput = z.input<typeof RecordRemittanceSchema>;
export type RecordRemittance = z.output<typeof RecordRemittanceSchema>;

export const RecordRemittanceResultSchema = z.object({
  message: z.string(),
  remittance: CashRemittanceSchema,
  /** What the driver still holds once this remittance is counted (MAD). */
  outstanding: z.number(),
});
export type RecordRemittanceResult = z.infer<typeof RecordRemittanceResultSchema>;
