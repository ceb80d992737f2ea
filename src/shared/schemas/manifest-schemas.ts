/**
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"). Lists
 * as elsewhere (total in X-Total-Count, CSV at `<list path>/export.csv`); money in MAD.
 *
 *   POST /api/admin/manifests                 CreateDispatchManifestSchema → 201 ManifestCreatedSchema
 *   GET  /api/admin/manifests                 ?AdminManifestListQuerySchema → ManifestSchema[]
 *   GET  /api/admin/manifests/drivers                                      → ManifestDriverSchema[]
 *   GET  /api/admin/manifests/parcels         ?DispatchParcelsQuerySchema  → ManifestParcelCandidateSchema[]
 *   GET  /api/admin/manifests/:id                                          → { manifest: ManifestDetailSchema }
 *   GET  /api/admin/manifests/:id/pdf                                      → application/pdf
 *   POST /api/dashboard/manifests             CreateCollectionManifestSchema → 201 ManifestCreatedSchema
 *   GET  /api/dashboard/manifests             ?ManifestListQuerySchema     → { manifests: ManifestSchema[] }
 *   GET  /api/dashboard/manifests/parcels                                  → { parcels: ManifestParcelCandidateSchema[] }
 *   GET  /api/dashboard/manifests/:id/pdf                                  → application/pdf
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { MANIFEST_KINDS, MAX_MANIFEST_PARCELS } from '../labels';
import { ORDER_STATUSES } from '../order-status';
import { pagingShape, withPageCap } from './list-schemas';

export const manifestMessages = {
  orderIdsInvalid: messageKey('manifest.order_ids_invalid'),
  orderIdsEmpty: messageKey('manifest.order_ids_empty'),
  tooManyParcels: messageKey('manifest.too_many_parcels', { max: MAX_MANIFEST_PARCELS }),
  orderIdsRepeated: messageKey('manifest.order_ids_repeated'),
  driverIdInvalid: messageKey('manifest.driver_id_invalid'),
} as const;

/** The parcels of a sheet, in the order they are printed: 1 to MAX_MANIFEST_PARCELS, each once. */
const OrderIdsSchema = z
  .array(z.uuid({ error: manifestMessages.orderIdsInvalid }), {
    error: manifestMessages.orderIdsInvalid,
  })
  .min(1, manifestMessages.orderIdsEmpty)
  .max(MAX_MANIFEST_PARCELS, manifestMessages.tooManyParcels)
  .refine((ids) => new Set(ids).size === ids.length, manifestMessages.orderIdsRepeated);

/** POST /api/admin/manifests: the office's sheet for parcels leaving with one driver. */
export const CreateDispatchManifestSchema = z.object({
  driverId: z.uuid({ error: manifestMessages.driverIdInvalid }),
  orderIds: OrderIdsSchema,
});
export type CreateDispatchManifest = z.output<typeof CreateDispatchManifestSchema>;

/** POST /api/dashboard/manifests: a merchant's sheet for parcels a driver collects from it. */
export const CreateCollectionManifestSchema = z.object({ orderIds: OrderIdsSchema });
export type CreateCollectionManifest = z.output<typeof CreateCollectionManifestSchema>;

export const ManifestCreatedSchema = z.object({ id: z.uuid(), number: z.number().int() });
export type ManifestCreated = z.infer<typeof ManifestCreatedSchema>;

export const ManifestKindSchema = z.enum(MANIFEST_KINDS);

const timestamp = z.iso.datetime({ offset: true });

/** A sheet as the lists show it. */
export const ManifestSchema = z.object({
  id: z.uuid(),
  /** The number people say and write on the paper. */
  number: z.number().int(),
  kind: ManifestKindSchema,
  createdAt: timestamp,
  /** Null on a collection sheet whose parcels had no single driver: the paper leaves it blank. */
  driver: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }).nullable(),
  truckNumber: z.string().nullable(),
  /** The merchant of a collection sheet; null on the office's dispatch sheets. */
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  parcelCount: z.number().int(),
  totalToCollect: z.number(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const ManifestLineSchema = z.object({
  position: z.number().int(),
  orderId: z.uuid(),
  trackingNumber: z.string(),
  receiverName: z.string().nullable(),
  /** As printed: the city the order was going to when the sheet was made. */
  receiverCity: z.string(),
  amountToCollect: z.number(),
});

export const ManifestDetailSchema = ManifestSchema.extend({ lines: z.array(ManifestLineSchema) });
export type ManifestDetail = z.infer<typeof ManifestDetailSchema>;

const dateFilter = z.iso
  .date({ error: messageKey('validation.date_invalid') })
  .optional()
  .or(z.literal('').transform(() => undefined));

/** `?page=&pageSize=&date=`: the organization's sheets, of one day of Morocco's calendar. */
export const ManifestListQuerySchema = withPageCap(z.object({ ...pagingShape, date: dateFilter }));
export type ManifestListQuery = z.output<typeof ManifestListQuerySchema>;

/** The office's list adds the driver. */
export const AdminManifestListQuerySchema = withPageCap(
  z.object({
    ...pagingShape,
    date: dateFilter,
    driverId: z
      .uuid({ error: messageKey('manifest.param_not_driver_id', { param: 'driverId' }) })
      .optional(),
  }),
);
export type AdminManifestListQuery = z.output<typeof AdminManifestListQuerySchema>;

/** An active driver the office can make a sheet for, with what they carry now. */
export const ManifestDriverSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  truckNumber: z.string().nullable(),
  /** Parcels with them not yet delivered or cancelled: what a sheet can list. */
  parcelCount: z.number().int(),
});
export type ManifestDriver = z.infer<typeof ManifestDriverSchema>;

/**
 * `?driverId=` a driver's parcels that a sheet can list, or `?orderIds=a,b` those parcels (when
 * still on the road), each with its driver: the new sheet's screen preselects the driver of
 * scanned parcels.
 */
export const DispatchParcelsQuerySchema = z.object({
  driverId: z
    .uuid({ error: messageKey('manifest.param_not_driver_id', { param: 'driverId' }) })
    .optional(),
  orderIds: z
    .string()
    // A uuid (36 characters) and its comma per parcel: a longer text names too many.
    .max(
      MAX_MANIFEST_PARCELS * 37,
      messageKey('manifest.param_not_order_ids', { param: 'orderIds' }),
    )
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.uuid({ error: messageKey('manifest.param_not_order_ids', { param: 'orderIds' }) }))
        .max(MAX_MANIFEST_PARCELS, manifestMessages.tooManyParcels),
    )
    .optional(),
});
export type DispatchParcelsQuery = z.output<typeof DispatchParcelsQuerySchema>;

/** A parcel a sheet can list. */
export const ManifestParcelCandidateSchema = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  receiverName: z.string().nullable(),
  receiverCity: z.string(),
  amountToCollect: z.number(),
  driver: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: timestamp,
});
export type ManifestParcelCandidate = z.infer<typeof ManifestParcelCandidateSchema>;
