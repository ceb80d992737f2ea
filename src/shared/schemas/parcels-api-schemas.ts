/**
 * The requests and answers of /api/v1/parcels (docs/decisions/0021-shippers-api.md, "The parcels
 * API"), with the examples the OpenAPI document shows a shop's developer.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { ORDER_STATUSES } from '../order-status';
import { MAX_PARCELS_PER_REQUEST } from '../shippers-api';
import { CustomerCancelSchema } from './admin-schemas';
import { ApiParcelSchema, ParcelInputSchema, type ApiParcel } from './parcel-schemas';
import { ReattemptSchema } from './returns-schemas';

/** A parcel page's size when the query names none, and the most one page holds. */
export const DEFAULT_PARCEL_PAGE_SIZE = 50;
export const MAX_PARCEL_PAGE_SIZE = 100;

const parcelInputExample = {
  reference: 'SHOP-10042',
  receiver: {
    name: 'Karim Alaoui',
    phone: '+212612345678',
    address: '12 rue Ibn Batouta, Agdal',
    city: 'Rabat',
    email: 'karim@example.ma',
  },
  sender: { city: 'Casablanca', address: '5 boulevard Zerktouni' },
  weight: 2.5,
  dimensions: { length: 30, width: 20, height: 15 },
  codAmount: 350,
  feePaidBy: 'sender',
  declaredValue: 400,
  description: 'Ceramic teapot',
  notes: 'Call before arriving',
};

export const apiParcelExample: ApiParcel = {
  trackingNumber: 'MA-7K3Q-9ZP2',
  reference: 'SHOP-10042',
  status: 'PENDING',
  receiver: {
    name: 'Karim Alaoui',
    phone: '+212612345678',
    email: 'karim@example.ma',
    address: '12 rue Ibn Batouta, Agdal',
    city: 'Rabat',
  },
  sender: { address: '5 boulevard Zerktouni', city: 'Casablanca' },
  weight: 2.5,
  dimensions: { length: 30, width: 20, height: 15 },
  priority: 'normal',
  cargoType: 'general',
  description: 'Ceramic teapot',
  notes: 'Call before arriving',
  price: 45.5,
  codAmount: 350,
  feePaidBy: 'sender',
  declaredValue: 400,
  amountToCollect: 350,
  distance: 88.4,
  pickedUpAt: null,
  deliveredAt: null,
  cancelReason: null,
  labelUrl: 'https://atlas.example.ma/api/v1/parcels/MA-7K3Q-9ZP2/label',
  createdAt: '2026-11-27T09:30:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
  failedAttempts: 0,
  nextAttemptOn: null,
  awaitingDecisionSince: null,
  returnReason: null,
  receiverInstructions: null,
  receiverOtherPhone: null,
  allowOpen: false,
};

const refusedItemExample = {
  index: 1,
  status: 400,
  code: 'validation.phone_invalid',
  message: 'Please enter a valid phone number',
  errors: { 'receiver.phone': 'Please enter a valid phone number' },
  errorCodes: { 'receiver.phone': 'validation.phone_invalid' },
};

/** `{parcels: […]}`: up to 100 parcels in one call, each answered on its own. */
export const ParcelBatchSchema = z.object({
  parcels: z
    .array(ParcelInputSchema)
    .min(1, messageKey('parcel.batch_empty'))
    .max(
      MAX_PARCELS_PER_REQUEST,
      messageKey('parcel.batch_too_large', { max: MAX_PARCELS_PER_REQUEST }),
    ),
});

/**
 * What the OpenAPI document says POST /api/v1/parcels takes: one parcel, or a batch. Its examples
 * are `x-examples` (named, as @fastify/swagger puts them on the request body): zod leaves plain
 * `examples` out of a schema with defaults or transforms when it describes the input.
 */
export const CreateParcelsDocSchema = z.union([ParcelBatchSchema, ParcelInputSchema]).meta({
  'x-examples': {
    oneParcel: { summary: 'One parcel', value: parcelInputExample },
    batch: {
      summary: 'A batch (the second parcel is refused: its phone number is not valid)',
      value: {
        parcels: [
          parcelInputExample,
          {
            ...parcelInputExample,
            reference: 'SHOP-10043',
            receiver: { ...parcelInputExample.receiver, phone: '06 12' },
          },
        ],
      },
    },
  },
});

/**
 * What POST /api/v1/parcels validates before its handler: a batch's size only when `parcels` is
 * there. Each parcel is checked by the parcels' own rules (checkParcels), so that one bad parcel
 * of a batch is that item's refusal, not the whole request's.
 */
export const CreateParcelsBodySchema = z.looseObject({
  parcels: z
    .array(z.unknown(), { error: messageKey('parcel.batch_empty') })
    .min(1, messageKey('parcel.batch_empty'))
    .max(
      MAX_PARCELS_PER_REQUEST,
      messageKey('parcel.batch_too_large', { max: MAX_PARCELS_PER_REQUEST }),
    )
    .optional(),
});
export type CreateParcelsBody = z.output<typeof CreateParcelsBodySchema>;

const CreatedItemSchema = z.object({
  index: z.number().int(),
  status: z.literal(201),
  parcel: ApiParcelSchema,
});
const RefusedItemSchema = z.object({
  index: z.number().int(),
  status: z.union([z.literal(400), z.literal(409)]),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  errorCodes: z.record(z.string(), z.string()).optional(),
});

/** 207: every parcel of a batch answered at its index; the valid ones are created. */
export const ParcelBatchResultSchema = z
  .object({
    items: z.array(z.union([CreatedItemSchema, RefusedItemSchema])),
    created: z.number().int(),
    refused: z.number().int(),
  })
  .meta({
    examples: [
      {
        items: [{ index: 0, status: 201, parcel: apiParcelExample }, refusedItemExample],
        created: 1,
        refused: 1,
      },
    ],
  });
export type ParcelBatchResult = z.infer<typeof ParcelBatchResultSchema>;
export type ParcelBatchItem = ParcelBatchResult['items'][number];

/** One parcel as /api/v1 answers it. */
export const ApiParcelDocSchema = ApiParcelSchema.meta({ examples: [apiParcelExample] });

export const TrackingNumberParamsSchema = z
  .object({
    trackingNumber: z
      .string()
      .trim()
      .min(1, messageKey('request.param_required', { param: 'trackingNumber' }))
      .max(40, messageKey('request.param_too_long', { param: 'trackingNumber', max: 40 })),
  })
  .meta({ examples: [{ trackingNumber: 'MA-7K3Q-9ZP2' }] });

/**
 * GET /api/v1/parcels: by `reference`, or the organization's parcels in the order they last
 * changed, from `cursor` on, optionally of one status and changed since a time.
 */
export const ParcelListQuerySchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, messageKey('request.param_required', { param: 'reference' }))
    .max(64, messageKey('request.param_too_long', { param: 'reference', max: 64 }))
    .optional(),
  status: z
    .enum(ORDER_STATUSES, {
      error: messageKey('request.param_not_one_of', {
        param: 'status',
        values: ORDER_STATUSES.join(', '),
      }),
    })
    .optional(),
  updatedSince: z.iso
    .datetime({
      offset: true,
      error: messageKey('parcel.param_not_datetime', { param: 'updatedSince' }),
    })
    .optional(),
  cursor: z.string().max(200, messageKey('parcel.cursor_invalid')).optional(),
  limit: z.coerce
    .number({ error: messageKey('request.param_not_number', { param: 'limit' }) })
    .int(messageKey('request.param_not_integer', { param: 'limit' }))
    .min(1, messageKey('request.param_too_small', { param: 'limit', min: 1 }))
    .max(
      MAX_PARCEL_PAGE_SIZE,
      messageKey('request.param_too_large', { param: 'limit', max: MAX_PARCEL_PAGE_SIZE }),
    )
    .default(DEFAULT_PARCEL_PAGE_SIZE),
});
export type ParcelListQuery = z.output<typeof ParcelListQuerySchema>;

/** A page of parcels; `nextCursor` reads the next one (null: none yet, ask again later). */
export const ParcelPageSchema = z
  .object({ items: z.array(ApiParcelSchema), nextCursor: z.string().nullable() })
  .meta({
    examples: [{ items: [apiParcelExample], nextCursor: 'MjAyNi0xMS0yNyAwOTozMDowMCswMHw' }],
  });
export type ParcelPage = z.infer<typeof ParcelPageSchema>;

/**
 * POST /api/v1/parcels/:trackingNumber/reattempt (ReattemptSchema of returns-schemas.ts); its
 * example named, as CreateParcelsDocSchema's are (the schema transforms its input).
 */
export const ReattemptParcelSchema = ReattemptSchema.meta({
  'x-examples': {
    anotherDay: {
      summary: 'Another day, another phone and a note for the driver',
      value: { on: '2026-11-30', phone: '+212612345678', note: 'Call at noon' },
    },
  },
});

export const CancelParcelSchema = CustomerCancelSchema.meta({
  examples: [{ reason: 'The customer cancelled the order' }],
});
