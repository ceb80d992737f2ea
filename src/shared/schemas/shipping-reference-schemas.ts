/**
 * What a shipper's system asks before it sends parcels (docs/decisions/0021-shippers-api.md,
 * "Rates and cities"): the price of a route, as the wizard would charge it, and the cities served.
 *
 *   GET /api/v1/rates?from=&to=&weight=&codAmount=&feePaidBy=&priority= → RateSchema
 *   GET /api/v1/cities                                                   → CityListSchema
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { FEE_PAYERS } from '../merchant-money';
import { PRIORITIES } from '../pricing';
import { CodAmountSchema, FeePaidBySchema, WeightSchema, cityField } from './order-schemas';

/** `from` and `to` take a city's name in English, French or Arabic ('Fès', 'فاس'). */
export const RateQuerySchema = z.object({
  from: cityField(messageKey('order.pickup_required')),
  to: cityField(messageKey('order.delivery_required')),
  weight: WeightSchema,
  codAmount: CodAmountSchema.transform((amount) => amount ?? 0),
  feePaidBy: FeePaidBySchema.default('sender'),
  priority: z.enum(PRIORITIES, { error: messageKey('order.priority_required') }).default('normal'),
});
export type RateQuery = z.output<typeof RateQuerySchema>;

export const RateSchema = z
  .object({
    /** The cities' listed names. */
    from: z.string(),
    to: z.string(),
    weight: z.number(),
    priority: z.enum(PRIORITIES),
    /** The delivery's price in MAD: what POST /api/v1/parcels will charge for the same parcel. */
    price: z.number(),
    currency: z.literal('MAD'),
    /** Kilometres by road (or the straight-line estimate when routing is unavailable). */
    distance: z.number(),
    /** The expected time on the road, in minutes. */
    durationMinutes: z.number(),
    codAmount: z.number(),
    feePaidBy: z.enum(FEE_PAYERS),
    /** What the receiver pays at the door: codAmount, plus the price when the receiver pays it. */
    amountToCollect: z.number(),
  })
  .meta({
    example: {
      from: 'Casablanca',
      to: 'Rabat',
      weight: 2.5,
      priority: 'normal',
      price: 112.4,
      currency: 'MAD',
      distance: 87.3,
      durationMinutes: 75,
      codAmount: 350,
      feePaidBy: 'receiver',
      amountToCollect: 462.4,
    },
  });
export type Rate = z.infer<typeof RateSchema>;

export const CitySchema = z.object({
  /** The canonical name: what parcels and every answer use. */
  name: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  /** The region, written the official French way, and in Arabic. */
  region: z.string(),
  regionAr: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type City = z.infer<typeof CitySchema>;

export const CityListSchema = z.object({ items: z.array(CitySchema) }).meta({
  example: {
    items: [
      {
        name: 'Fes',
        nameFr: 'Fès',
        nameAr: 'فاس',
        region: 'Fès-Meknès',
        regionAr: 'فاس مكناس',
        lat: 34.0181,
        lng: -5.0078,
      },
    ],
  },
});
export type CityList = z.infer<typeof CityListSchema>;
