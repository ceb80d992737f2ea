/**
 * The two calculators of docs/product.md, section 2 with the messages of sections 5 and 9: the
 * distance and price calculator (/calculate-distance) and the direct calculator test page.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { VEHICLE_TYPES } from '../pricing';
import { CreateOrderSchema } from './order-schemas';

const orderFields = CreateOrderSchema.in.shape;

export const BOTH_CITIES_MESSAGE = messageKey('calculator.cities_required');
export const MIN_CALCULATOR_WEIGHT_KG = 1;

/** docs/product.md, section 9: 10 kg and 20 × 15 × 10 cm until the customer says otherwise. */
export const CALCULATOR_DEFAULTS = { weight: 10, length: 20, width: 15, height: 10 } as const;
/** docs/product.md, section 9: the price the calculator shows before the first calculation. */
export const DEFAULT_PRICE_DISPLAY = 5000;

/** A listed city; a blank one gets the calculator's single message for both. */
const calculatorCity = (cityField: z.ZodType<string, string>) =>
  z.string({ error: BOTH_CITIES_MESSAGE }).trim().min(1, BOTH_CITIES_MESSAGE).pipe(cityField);

export const DistanceCalculatorSchema = z.object({
  pickupCity: calculatorCity(orderFields.pickup_loc),
  deliveryCity: calculatorCity(orderFields.delivery_loc),
  weight: orderFields.weight.min(MIN_CALCULATOR_WEIGHT_KG, messageKey('calculator.weight_min')),
  length: orderFields.leingth.unwrap(),
  width: orderFields.width,
  height: orderFields.height,
});
export type DistanceCalculatorInput = z.input<typeof DistanceCalculatorSchema>;
export type DistanceCalculator = z.output<typeof DistanceCalculatorSchema>;

/** A number typed into a field: a blank field is missing, not 0. */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const typedNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: message }).min(min, message).max(max, message),
  );

const latitude = () => typedNumber(messageKey('calculator.latitude_invalid'), -90, 90);
const longitude = () => typedNumber(messageKey('calculator.longitude_invalid'), -180, 180);

/**
 * The direct calculator's inputs. The vehicle's own weight limit is checked by
 * calculateDirectPrice (VehicleWeightLimitError), so that the limits live in one place.
 */
export const DirectCalculatorSchema = z.object({
  originLat: latitude(),
  originLng: longitude(),
  destinationLat: latitude(),
  destinationLng: longitude(),
  weight: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: messageKey('order.weight_required') })
      .gt(0, messageKey('order.weight_required')),
  ),
  vehicle: z.enum(VEHICLE_TYPES, { error: messageKey('calculator.vehicle_required') }),
  express: z.boolean(),
});
export type DirectCalculatorInput = z.input<typeof DirectCalculatorSchema>;
export type DirectCalculator = z.output<typeof DirectCalculatorSchema>;
