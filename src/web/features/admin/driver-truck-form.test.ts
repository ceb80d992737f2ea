import { describe, expect, it } from 'vitest';
import { addDays, toBusinessDate } from '#shared/business-calendar';
import {
  checkDriverTruck,
  EMPTY_DRIVER_TRUCK_FORM,
  findStepWithErrors,
  isStepFilled,
  STEP_FIELDS,
  toDriverTruckPayload,
  toFormErrors,
  type DriverTruckForm,
} from './driver-truck-form';

const today = toBusinessDate(new Date());

const filled: DriverTruckForm = {
  fullName: 'Hassan Ouali',
  phone: '+212661112233',
  email: '',
  nationalId: 'bk123456',
  license: 'lic-998877',
  expiryDate: addDays(today, 400),
  plateNumber: '12345-a-6',
  capacity: '12000.5',
  volume: '',
  year: '2019',
  type: 'Box Truck',
  brand: 'Volvo FH',
  inspectionDate: addDays(today, -30),
};

describe('isStepFilled', () => {
  it('needs every field of step 1 but the email', () => {
    expect(isStepFilled(1, filled)).toBe(true);
    expect(isStepFilled(1, { ...filled, email: '' })).toBe(true);
    expect(isStepFilled(1, { ...filled, license: '  ' })).toBe(false);
    expect(isStepFilled(1, EMPTY_DRIVER_TRUCK_FORM)).toBe(false);
  });

  it('needs all six fields of step 2 but the volume', () => {
    expect(isStepFilled(2, filled)).toBe(true);
    for (const field of STEP_FIELDS[2].filter((name) => name !== 'volume')) {
      expect(isStepFilled(2, { ...filled, [field]: '' }), field).toBe(false);
    }
    expect(isStepFilled(2, { ...filled, volume: '' })).toBe(true);
  });
});

describe('toDriverTruckPayload', () => {
  it('maps the form onto the payload (docs/product.md, decision 16)', () => {
    expect(toDriverTruckPayload(filled)).toEqual({
      fullName: 'Hassan Ouali',
      phone: '+212661112233',
      email: undefined,
      nationalId: 'bk123456',
      license: 'lic-998877',
      licenseExpire: filled.expiryDate,
      truckNumber: '12345-a-6',
      capacity: 12000.5,
      capacityM3: undefined,
      truckYear: 2019,
      truckType: 'Box Truck',
      model: 'Volvo FH',
      technicalDate: filled.inspectionDate,
      status: 'AVAILABLE',
      location: 'Depot 1',
    });
    expect(toDriverTruckPayload({ ...filled, volume: ' 32.5 ' }).capacityM3).toBe(32.5);
  });
});

describe('server and schema messages under the form fields', () => {
  it('moves payload names back to form names', () => {
    expect(
      toFormErrors({
        truckNumber: 'A truck with plate number 12345-A-6 already exists',
        licenseExpire: 'Enter a valid date',
        unknown: 'ignored',
      }),
    ).toEqual({
      plateNumber: 'A truck with plate number 12345-A-6 already exists',
      expiryDate: 'Enter a valid date',
    });
  });

  it('checks a step with the shared schema', () => {
    expect(checkDriverTruck(filled, STEP_FIELDS[1])).toEqual({});
    expect(checkDriverTruck({ ...filled, phone: '12' }, STEP_FIELDS[1])).toEqual({
      phone: 'validation.phone_invalid',
    });
    // Only the fields asked about: step 2 is still empty while step 1 is checked.
    expect(
      checkDriverTruck({ ...EMPTY_DRIVER_TRUCK_FORM, ...pickStepOne(filled) }, STEP_FIELDS[1]),
    ).toEqual({});
  });

  it('finds the first step with an error', () => {
    expect(findStepWithErrors({ capacity: 'x', nationalId: 'y' })).toBe(1);
    expect(findStepWithErrors({ capacity: 'x' })).toBe(2);
    expect(findStepWithErrors({})).toBeUndefined();
  });
});

function pickStepOne(form: DriverTruckForm): Partial<DriverTruckForm> {
  return Object.fromEntries(STEP_FIELDS[1].map((field) => [field, form[field]]));
}
