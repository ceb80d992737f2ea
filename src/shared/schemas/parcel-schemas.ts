/**
 * The shippers' API's parcel (docs/decisions/0021-shippers-api.md): what POST /api/v1/parcels and
 * an import row give, and the parcel as GET /api/v1 and every webhook show it. Field names are
 * English camelCase and stable; amounts are MAD with at most two decimals, weights kg, sizes cm.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { FEE_PAYERS } from '../merchant-money';
import { ORDER_STATUSES } from '../order-status';
import { CARGO_TYPES, PRIORITIES } from '../pricing';
import { orderAttemptFields } from './returns-schemas';
import { PHONE_PATTERN } from './auth-schemas';
import {
  CodAmountSchema,
  DeclaredValueSchema,
  FeePaidBySchema,
  WeightSchema,
  cityField,
  dimension,
  optionalText,
} from './order-schemas';

/** A merchant's own order number: what their shop calls the parcel, unique in the organization. */
export const PARCEL_REFERENCE_MAX_LENGTH = 64;

const requiredText = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, messageKey('validation.too_long', { max }));

export const ParcelInputSchema = z.object({
  reference: optionalText(PARCEL_REFERENCE_MAX_LENGTH),
  receiver: z.object(
    {
      name: requiredText(100, messageKey('order.receiver_name_required')),
      phone: requiredText(20, messageKey('order.receiver_phone_required')).refine(
        (phone) => PHONE_PATTERN.test(phone),
        messageKey('validation.phone_invalid'),
      ),
      address: requiredText(300, messageKey('parcel.receiver_address_required')),
      city: cityField(messageKey('order.delivery_required')),
      email: optionalText(254).refine(
        (email) => email === undefined || z.email().safeParse(email).success,
        messageKey('validation.email_invalid'),
      ),
    },
    { error: messageKey('parcel.receiver_required') },
  ),
  /** Where the parcel is picked up; the organization's pickup address when left out. */
  sender: z
    .object({
      address: optionalText(300),
      city: cityField(messageKey('order.pickup_required')).optional(),
    })
    .optional(),
  weight: WeightSchema,
  dimensions: z.object(
    { length: dimension('length'), width: dimension('width'), height: dimension('height') },
    { error: messageKey('parcel.dimensions_required') },
  ),
  codAmount: CodAmountSchema.transform((amount) => amount ?? 0),
  feePaidBy: FeePaidBySchema.default('sender'),
  declaredValue: DeclaredValueSchema,
  priority: z.enum(PRIORITIES, { error: messageKey('order.priority_required') }).default('normal'),
  cargoType: z
    .enum(CARGO_TYPES, { error: messageKey('order.cargo_type_required') })
    .default('general'),
  /** What the parcel holds, for the driver and the receiver. */
  description: optionalText(500),
  notes: optionalText(1000),
  /**
   * The tracking number of a delivered parcel of yours this one exchanges: the driver delivers
   * this one and takes that one back (docs/decisions/0023-failed-deliveries-and-returns.md).
   */
  exchangeOf: optionalText(40),
  /** The receiver may open the parcel before paying (printed on the label). */
  allowOpen: z.boolean({ error: messageKey('request.invalid_value') }).default(false),
});
export type ParcelInput = z.input<typeof ParcelInputSchema>;
export type CheckedParcelInput = z.output<typeof ParcelInputSchema>;

/**
 * What a parcel tells of its failed attempts and its return: orderAttemptFields but the exchanged
 * order's internal id, which /api/v1 never shows (it names parcels by tracking number).
 */
function attemptFieldsOfParcel() {
  const { exchangeOf: _internalId, ...fields } = orderAttemptFields;
  return fields;
}

/** The parcel as /api/v1 answers it and every webhook carries it. */
export const ApiParcelSchema = z.object({
  trackingNumber: z.string(),
  reference: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  receiver: z.object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string(),
  }),
  sender: z.object({ address: z.string().nullable(), city: z.string() }),
  weight: z.number(),
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  priority: z.enum(PRIORITIES),
  cargoType: z.enum(CARGO_TYPES),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  /** MAD. */
  price: z.number(),
  codAmount: z.number(),
  feePaidBy: z.enum(FEE_PAYERS),
  declaredValue: z.number().nullable(),
  amountToCollect: z.number(),
  /** Kilometres. */
  distance: z.number(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The PDF label (docs/decisions/0021-shippers-api.md); a labels:read key fetches it. */
  labelUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Failed attempts, the next day, the return (an exchange is named by the parcel's own order). */
  ...attemptFieldsOfParcel(),
});
export type ApiParcel = z.infer<typeof ApiParcelSchema>;
