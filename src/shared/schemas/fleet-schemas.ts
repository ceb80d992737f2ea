/**
 * Fleet: trucks, their drivers, and the truck-driver combinations an order can be given to.
 * Conventions as in admin-schemas.ts (lists are plain arrays, total in X-Total-Count, CSV at
 * `<list path>/export.csv`).
 *
 *   GET  /api/admin/trucks         ?AdminTruckListQuerySchema → AdminTruckListSchema
 *   GET  /api/admin/trucks/export.csv                         → text/csv
 *   GET  /api/admin/truck-driver   ?TruckDriverQuerySchema    → TruckDriverCombinationListSchema
 *   POST /api/admin/trucks/add     CreateDriverTruckSchema     → 201 CreateDriverTruckResultSchema
 *   POST /api/admin/drivers/:id/deactivate                     → DriverActivationResultSchema
 *   POST /api/admin/drivers/:id/activate                       → DriverActivationResultSchema
 *   POST /api/admin/drivers/:id/unlock-sign-in                 → DriverSignInUnlockResultSchema
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { addDays, toBusinessDate } from '../business-calendar';
import { DOCUMENT_STATUSES } from '../fleet-rules';
import { toE164 } from '../phone';
import { TRUCK_STATUSES } from '../order-status';
import { SERVER_MAX_WEIGHT_KG } from '../pricing';
import {
  EmailSchema,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  requiredText,
  requiredTextUpTo,
} from './auth-schemas';
import { listQueryShape, withPageCap } from './list-schemas';
import { statusListField } from './status-list-field';

export const OLDEST_TRUCK_YEAR = 1950;
export const DRIVER_TRUCK_ADDED_MESSAGE = messageKey('fleet.driver_truck_added');

/** Plates are compared as written on the truck: upper case, single spaces. */
export const TruckNumberSchema = requiredText(messageKey('fleet.truck_number_required'))
  .max(20, messageKey('fleet.truck_number_too_long'))
  .transform((plate) => plate.replace(/\s+/g, ' ').toUpperCase());

/** Identity numbers (CIN, licence) are compared in upper case, as printed on the cards. */
const identityNumber = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(30, messageKey('validation.too_long', { max: 30 }))
    .transform((value) => value.toUpperCase());

const isoDate = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(10, messageKey('validation.date_invalid'))
    .pipe(z.iso.date({ error: messageKey('validation.date_invalid') }));

/** Empty form fields arrive as '' or null: both mean "missing", not zero. */
const requiredNumber = (requiredMessage: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: requiredMessage }).refine(Number.isFinite, requiredMessage),
  );

const optionalEmail = z
  .union([z.literal(''), z.null(), EmailSchema])
  .optional()
  .transform((email) => email || undefined);

/**
 * POST /api/admin/trucks/add: the driver-plus-truck payload of docs/product.md, section 3, under
 * the names docs/product.md, decision 16 maps the form's fields to. A new truck is always AVAILABLE
 * at Depot 1; the two fixed fields may be sent but cannot say anything else.
 */
/** A road train's box is about 100 m³; more is a typing slip. */
export const MAX_TRUCK_VOLUME_M3 = 150;

export const CreateDriverTruckSchema = z.object({
  fullName: requiredTextUpTo(messageKey('validation.full_name_required'), 100),
  // The driver signs in with this number, compared in E.164 (docs/decisions/0009-drivers.md).
  phone: requiredText(messageKey('validation.phone_required'))
    .max(PHONE_MAX_LENGTH, messageKey('validation.phone_invalid'))
    .regex(PHONE_PATTERN, messageKey('validation.phone_invalid'))
    .refine((phone) => toE164(phone) !== undefined, messageKey('fleet.phone_not_moroccan')),
  email: optionalEmail,
  nationalId: identityNumber(messageKey('validation.national_id_required')),
  license: identityNumber(messageKey('fleet.license_required')),
  licenseExpire: isoDate(messageKey('fleet.license_expiry_required')),
  truckNumber: TruckNumberSchema,
  capacity: requiredNumber(messageKey('fleet.capacity_required')).pipe(
    z
      .number()
      .gt(0, messageKey('fleet.capacity_positive'))
      .max(SERVER_MAX_WEIGHT_KG, messageKey('fleet.capacity_too_large')),
  ),
  /** The load space in m³, when known: only then does volume limit the truck's runs. */
  capacityM3: z
    .number({ error: messageKey('fleet.capacity_m3_invalid') })
    .gt(0, messageKey('fleet.capacity_m3_invalid'))
    .max(MAX_TRUCK_VOLUME_M3, messageKey('fleet.capacity_m3_too_large'))
    .optional(),
  truckYear: requiredNumber(messageKey('fleet.year_required')).pipe(
    z
      .number()
      .int(messageKey('fleet.year_not_integer'))
      .superRefine((year, context) => {
        const nextYear = new Date().getFullYear() + 1;
        if (year < OLDEST_TRUCK_YEAR || year > nextYear) {
          context.addIssue({
            code: 'custom',
            message: messageKey('fleet.year_out_of_range', {
              min: String(OLDEST_TRUCK_YEAR),
              max: String(nextYear),
            }),
          });
        }
      }),
  ),
  model: requiredTextUpTo(messageKey('fleet.model_required'), 60),
  truckType: requiredTextUpTo(messageKey('fleet.truck_type_required'), 40),
  // A future inspection date (a mistyped year) would keep the 12-month safeguard quiet for
  // years; a day of slack covers a browser a time zone ahead.
  technicalDate: isoDate(messageKey('fleet.inspection_date_required')).refine(
    (date) => date <= addDays(toBusinessDate(new Date()), 1),
    messageKey('fleet.inspection_date_future'),
  ),
  status: z.literal('AVAILABLE', { error: messageKey('fleet.status_fixed') }).optional(),
  location: z.literal('Depot 1', { error: messageKey('fleet.location_fixed') }).optional(),
});
export type CreateDriverTruckInput = z.input<typeof CreateDriverTruckSchema>;
export type CreateDriverTruck = z.output<typeof CreateDriverTruckSchema>;

export const TruckStatusSchema = z.enum(TRUCK_STATUSES);
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);

/**
 * One row of the Trucks Active screen (docs/product.md, section 3 "Truck", with
 * its driver and documents).
 */
export const AdminTruckSchema = z.object({
  id: z.uuid(),
  truckNumber: z.string(),
  truckType: z.string(),
  model: z.string(),
  truckYear: z.number(),
  /** Kilograms. */
  capacity: z.number(),
  /** m³, when known. */
  capacityM3: z.number().nullable(),
  status: TruckStatusSchema,
  location: z.string(),
  /** The driver's name (docs/product.md, section 3 names it fullName on the truck). */
  fullName: z.string(),
  driverId: z.uuid(),
  /** False once an admin deactivated the driver: no sign-in, no dispatch. */
  driverActive: z.boolean(),
  /** True after 10 wrong sign-in codes in 24 hours, until an admin unlocks phone sign-in. */
  driverSignInLocked: z.boolean(),
  phone: z.string(),
  email: z.string().nullable(),
  license: z.string(),
  licenseExpire: z.iso.date(),
  /** The licence: expired, expiring within 30 days, or valid. */
  licenseStatus: DocumentStatusSchema,
  technicalDate: z.iso.date(),
  /** Last day the inspection counts (12 months after it). */
  inspectionDue: z.iso.date(),
  /** The inspection: more than 12 months old (expired), due within 30 days, or valid. */
  inspectionStatus: DocumentStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminTruck = z.infer<typeof AdminTruckSchema>;
export const AdminTruckListSchema = z.array(AdminTruckSchema);

/** `?page=&pageSize=&q=&status=`: q searches plate, driver name, type and model. */
export const AdminTruckListQuerySchema = withPageCap(
  z.object({
    ...listQueryShape,
    status: statusListField(TRUCK_STATUSES, (status) => status.toUpperCase()),
  }),
);
export type AdminTruckListQuery = z.output<typeof AdminTruckListQuerySchema>;

export const CreateDriverTruckResultSchema = z.object({
  message: z.string(),
  truck: AdminTruckSchema,
});
export type CreateDriverTruckResult = z.infer<typeof CreateDriverTruckResultSchema>;

export const DRIVER_DEACTIVATED_MESSAGE = messageKey('fleet.driver_deactivated');
export const DRIVER_ACTIVATED_MESSAGE = messageKey('fleet.driver_activated');

export const DriverActivationResultSchema = z.object({
  message: z.string(),
  driverId: z.uuid(),
  driverActive: z.boolean(),
});
export type DriverActivationResult = z.infer<typeof DriverActivationResultSchema>;

export const DriverSignInUnlockResultSchema = z.object({
  message: z.string(),
  driverId: z.uuid(),
  driverSignInLocked: z.literal(false),
});
export type DriverSignInUnlockResult = z.infer<typeof DriverSignInUnlockResultSchema>;

/** With `orderId`, only the combinations that may take that order today. */
export const TruckDriverQuerySchema = z.object({
  orderId: z
    .string()
    .trim()
    .max(100, messageKey('request.param_too_long', { param: 'orderId', max: 100 }))
    .optional(),
});
export type TruckDriverQuery = z.output<typeof TruckDriverQuerySchema>;

/** An AVAILABLE truck with its own driver (docs/product.md, section 3): `id` is the driver's id. */
export const TruckDriverCombinationSchema = z.object({
  truckId: z.uuid(),
  truckNumber: z.string(),
  id: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  license: z.string(),
  /** Kilograms. */
  capacity: z.number(),
  truckType: z.string(),
  model: z.string(),
  licenseExpire: z.iso.date(),
  technicalDate: z.iso.date(),
});
export type TruckDriverCombination = z.infer<typeof TruckDriverCombinationSchema>;
export const TruckDriverCombinationListSchema = z.array(TruckDriverCombinationSchema);
