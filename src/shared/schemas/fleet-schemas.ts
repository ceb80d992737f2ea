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
 */
import { z } from 'zod';
import { addDays, toBusinessDate } from '../business-calendar';
import { DOCUMENT_STATUSES } from '../fleet-rules';
import { toE164 } from '../phone';
import { TRUCK_STATUSES } from '../order-status';
import { SERVER_MAX_WEIGHT_KG } from '../pricing';
import { EmailSchema, PHONE_MAX_LENGTH, PHONE_PATTERN, requiredText } from './auth-schemas';
import { listQueryShape, withPageCap } from './list-schemas';
import { statusListField } from './status-list-field';

export const OLDEST_TRUCK_YEAR = 1950;
export const DRIVER_TRUCK_ADDED_MESSAGE = 'Driver and Truck added successfully!';

/** Plates are compared as written on the truck: upper case, single spaces. */
export const TruckNumberSchema = requiredText('Truck plate number is required')
  .max(20, 'The plate number must be 20 characters or less')
  .transform((plate) => plate.replace(/\s+/g, ' ').toUpperCase());

/** Identity numbers (CIN, licence) are compared in upper case, as printed on the cards. */
const identityNumber = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(30, 'Must be 30 characters or less')
    .transform((value) => value.toUpperCase());

const isoDate = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(10, 'Enter a valid date (yyyy-MM-dd)')
    .pipe(z.iso.date({ error: 'Enter a valid date (yyyy-MM-dd)' }));

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
export const CreateDriverTruckSchema = z.object({
  fullName: requiredText('Full name is required').max(100, 'Must be 100 characters or less'),
  // The driver signs in with this number, compared in E.164 (docs/decisions/0009-drivers.md).
  phone: requiredText('Phone number is required')
    .max(PHONE_MAX_LENGTH, 'Phone number is not valid')
    .regex(PHONE_PATTERN, 'Phone number is not valid')
    .refine(
      (phone) => toE164(phone) !== undefined,
      'Enter a Moroccan number (06…, 07…) or one with its country code (+…)',
    ),
  email: optionalEmail,
  nationalId: identityNumber('National ID is required'),
  license: identityNumber('Driver license number is required'),
  licenseExpire: isoDate('License expiry date is required'),
  truckNumber: TruckNumberSchema,
  capacity: requiredNumber('Truck capacity is required').pipe(
    z
      .number()
      .gt(0, 'Capacity must be more than 0 kg')
      .max(SERVER_MAX_WEIGHT_KG, 'Capacity must be 40,000 kg or less'),
  ),
  truckYear: requiredNumber('Year is required').pipe(
    z
      .number()
      .int('Year must be a whole number')
      .superRefine((year, context) => {
        const nextYear = new Date().getFullYear() + 1;
        if (year < OLDEST_TRUCK_YEAR || year > nextYear) {
          context.addIssue({
            code: 'custom',
            message: `Year must be between ${OLDEST_TRUCK_YEAR} and ${nextYear}`,
          });
        }
      }),
  ),
  model: requiredText('Brand / model is required').max(60, 'Must be 60 characters or less'),
  truckType: requiredText('Truck type is required').max(40, 'Must be 40 characters or less'),
  // A future inspection date (a mistyped year) would keep the 12-month safeguard quiet for
  // years; a day of slack covers a browser a time zone ahead.
  technicalDate: isoDate('Technical inspection date is required').refine(
    (date) => date <= addDays(toBusinessDate(new Date()), 1),
    'The inspection date cannot be in the future',
  ),
  status: z.literal('AVAILABLE', { error: 'A new truck is always AVAILABLE' }).optional(),
  location: z.literal('Depot 1', { error: 'A new truck always starts at Depot 1' }).optional(),
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
  status: TruckStatusSchema,
  location: z.string(),
  /** The driver's name (docs/product.md, section 3 names it fullName on the truck). */
  fullName: z.string(),
  driverId: z.uuid(),
  /** False once an admin deactivated the driver: no sign-in, no dispatch. */
  driverActive: z.boolean(),
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

export const DRIVER_DEACTIVATED_MESSAGE = 'Driver deactivated: they can no longer sign in.';
export const DRIVER_ACTIVATED_MESSAGE = 'Driver reactivated: they can sign in again.';

export const DriverActivationResultSchema = z.object({
  message: z.string(),
  driverId: z.uuid(),
  driverActive: z.boolean(),
});
export type DriverActivationResult = z.infer<typeof DriverActivationResultSchema>;

/** With `orderId`, only the combinations that may take that order today. */
export const TruckDriverQuerySchema = z.object({
  orderId: z.string().trim().max(100, 'orderId must be 100 characters or less').optional(),
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
