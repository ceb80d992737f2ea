/**
 * The new-order wizard (docs/product.md, sections 3 and 5): one schema per step, with the
 * specification's messages, and the mapping from the finished form to the creation payload. The
 * fields the form shares with the payload are the payload's own schemas, so the form cannot
 * accept what the server refuses.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { findCity } from '../cities';
import { CARGO_TYPES, PRIORITIES, type CargoType, type Priority } from '../pricing';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, requiredText } from './auth-schemas';
import {
  CreateOrderSchema,
  FeePaidBySchema,
  type CreateOrderInput,
  type PriceRequestSchema,
} from './order-schemas';

const orderFields = CreateOrderSchema.in.shape;

const PrioritySchema = z.enum(PRIORITIES, { error: messageKey('order.priority_required') });

/**
 * Step 1: the pickup and delivery cities (docs/product.md, decision 13),
 * each with a street address.
 */
export const RouteStepSchema = z.object({
  pickupLocation: orderFields.pickup_loc,
  pickupAddress: orderFields.pickup_address,
  deliveryLocation: orderFields.delivery_loc,
  deliveryAddress: orderFields.delivery_address,
});

/** Step 2: what travels. Priority is chosen here because leaving this step prices the order. */
export const CargoStepSchema = z.object({
  weight: orderFields.weight,
  length: orderFields.leingth.unwrap(),
  width: orderFields.width,
  height: orderFields.height,
  cargoType: z.enum(CARGO_TYPES, { error: messageKey('order.cargo_type_required') }),
  priority: PrioritySchema,
  shipmentInfo: orderFields.shipment_info,
});

/** Step 3: who receives it, and the special instructions (sent as shipment_note). */
export const ReceiverStepSchema = z.object({
  priority: PrioritySchema,
  receiverName: requiredText(messageKey('order.receiver_name_required')).max(
    100,
    messageKey('validation.too_long', { max: 100 }),
  ),
  receiverPhone: requiredText(messageKey('order.receiver_phone_required'))
    .max(PHONE_MAX_LENGTH, messageKey('validation.phone_invalid'))
    .regex(PHONE_PATTERN, messageKey('validation.phone_invalid')),
  receiverEmail: orderFields.receiver_email,
  specialInstructions: orderFields.shipment_note,
});

export const WIZARD_PAYMENT_METHODS = ['card', 'cod'] as const;
export type WizardPaymentMethod = (typeof WIZARD_PAYMENT_METHODS)[number];

/**
 * Step 4's money (docs/decisions/0020-merchant-money.md): the goods' value the driver collects,
 * who pays the delivery fee, and the declared value; the payload's own field rules.
 */
const MoneyFieldsSchema = z.object({
  codAmount: orderFields.cod_amount,
  feePaidBy: FeePaidBySchema.default('sender'),
  declaredValue: orderFields.declared_value,
});

/**
 * Step 4. Card details are required when paying by card and checked on screen only
 * (docs/product.md, decision 4): nothing below maps them into the payload. A receiver who pays
 * the fee pays it in cash at the door, so never with a card.
 */
export const PaymentStepSchema = z
  .discriminatedUnion(
    'paymentMethod',
    [
      z.object({
        paymentMethod: z.literal('card'),
        cardNumber: requiredText(messageKey('order.card_number_required')),
        cardName: requiredText(messageKey('order.card_name_required')),
        expiryDate: requiredText(messageKey('order.card_expiry_required')),
        cvv: requiredText(messageKey('order.card_cvv_required')),
      }),
      z.object({ paymentMethod: z.literal('cod') }),
    ],
    { error: messageKey('order.payment_method_required') },
  )
  .and(MoneyFieldsSchema)
  .superRefine((step, context) => {
    if (step.paymentMethod === 'card' && step.feePaidBy === 'receiver') {
      context.addIssue({
        code: 'custom',
        path: ['feePaidBy'],
        message: messageKey('order.receiver_pays_in_cash'),
      });
    }
  });

/** The steps that take input, in order; step 5 is the confirmation. */
export const NEW_ORDER_STEP_SCHEMAS = [
  RouteStepSchema,
  CargoStepSchema,
  ReceiverStepSchema,
  PaymentStepSchema,
] as const;

export const NewOrderWizardSchema = RouteStepSchema.extend(CargoStepSchema.shape)
  .extend(ReceiverStepSchema.shape)
  .and(PaymentStepSchema);
export type NewOrderWizard = z.output<typeof NewOrderWizardSchema>;

export type NewOrderWizardField =
  | keyof z.input<typeof RouteStepSchema>
  | keyof z.input<typeof CargoStepSchema>
  | keyof z.input<typeof ReceiverStepSchema>
  | 'paymentMethod'
  | keyof z.input<typeof MoneyFieldsSchema>
  | 'cardNumber'
  | 'cardName'
  | 'expiryDate'
  | 'cvv';

/** The fields each input step shows, to find the step that holds a field the server refused. */
export const NEW_ORDER_STEP_FIELDS: readonly (readonly NewOrderWizardField[])[] = [
  ['pickupLocation', 'pickupAddress', 'deliveryLocation', 'deliveryAddress'],
  ['weight', 'length', 'width', 'height', 'cargoType', 'priority', 'shipmentInfo'],
  ['priority', 'receiverName', 'receiverPhone', 'receiverEmail', 'specialInstructions'],
  [
    'codAmount',
    'feePaidBy',
    'declaredValue',
    'paymentMethod',
    'cardNumber',
    'cardName',
    'expiryDate',
    'cvv',
  ],
];

/**
 * The payload's field names (docs/product.md, section 3) and the wizard field each one comes from.
 */
const PAYLOAD_FIELD_SOURCES: Readonly<Record<string, NewOrderWizardField>> = {
  priority: 'priority',
  pickup_loc: 'pickupLocation',
  delivery_loc: 'deliveryLocation',
  pickup_address: 'pickupAddress',
  delivery_address: 'deliveryAddress',
  weight: 'weight',
  leingth: 'length',
  length: 'length',
  width: 'width',
  height: 'height',
  cargo_type: 'cargoType',
  payment_method: 'paymentMethod',
  cod_amount: 'codAmount',
  fee_paid_by: 'feePaidBy',
  declared_value: 'declaredValue',
  shipment_info: 'shipmentInfo',
  shipment_note: 'specialInstructions',
  receiver_name: 'receiverName',
  receiver_phone: 'receiverPhone',
  receiver_email: 'receiverEmail',
};

/** The wizard field behind a field the server names in a 400 `{ errors }`, if there is one. */
export function findWizardFieldOf(payloadField: string): NewOrderWizardField | undefined {
  return Object.hasOwn(PAYLOAD_FIELD_SOURCES, payloadField)
    ? PAYLOAD_FIELD_SOURCES[payloadField]
    : undefined;
}

/** The index of the first input step showing one of `fields`, or undefined. */
export function findFirstStepOf(fields: readonly string[]): number | undefined {
  const index = NEW_ORDER_STEP_FIELDS.findIndex((stepFields) =>
    stepFields.some((field) => fields.includes(field)),
  );
  return index === -1 ? undefined : index;
}

/**
 * The creation payload of docs/product.md, section 3 (with its `leingth` spelling). The
 * price is sent as the specification has it, though the server computes its own; card
 * details never leave the form.
 */
export function toCreateOrderPayload(order: NewOrderWizard, price: number): CreateOrderInput {
  return {
    priority: order.priority,
    pickup_loc: order.pickupLocation,
    delivery_loc: order.deliveryLocation,
    pickup_address: order.pickupAddress,
    delivery_address: order.deliveryAddress,
    width: order.width,
    height: order.height,
    weight: order.weight,
    leingth: order.length,
    payment_method: order.paymentMethod === 'card' ? 'online' : 'cash_on_delivery',
    cod_amount: order.codAmount,
    fee_paid_by: order.feePaidBy,
    ...(order.declaredValue !== undefined && { declared_value: order.declaredValue }),
    price,
    shipment_info: order.shipmentInfo,
    shipment_note: order.specialInstructions,
    receiver_name: order.receiverName,
    receiver_phone: order.receiverPhone,
    receiver_email: order.receiverEmail,
    cargo_type: order.cargoType,
  };
}

export interface PricedShipment {
  pickupLocation: string;
  deliveryLocation: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  priority: Priority;
}

/**
 * The price request for a shipment between two listed cities, or undefined when a city is not
 * on the list (the specification skips the calculation then).
 */
export function toPriceRequest(
  shipment: PricedShipment,
): z.output<typeof PriceRequestSchema> | undefined {
  const origin = findCity(shipment.pickupLocation);
  const destination = findCity(shipment.deliveryLocation);
  if (!origin || !destination) return undefined;
  return {
    origin: { lat: origin.lat, lng: origin.lng },
    destination: { lat: destination.lat, lng: destination.lng },
    weight: shipment.weight,
    length: shipment.length,
    width: shipment.width,
    height: shipment.height,
    type: shipment.priority,
  };
}

export const DEFAULT_CARGO_TYPE: CargoType = 'general';
export const DEFAULT_PRIORITY: Priority = 'normal';
