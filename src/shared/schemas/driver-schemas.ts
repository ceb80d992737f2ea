/**
 * Drivers (docs/product.md, decision 18 and docs/decisions/0009-drivers.md): sign-in by phone,
 * the driver's own orders and the steps they take on them, and the positions their phone sends.
 *
 *   POST /api/driver/auth/code              DriverCodeRequestSchema → 202 { message }
 *   POST /api/driver/auth/login             DriverLoginSchema       → { token, user }
 *   GET  /api/driver/orders                                         → DriverOrderListSchema
 *   POST /api/driver/orders/:id/pickup                              → DriverStepResultSchema
 *   POST /api/driver/orders/:id/deliver     DeliverOrderSchema      → DriverStepResultSchema
 *   POST /api/driver/orders/:id/attempt-failed FailedAttemptSchema  → DriverStepResultSchema
 *   POST /api/driver/orders/:id/return-delivered ReturnCodeSchema (returns-schemas.ts)
 *                                                                   → DriverStepResultSchema
 *   POST /api/driver/position               DriverPositionSchema    → 204
 *
 * The step routes and the position accept an `Idempotency-Key` header: a replay gets the
 * first answer and changes nothing.
 */
import { z } from 'zod';
import { messageKey, type MessageCode } from '../i18n/message-key';
import '../i18n/zod-messages';
import { toE164 } from '../phone';
import { CARGO_TYPES } from '../pricing';
import { PAYMENT_METHODS } from '../order-status';
import { requiredText } from './auth-schemas';
import { MOROCCO_BOUNDS } from '../positions';
import { orderMoneyFields, OrderStatusSchema } from './order-schemas';
import { FAILED_ATTEMPT_REASONS, orderAttemptFields, RescheduleDaySchema } from './returns-schemas';

export {
  FAILED_ATTEMPT_REASON_LABELS,
  FAILED_ATTEMPT_REASONS,
  type FailedAttemptReason,
} from './returns-schemas';

export const DRIVER_CODE_LENGTH = 6;
/** How long a sign-in code sent by SMS can be used. */
export const DRIVER_SIGN_IN_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong tries a sign-in code, or an order's delivery code, takes before it is refused. */
export const CODE_MAX_ATTEMPTS = 5;

export const driverMessages = {
  codeSent: messageKey('driver.code_sent'),
  invalidPhone: messageKey('driver.phone_invalid'),
  invalidCode: messageKey('driver.code_invalid'),
  wrongSignInCode: messageKey('driver.sign_in_code_wrong'),
  deliveryCodeWrong: messageKey('driver.delivery_code_wrong'),
  deliveryCodeLocked: messageKey('driver.delivery_code_locked'),
  cashRequired: messageKey('driver.cash_required'),
  officeReasonRequired: messageKey('driver.office_reason_required'),
  noteRequired: messageKey('driver.note_required'),
  outsideMorocco: messageKey('driver.position_outside_morocco'),
} as const;

/** The driver's steps on an order, as their routes name them (POST /api/driver/orders/:id/<step>). */
export const DRIVER_STEPS = ['pickup', 'deliver', 'attempt-failed', 'return-delivered'] as const;
export type DriverStep = (typeof DRIVER_STEPS)[number];

/** What a step's answer says once applied: the server writes it in English, the phone in its language. */
export const DRIVER_STEP_DONE_MESSAGES: Readonly<Record<DriverStep, MessageCode>> = {
  pickup: 'driver.picked_up',
  deliver: 'driver.delivered',
  'attempt-failed': 'driver.failed_attempt_recorded',
  'return-delivered': 'driver.return_delivered',
};

/** Any way of writing a phone number that reads as one E.164 number; kept as that number. */
export const DriverPhoneSchema = requiredText(driverMessages.invalidPhone)
  .max(30, driverMessages.invalidPhone)
  .transform((phone, context) => {
    const e164 = toE164(phone);
    if (!e164) {
      context.addIssue({ code: 'custom', message: driverMessages.invalidPhone });
      return z.NEVER;
    }
    return e164;
  });

const SixDigitCodeSchema = z
  .string({ error: driverMessages.invalidCode })
  .trim()
  .max(DRIVER_CODE_LENGTH, driverMessages.invalidCode)
  .regex(new RegExp(`^\\d{${DRIVER_CODE_LENGTH}}$`), driverMessages.invalidCode);

export const DriverCodeRequestSchema = z.object({ phone: DriverPhoneSchema });
export type DriverCodeRequest = z.output<typeof DriverCodeRequestSchema>;

export const DriverLoginSchema = z.object({ phone: DriverPhoneSchema, code: SixDigitCodeSchema });
export type DriverLogin = z.output<typeof DriverLoginSchema>;

const place = z.object({
  city: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});

/** One order as the driver's page shows it: where, to whom, what to collect, what is next. */
export const DriverOrderSchema = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  status: OrderStatusSchema,
  /**
   * What the driver does next: pick the parcel up, deliver it, bring it back to its sender
   * (`return`, RETURNING), or nothing (delivered, returned).
   */
  nextStep: z.enum(['pickup', 'deliver', 'return']).nullable(),
  pickup: place,
  delivery: place,
  receiver: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  cargoType: z.enum(CARGO_TYPES),
  /** Kilograms. */
  weight: z.number(),
  quantity: z.number(),
  shipmentInfo: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /**
   * MAD the driver must collect on delivery: the order's amountToCollect (the goods' value, plus
   * the price when the receiver pays it) when above 0, else null.
   */
  cashToCollect: z.number().nullable(),
  ...orderMoneyFields,
  /** MAD collected, once an order with an amount to collect is delivered. */
  cashCollected: z.number().nullable(),
  ...orderAttemptFields,
  /**
   * Where a returning parcel goes back to: its sender (the organization's name, the creator's
   * phone, the pickup address); null unless RETURNING.
   */
  returnTo: z
    .object({
      name: z.string(),
      phone: z.string().nullable(),
      city: z.string(),
      address: z.string().nullable(),
    })
    .nullable(),
  /**
   * An exchange (docs/decisions/0023-failed-deliveries-and-returns.md, "Exchanges"): the tracking
   * number of the delivered parcel the driver takes back when delivering this one; else null.
   */
  takeBack: z.string().nullable(),
  /** Too many wrong delivery codes: only the office can deliver it now. */
  deliveryCodeLocked: z.boolean(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  exitDate: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
});
export type DriverOrder = z.infer<typeof DriverOrderSchema>;

/**
 * Their orders on the road and the parcels they bring back: today's stops first (no day set, or
 * today or before), then the postponed ones by their day; then the last 20 they delivered.
 */
export const DriverOrderListSchema = z.object({
  onTheRoad: z.array(DriverOrderSchema),
  delivered: z.array(DriverOrderSchema),
});
export type DriverOrderList = z.infer<typeof DriverOrderListSchema>;

/** What the driver collected may be anything from 0 up; a shortfall is flagged, not refused. */
const CashCollectedSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: driverMessages.cashRequired })
    .refine(Number.isFinite, driverMessages.cashRequired)
    .min(0, driverMessages.cashRequired)
    .max(10_000_000, driverMessages.cashRequired)
    .optional(),
);

/** `cashCollected` (MAD) is required when the order has an amount to collect, ignored otherwise. */
export const DeliverOrderSchema = z.object({
  code: SixDigitCodeSchema,
  cashCollected: CashCollectedSchema,
});
export type DeliverOrderInput = z.input<typeof DeliverOrderSchema>;
export type DeliverOrder = z.output<typeof DeliverOrderSchema>;

/**
 * "Other" needs a note saying what happened; `nextAttemptOn` (the day the receiver asked for) must
 * be within the next 7 days, which the server checks.
 */
export const FailedAttemptSchema = z
  .object({
    reason: z.enum(FAILED_ATTEMPT_REASONS, { error: messageKey('driver.reason_required') }),
    note: z
      .string()
      .trim()
      .max(500, messageKey('validation.note_too_long'))
      .nullish()
      .transform((note) => note || undefined),
    nextAttemptOn: RescheduleDaySchema.nullish().transform((day) => day ?? undefined),
  })
  .superRefine((body, context) => {
    if (body.reason === 'other' && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: driverMessages.noteRequired });
    }
  });
export type FailedAttemptInput = z.input<typeof FailedAttemptSchema>;
export type FailedAttempt = z.output<typeof FailedAttemptSchema>;

/** The office delivering an order its driver is locked out of says why (the timeline keeps it). */
export const OfficeDeliveryReasonSchema = requiredText(driverMessages.officeReasonRequired).max(
  500,
  messageKey('validation.reason_too_long'),
);

export const DriverStepResultSchema = z.object({
  message: z.string(),
  order: DriverOrderSchema,
});
export type DriverStepResult = z.infer<typeof DriverStepResultSchema>;

/** Inside Morocco's bounding box (src/shared/positions.ts): the positions a truck may send. */
const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: driverMessages.outsideMorocco })
    .refine(Number.isFinite, driverMessages.outsideMorocco)
    .min(min, driverMessages.outsideMorocco)
    .max(max, driverMessages.outsideMorocco);

export const DriverPositionSchema = z.object({
  lat: coordinate(MOROCCO_BOUNDS.south, MOROCCO_BOUNDS.north),
  lng: coordinate(MOROCCO_BOUNDS.west, MOROCCO_BOUNDS.east),
  /** Metres; the browser's own estimate. */
  accuracy: z.coerce.number().min(0).max(100_000).optional(),
});
export type DriverPosition = z.output<typeof DriverPositionSchema>;
