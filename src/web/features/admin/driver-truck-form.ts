import {
  CreateDriverTruckSchema,
  type CreateDriverTruckInput,
} from '#shared/schemas/fleet-schemas';

/** The Add new form's fields (docs/product.md, section 5), every one kept as the text typed. */
export interface DriverTruckForm {
  fullName: string;
  phone: string;
  email: string;
  nationalId: string;
  license: string;
  expiryDate: string;
  plateNumber: string;
  capacity: string;
  volume: string;
  year: string;
  type: string;
  brand: string;
  inspectionDate: string;
}
export type DriverTruckField = keyof DriverTruckForm;

export const STEP_FIELDS = {
  1: ['fullName', 'phone', 'email', 'nationalId', 'license', 'expiryDate'],
  2: ['plateNumber', 'capacity', 'volume', 'year', 'type', 'brand', 'inspectionDate'],
} as const satisfies Record<1 | 2, readonly DriverTruckField[]>;
export type FormStep = keyof typeof STEP_FIELDS;

/** The email and the truck's volume may stay empty. */
const OPTIONAL_FIELDS: readonly DriverTruckField[] = ['email', 'volume'];

export const EMPTY_DRIVER_TRUCK_FORM: DriverTruckForm = {
  fullName: '',
  phone: '',
  email: '',
  nationalId: '',
  license: '',
  expiryDate: '',
  plateNumber: '',
  capacity: '',
  volume: '',
  year: '',
  type: '',
  brand: '',
  inspectionDate: '',
};

/** Next and Add are enabled only when every required field of the step is filled. */
export function isStepFilled(step: FormStep, values: Partial<DriverTruckForm>): boolean {
  return STEP_FIELDS[step].every(
    (field) => OPTIONAL_FIELDS.includes(field) || (values[field] ?? '').trim() !== '',
  );
}

/** docs/product.md, decision 16: the form's names onto the payload's. */
const PAYLOAD_FIELDS = {
  fullName: 'fullName',
  phone: 'phone',
  email: 'email',
  nationalId: 'nationalId',
  license: 'license',
  expiryDate: 'licenseExpire',
  plateNumber: 'truckNumber',
  capacity: 'capacity',
  volume: 'capacityM3',
  year: 'truckYear',
  type: 'truckType',
  brand: 'model',
  inspectionDate: 'technicalDate',
} as const satisfies Record<DriverTruckField, keyof CreateDriverTruckInput>;

/**
 * POST /admin/trucks/add's body: year parsed as an integer, capacity as a decimal
 * (docs/product.md, section 5).
 */
export function toDriverTruckPayload(form: DriverTruckForm): CreateDriverTruckInput {
  return {
    fullName: form.fullName,
    phone: form.phone,
    email: form.email.trim() || undefined,
    nationalId: form.nationalId,
    license: form.license,
    licenseExpire: form.expiryDate,
    truckNumber: form.plateNumber,
    capacity: Number.parseFloat(form.capacity),
    capacityM3: form.volume.trim() ? Number.parseFloat(form.volume) : undefined,
    truckYear: Number.parseInt(form.year, 10),
    truckType: form.type,
    model: form.brand,
    technicalDate: form.inspectionDate,
    status: 'AVAILABLE',
    location: 'Depot 1',
  };
}

/** The form field a payload field's message belongs under, if any. */
function toFormField(payloadField: string): DriverTruckField | undefined {
  return (Object.keys(PAYLOAD_FIELDS) as DriverTruckField[]).find(
    (field) => PAYLOAD_FIELDS[field] === payloadField,
  );
}

export type FieldErrors = Partial<Record<DriverTruckField, string>>;

/** Field messages keyed by payload field (the server's `errors`) moved under the form's fields. */
export function toFormErrors(payloadErrors: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [payloadField, message] of Object.entries(payloadErrors)) {
    const field = toFormField(payloadField);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** The shared schema's verdict on these fields before any call: the messages under each field. */
export function checkDriverTruck(
  form: DriverTruckForm,
  fields: readonly DriverTruckField[],
): FieldErrors {
  const result = CreateDriverTruckSchema.safeParse(toDriverTruckPayload(form));
  if (result.success) return {};
  const payloadErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    payloadErrors[key] ??= issue.message;
  }
  const errors = toFormErrors(payloadErrors);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => fields.includes(field as DriverTruckField)),
  );
}

/** The first step holding one of these errors, so the form can show it (step 1 before 2). */
export function findStepWithErrors(errors: FieldErrors): FormStep | undefined {
  return ([1, 2] as const).find((step) => STEP_FIELDS[step].some((field) => errors[field]));
}
