/**
 * Failed deliveries, the receiver's link, the merchant's decision and returns
 * (docs/decisions/0023-failed-deliveries-and-returns.md):
 *
 *   POST /api/driver/orders/:id/attempt-failed     FailedAttemptSchema (driver-schemas.ts)
 *   POST /api/driver/orders/:id/return-delivered   ReturnCodeSchema          → DriverStepResultSchema
 *   POST /api/admin/orders/:id/return              OfficeReturnSchema        → AdminOrder
 *   POST /api/admin/orders/:id/return-delivered    OfficeReturnDeliveredSchema → AdminOrder
 *   GET  /api/admin/returns?view=                  ReturnsListQuerySchema    → ReturnsListSchema
 *   POST /api/dashboard/orders/:id/reattempt       ReattemptSchema           → CustomerOrderDetail
 *   POST /api/dashboard/orders/:id/return                                    → CustomerOrderDetail
 *   GET  /api/dashboard/returns?view=              ReturnsListQuerySchema    → ReturnsListSchema
 *   POST /api/v1/parcels/:trackingNumber/reattempt ReattemptSchema           → Parcel
 *   POST /api/v1/parcels/:trackingNumber/return                              → Parcel
 *   GET  /api/receiver/:token                                                → ReceiverParcelSchema
 *   POST /api/receiver/:token/reschedule           ReceiverRescheduleSchema  → ReceiverParcelSchema
 *   POST /api/receiver/:token/instructions         ReceiverInstructionsSchema → ReceiverParcelSchema
 *   POST /api/receiver/:token/refuse               ReceiverRefuseSchema      → ReceiverParcelSchema
 *
 * Days are Morocco's (YYYY-MM-DD); whether a day is within the next RESCHEDULE_WINDOW_DAYS is the
 * server's check (it knows today), answered as a field error on `on` / `nextAttemptOn`.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { ORDER_STATUSES } from '../order-status';
import { toE164 } from '../phone';
import { requiredText } from './auth-schemas';
import { pagingShape, withPageCap } from './list-schemas';

/** The reasons a driver gives for a failed attempt; `other` needs a note. */
export const FAILED_ATTEMPT_REASONS = [
  'receiver-absent',
  'refused',
  'wrong-address',
  'postponed',
  'unreachable',
  'other',
] as const;
export type FailedAttemptReason = (typeof FAILED_ATTEMPT_REASONS)[number];

/** The words the timeline, the customer's notice and the SMS use for each reason (English). */
export const FAILED_ATTEMPT_REASON_LABELS: Record<FailedAttemptReason, string> = {
  'receiver-absent': 'Receiver absent',
  refused: 'Refused',
  'wrong-address': 'Wrong address',
  postponed: 'Postponed by the receiver',
  unreachable: 'Phone not answering',
  other: 'Other',
};

export const RETURN_NOTE_MAX_LENGTH = 500;
const ADDRESS_MAX_LENGTH = 300;

/** A day as Morocco counts them; the window (the next 7 days) is checked by the server. */
export const RescheduleDaySchema = requiredText(messageKey('returns.day_invalid'))
  .max(10, messageKey('returns.day_invalid'))
  .pipe(z.iso.date({ error: messageKey('returns.day_invalid') }));

const optionalNote = z
  .string()
  .trim()
  .max(RETURN_NOTE_MAX_LENGTH, messageKey('validation.note_too_long'))
  .nullish()
  .transform((note) => note || undefined);

/** Another phone for the receiver, kept in E.164 like every phone. */
const optionalPhone = z
  .string()
  .trim()
  .max(30, messageKey('returns.phone_invalid'))
  .nullish()
  .transform((phone, context) => {
    if (!phone) return undefined;
    const e164 = toE164(phone);
    if (!e164) {
      context.addIssue({ code: 'custom', message: messageKey('returns.phone_invalid') });
      return z.NEVER;
    }
    return e164;
  });

/** One failed attempt as an order shows it. */
export const DeliveryAttemptSchema = z.object({
  /** 1 for the first attempt that failed, then 2, 3… */
  attempt: z.number().int(),
  reason: z.enum(FAILED_ATTEMPT_REASONS),
  note: z.string().nullable(),
  /** The day the receiver asked for (postponed), when one was given. */
  nextAttemptOn: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

/**
 * What every read of an order (customer, office, driver, /api/v1) adds about failed attempts and
 * the return.
 */
export const orderAttemptFields = {
  /** Failed delivery attempts so far. */
  failedAttempts: z.number().int(),
  /** The day of the next attempt, when the receiver or the merchant chose one. */
  nextAttemptOn: z.string().nullable(),
  /** Since when a failed attempt waits for the merchant's decision; null when none waits. */
  awaitingDecisionSince: z.iso.datetime({ offset: true }).nullable(),
  /** Why the parcel is going back, once its return started. */
  returnReason: z.string().nullable(),
  /** What the receiver told the driver through their link. */
  receiverInstructions: z.string().nullable(),
  /** Another phone the receiver gave through their link. */
  receiverOtherPhone: z.string().nullable(),
  /** The receiver may open the parcel before paying. */
  allowOpen: z.boolean(),
  /** The id of the delivered order this one exchanges, if any. */
  exchangeOf: z.uuid().nullable(),
};

export const OrderAttemptFieldsSchema = z.object(orderAttemptFields);
export type OrderAttemptFields = z.infer<typeof OrderAttemptFieldsSchema>;

/** POST /api/dashboard/orders/:id/reattempt and /api/v1/parcels/:trackingNumber/reattempt. */
export const ReattemptSchema = z.object({
  on: RescheduleDaySchema,
  phone: optionalPhone,
  /** Another address in the same city. */
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX_LENGTH, messageKey('validation.too_long', { max: ADDRESS_MAX_LENGTH }))
    .nullish()
    .transform((address) => address || undefined),
  note: optionalNote,
});
export type ReattemptInput = z.input<typeof ReattemptSchema>;
export type Reattempt = z.output<typeof ReattemptSchema>;

/** POST /api/driver/orders/:id/return-delivered: the sender's 6-digit return code. */
export const ReturnCodeSchema = z.object({
  code: z
    .string({ error: messageKey('driver.code_invalid') })
    .trim()
    .regex(/^\d{6}$/, messageKey('driver.code_invalid')),
});
export type ReturnCode = z.output<typeof ReturnCodeSchema>;

const officeReason = requiredText(messageKey('returns.office_reason_required')).max(
  RETURN_NOTE_MAX_LENGTH,
  messageKey('validation.reason_too_long'),
);

/** POST /api/admin/orders/:id/return: the office starts a return, and says why. */
export const OfficeReturnSchema = z.object({ reason: officeReason });
/** POST /api/admin/orders/:id/return-delivered: the code is lost; the office says why. */
export const OfficeReturnDeliveredSchema = z.object({ reason: officeReason });

/** POST /api/receiver/:token/reschedule */
export const ReceiverRescheduleSchema = z.object({ on: RescheduleDaySchema, note: optionalNote });
export type ReceiverRescheduleInput = z.input<typeof ReceiverRescheduleSchema>;

/** POST /api/receiver/:token/instructions */
export const ReceiverInstructionsSchema = z.object({
  note: requiredText(messageKey('returns.instructions_required')).max(
    RETURN_NOTE_MAX_LENGTH,
    messageKey('validation.note_too_long'),
  ),
  phone: optionalPhone,
});
export type ReceiverInstructionsInput = z.input<typeof ReceiverInstructionsSchema>;

/** POST /api/receiver/:token/refuse */
export const ReceiverRefuseSchema = z.object({ reason: optionalNote });
export type ReceiverRefuseInput = z.input<typeof ReceiverRefuseSchema>;

/**
 * GET /api/receiver/:token: what the receiver may know of their parcel, and nothing else (no
 * sender's details, no other parcel, never the delivery code itself).
 */
export const ReceiverParcelSchema = z.object({
  trackingNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  deliveryCity: z.string(),
  /** MAD to pay at the door; 0 when nothing is to pay. */
  amountToPay: z.number(),
  /** A delivery code was sent to them by SMS: the driver will ask for it. */
  hasDeliveryCode: z.boolean(),
  allowOpen: z.boolean(),
  failedAttempts: z.number().int(),
  nextAttemptOn: z.string().nullable(),
  instructions: z.string().nullable(),
  /** The days they may pick (YYYY-MM-DD), from tomorrow; empty when they can no longer act. */
  rescheduleDays: z.array(z.string()),
  canReschedule: z.boolean(),
  canRefuse: z.boolean(),
});
export type ReceiverParcel = z.infer<typeof ReceiverParcelSchema>;

/** The lists of the returns screens (dashboard and office). */
export const RETURNS_VIEWS = [
  /** Failed attempts recorded today (Morocco's day). */
  'failed-today',
  /** A failed attempt waits for the merchant's decision (the office: for more than 48 hours). */
  'awaiting-decision',
  'returning',
  'returned',
] as const;
export type ReturnsView = (typeof RETURNS_VIEWS)[number];

/** The views of the merchant's returns screen (/dashboard/returns): no "failed today" there. */
export const DASHBOARD_RETURNS_VIEWS = [
  'awaiting-decision',
  'returning',
  'returned',
] as const satisfies readonly ReturnsView[];
export type DashboardReturnsView = (typeof DASHBOARD_RETURNS_VIEWS)[number];

/**
 * GET /api/dashboard/returns?view=&page=&pageSize=: one view of the organization's returns
 * (the answer, `{orders, total}`, is CustomerReturnsListSchema of order-schemas.ts, which this
 * file cannot import without a cycle).
 */
export const DashboardReturnsQuerySchema = withPageCap(
  z.object({
    view: z
      .enum(DASHBOARD_RETURNS_VIEWS, {
        error: messageKey('request.param_not_one_of', {
          param: 'view',
          values: DASHBOARD_RETURNS_VIEWS.join(', '),
        }),
      })
      .default('awaiting-decision'),
    ...pagingShape,
  }),
);
export type DashboardReturnsQuery = z.output<typeof DashboardReturnsQuerySchema>;
