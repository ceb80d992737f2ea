/**
 * Customer ordering: the price request, the order creation payload
 * (docs/product.md, section 3, with its
 * `leingth` spelling), and the order as the API returns it.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { findCity } from '../cities';
import { FEE_PAYERS, MAX_COD_AMOUNT_MAD } from '../merchant-money';
import { roundToCents } from '../numbers';
import { ORDER_EVENT_KINDS } from '../order-lifecycle';
import {
  normalizeOrderStatus,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../order-status';
import { CARGO_TYPES, PRIORITIES, SERVER_MAX_WEIGHT_KG } from '../pricing';
import { PHONE_PATTERN } from './auth-schemas';
import { listQueryShape, pageAnchorShape, withOneAnchor, withPageCap } from './list-schemas';
import { orderMapFields } from './map-schemas';
import { OrderSourceSchema } from './order-source-schemas';
import { statusListField } from './status-list-field';
import { DeliveryAttemptSchema, orderAttemptFields } from './returns-schemas';
import { PublicUserSchema } from './user-schemas';

export const MAX_DIMENSION_CM = 2_000;

const positiveNumber = (message: string, max: number, maxMessage: string) =>
  z.coerce
    .number({ error: message })
    .refine(Number.isFinite, message)
    .gt(0, message)
    .max(max, maxMessage);

export const WeightSchema = positiveNumber(
  messageKey('order.weight_required'),
  SERVER_MAX_WEIGHT_KG,
  messageKey('order.weight_too_large'),
);
export const dimension = (name: 'length' | 'width' | 'height') =>
  positiveNumber(
    messageKey(`order.${name}_required`),
    MAX_DIMENSION_CM,
    messageKey(`order.${name}_too_large`),
  );

export const LatLngSchema = z.object({
  lat: z.coerce
    .number({ error: messageKey('order.latitude_required') })
    .min(-90)
    .max(90),
  lng: z.coerce
    .number({ error: messageKey('order.longitude_required') })
    .min(-180)
    .max(180),
});

/** POST /api/dashboard/distance */
export const PriceRequestSchema = z.object({
  origin: LatLngSchema,
  destination: LatLngSchema,
  weight: WeightSchema,
  length: dimension('length'),
  width: dimension('width'),
  height: dimension('height'),
  type: z.enum(PRIORITIES, { error: messageKey('order.priority_required') }).default('normal'),
});
export type PriceRequest = z.input<typeof PriceRequestSchema>;

export const PriceResultSchema = z.object({
  price: z.number(),
  /** Kilometres. */
  distance: z.number(),
  distanceText: z.string(),
  duration: z.string(),
  durationMinutes: z.number(),
  vehicle: z.string(),
  /** Where the distance came from: the routing service, or the straight-line estimate. */
  distanceSource: z.enum(['routing', 'straight-line']),
});
export type PriceResult = z.infer<typeof PriceResultSchema>;

/**
 * A city of the built-in list (docs/product.md, decision 13), given back in its listed spelling.
 */
export const cityField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, messageKey('order.city_not_listed'))
    .refine((name) => findCity(name) !== undefined, messageKey('order.city_not_listed'))
    .transform((name) => findCity(name)!.city);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, messageKey('validation.too_long', { max: max }))
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

/**
 * The most a declared value can be, in MAD: ten times the most a receiver can be asked to pay at
 * the door, far above any parcel we carry, and well inside the database's bigint of centimes.
 */
export const MAX_DECLARED_VALUE_MAD = 1_000_000;

/**
 * A sum of money in MAD with at most two decimals (docs/decisions/0020-merchant-money.md); an
 * empty form field ('' or null) is "not given".
 */
const madField = (invalid: string, tooLarge: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: invalid })
      .refine(Number.isFinite, invalid)
      .min(0, invalid)
      .max(max, tooLarge)
      .refine((amount) => roundToCents(amount) === amount, messageKey('order.amount_cents'))
      .optional(),
  );

/** The goods' value the receiver pays at the door (MAD); 0 when nothing is to collect. */
export const CodAmountSchema = madField(
  messageKey('order.cod_amount_invalid'),
  messageKey('order.cod_amount_too_large', { max: MAX_COD_AMOUNT_MAD }),
  MAX_COD_AMOUNT_MAD,
);

/** What the goods are worth (MAD), for the record; optional. */
export const DeclaredValueSchema = madField(
  messageKey('order.declared_value_invalid'),
  messageKey('order.declared_value_too_large', { max: MAX_DECLARED_VALUE_MAD }),
  MAX_DECLARED_VALUE_MAD,
);

export const FeePaidBySchema = z.enum(FEE_PAYERS, {
  error: messageKey('order.fee_paid_by_invalid'),
});

/** POST /api/dashboard/neworder: the price the client sends is read and ignored. */
export const CreateOrderSchema = z
  .object({
    priority: z
      .enum(PRIORITIES, { error: messageKey('order.priority_required') })
      .default('normal'),
    pickup_loc: cityField(messageKey('order.pickup_required')),
    delivery_loc: cityField(messageKey('order.delivery_required')),
    pickup_address: optionalText(300),
    delivery_address: optionalText(300),
    weight: WeightSchema,
    leingth: dimension('length').optional(),
    length: dimension('length').optional(),
    width: dimension('width'),
    height: dimension('height'),
    cargo_type: z.enum(CARGO_TYPES).default('general'),
    payment_method: z.enum(PAYMENT_METHODS).default('cash_on_delivery'),
    cod_amount: CodAmountSchema.transform((amount) => amount ?? 0),
    fee_paid_by: FeePaidBySchema.default('sender'),
    declared_value: DeclaredValueSchema,
    price: z.unknown().optional(),
    shipment_info: optionalText(500),
    shipment_note: optionalText(1000),
    receiver_name: optionalText(100),
    receiver_phone: optionalText(20).refine(
      (phone) => phone === undefined || PHONE_PATTERN.test(phone),
      messageKey('validation.phone_invalid'),
    ),
    receiver_email: optionalText(254).refine(
      (email) => email === undefined || z.email().safeParse(email).success,
      messageKey('validation.email_invalid'),
    ),
    /**
     * The id of a delivered order of the same organization this one exchanges: its driver takes
     * the old parcel back (docs/decisions/0023-failed-deliveries-and-returns.md, "Exchanges").
     */
    exchange_of: z
      .string()
      .trim()
      .max(100, messageKey('returns.exchange_invalid'))
      .nullish()
      .transform((id) => id || undefined),
    /** The receiver may open the parcel before paying. */
    allow_open: z.boolean().default(false),
  })
  .superRefine((order, context) => {
    if (order.length === undefined && order.leingth === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['length'],
        message: messageKey('order.length_required'),
      });
    }
    // A receiver who pays the fee pays it in cash at the door (docs/decisions/0020-merchant-money.md).
    if (order.fee_paid_by === 'receiver' && order.payment_method === 'online') {
      context.addIssue({
        code: 'custom',
        path: ['fee_paid_by'],
        message: messageKey('order.receiver_pays_in_cash'),
      });
    }
  })
  .transform(({ leingth, length, price: _ignored, ...order }) => ({
    ...order,
    length: (length ?? leingth)!,
  }));
export type CreateOrderInput = z.input<typeof CreateOrderSchema>;
export type CreateOrder = z.output<typeof CreateOrderSchema>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const TrackingEventSchema = z.object({
  status: OrderStatusSchema,
  /** Which step wrote it: a pickup and a failed attempt leave the status IN_TRANSIT. */
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
});

/**
 * What an order asks the driver to collect (docs/decisions/0020-merchant-money.md), in MAD, on
 * every read of an order: the customer's, the back office's and the driver's.
 */
export const orderMoneyFields = {
  /** The goods' value the receiver pays at the door for the merchant; 0 when none. */
  codAmount: z.number(),
  /** Who pays the delivery fee: the merchant, or the receiver in cash at the door. */
  feePaidBy: FeePaidBySchema,
  /** What the goods are worth, when the merchant declared it. */
  declaredValue: z.number().nullable(),
  /** What the receiver pays at the door: codAmount, plus the price when the receiver pays it. */
  amountToCollect: z.number(),
};

/**
 * A customer's order as every dashboard call returns it (docs/product.md,
 * section 3, "Customer order").
 */
export const CustomerOrderSchema = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  status: OrderStatusSchema,
  priority: z.enum(PRIORITIES),
  cargoType: z.enum(CARGO_TYPES),
  pickup_loc: z.string(),
  delivery_loc: z.string(),
  pickup_address: z.string().nullable(),
  delivery_address: z.string().nullable(),
  destinationCountry: z.string(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  quantity: z.number(),
  shipment_range: z.string(),
  shipment_info: z.string().nullable(),
  shipment_note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  delivery_date: z.string().nullable(),
  /** Kilometres. */
  distance: z.number(),
  durationMinutes: z.number(),
  /** MAD; totalPrice is the same figure (no fees are in scope). */
  price: z.number(),
  totalPrice: z.number(),
  ...orderMoneyFields,
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverEmail: z.string().nullable(),
  exitDate: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  truck: z.object({ truckNumber: z.string() }).nullable(),
  payment: z.object({
    amount: z.number(),
    currency: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
  }),
  tracking: z.object({
    status: OrderStatusSchema,
    currentLocation: z.string(),
    estimatedDelivery: z.string().nullable(),
    updatedAt: z.string(),
    notes: z.string().nullable(),
  }),
  ...orderAttemptFields,
});
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;

export const CustomerOrderDetailSchema = CustomerOrderSchema.extend({
  timeline: z.array(TrackingEventSchema),
  ...orderMapFields,
  /** The receiver's delivery code while the order is on the road, for its customer to pass on. */
  deliveryCode: z.string().nullable(),
  /** The sender's return code while the parcel is on its way back: they give it to the driver. */
  returnCode: z.string().nullable(),
  /** The failed delivery attempts, oldest first. */
  attempts: z.array(DeliveryAttemptSchema),
  /** The caller may ask for another attempt now (POST …/reattempt would be accepted). */
  canReattempt: z.boolean(),
  /** The caller may start the return now (POST …/return would be accepted). */
  canReturn: z.boolean(),
  /** Placed on the screens, by an API key, or by an import. */
  source: OrderSourceSchema,
});
export type CustomerOrderDetail = z.infer<typeof CustomerOrderDetailSchema>;

/** GET /api/dashboard/returns: one page of a returns view and its total (returns-schemas.ts). */
export const CustomerReturnsListSchema = z.object({
  orders: z.array(CustomerOrderSchema),
  total: z.number().int(),
});
export type CustomerReturnsList = z.infer<typeof CustomerReturnsListSchema>;

const statusRecord = z.record(OrderStatusSchema, z.number());

/** GET /api/dashboard (docs/product.md, section 3, "Customer dashboard data"). */
/** How many of the customer's newest orders their dashboard lists (`lastOrders`). */
export const DASHBOARD_LAST_ORDERS = 5;

export const CustomerDashboardSchema = z.object({
  user: PublicUserSchema,
  lastDelivered: CustomerOrderSchema.nullable(),
  recentShipped: CustomerOrderSchema.nullable(),
  lastOrders: z.array(CustomerOrderSchema),
  totalOrders: z.number(),
  statusCounts: statusRecord,
  /** Whole percentages of totalOrders per status. */
  statusPercentages: statusRecord,
});
export type CustomerDashboard = z.infer<typeof CustomerDashboardSchema>;

/** GET /api/track/:trackingNumber: public, so nothing personal and no price of its own. */
export const PublicTrackingSchema = z.object({
  trackingNumber: z.string(),
  status: OrderStatusSchema,
  pickup_loc: z.string(),
  delivery_loc: z.string(),
  createdAt: z.string(),
  exitDate: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  delivery_date: z.string().nullable(),
  currentLocation: z.string(),
  /**
   * MAD the receiver pays at the door (the goods' value, and the fee when theirs); 0 when none.
   * The receiver holds the tracking number and needs the sum ready; the price alone stays private.
   */
  amountToCollect: z.number(),
  timeline: z.array(TrackingEventSchema.omit({ note: true })),
  ...orderMapFields,
});
export type PublicTracking = z.infer<typeof PublicTrackingSchema>;

/** Any spelling the screens send (`delivered`, `CANCELED`) read as the stored status. */
export const readOrderStatusText = (value: string) => {
  try {
    return normalizeOrderStatus(value);
  } catch {
    // Left as typed, so that the enum check names it in its 400.
    return value.toUpperCase();
  }
};

/**
 * `?page=&pageSize=&q=&status=` on every order list, the customer's and the back office's
 * (docs/product.md, decision 11). status takes stored statuses in any spelling, comma-separated;
 * on a list of fixed statuses (a customer's deliveries, the admin's pending orders) it can only
 * narrow. q: a customer finds their order by part of its id, tracking number or a city; an admin
 * also by the start of its id (with or without the #), the start of its tracking number (with or
 * without `MA-`), a city (part of its name, any accents), or part of the customer's company name,
 * full name or email. after or before (an order's id) reads the next or the previous page from where
 * the reader is (pageAnchorShape).
 */
export const OrderListQuerySchema = withPageCap(
  withOneAnchor(
    z.object({
      ...listQueryShape,
      ...pageAnchorShape,
      status: statusListField(ORDER_STATUSES, readOrderStatusText),
    }),
  ),
);
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;
