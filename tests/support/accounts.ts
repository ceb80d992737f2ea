import { randomInt, randomUUID } from 'node:crypto';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import type {
  CompanyRegistrationInput,
  IndividualRegistrationInput,
} from '../../src/shared/schemas/auth-schemas';
import type { CreateDriverTruckInput } from '../../src/shared/schemas/fleet-schemas';

/*
 * What the API tests and the end-to-end tests both make accounts with: one password, addresses,
 * phones and codes no other test uses, the registration and driver payloads, and the reading of
 * a driver's sign-in SMS. Plain data, no test runner: tests/api and tests/e2e wrap it in their
 * own requests.
 */

/** Strong and not on the common-password list (a word plus a year is: 'Sahara@2026'). */
export const TEST_PASSWORD = 'Sahara@Dunes26';

/** An address no other test, nor an earlier run on the same database, uses. */
export const uniqueEmail = (prefix: string, domain = 'example.ma') =>
  `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;

/** Upper-case text after `prefix`, different on every call: plates, identity numbers. */
export const uniqueCode = (prefix = '') =>
  `${prefix}${randomUUID().replaceAll('-', '').slice(0, 6)}`.toUpperCase();

/** A Moroccan mobile number in E.164, different on every call (a driver's phone is unique). */
export const uniqueDriverPhone = () => `+2126${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A calendar date `days` from today in Morocco (the server's business day), `yyyy-MM-dd`. */
export const dateFromToday = (days: number) => addDays(toBusinessDate(new Date()), days);

export function companyPayload(
  overrides: Partial<CompanyRegistrationInput['company']> & { email?: string } = {},
): CompanyRegistrationInput {
  const { email, ...company } = overrides;
  return {
    email: email ?? uniqueEmail('company'),
    password: TEST_PASSWORD,
    userType: 'Company',
    company: {
      companyName: 'Souss Logistique SARL',
      rc: 'RC-AGA-45821',
      nIf: 'IF-3345120',
      responsableName: 'Youssef Amrani',
      phone: '+212661234567',
      address: '12 Avenue Hassan II, Agadir',
      ...company,
    },
  };
}

export function individualPayload(
  overrides: Partial<IndividualRegistrationInput['individual']> & { email?: string } = {},
): IndividualRegistrationInput {
  const { email, ...individual } = overrides;
  return {
    email: email ?? uniqueEmail('person'),
    password: TEST_PASSWORD,
    userType: 'Individual',
    individual: {
      fullName: 'Salma Benali',
      nationalId: 'JB123456',
      phone: '0661234567',
      address: '5 Rue de Fes, Rabat',
      ...individual,
    },
  };
}

/** The driver-plus-truck payload of POST /api/admin/trucks/add, unique on every call. */
export function driverTruckPayload(
  overrides: Partial<CreateDriverTruckInput> = {},
): CreateDriverTruckInput {
  return {
    fullName: 'Hassan Ouali',
    phone: uniqueDriverPhone(),
    email: 'hassan.ouali@example.ma',
    nationalId: `BK${uniqueCode()}`,
    license: `LIC-${uniqueCode()}`,
    licenseExpire: dateFromToday(400),
    truckNumber: `${uniqueCode()}-A-6`,
    truckYear: 2019,
    model: 'Volvo FH',
    truckType: 'Box Truck',
    technicalDate: dateFromToday(-30),
    capacity: 12_000,
    status: 'AVAILABLE',
    location: 'Depot 1',
    ...overrides,
  };
}

/** The sign-in SMS (src/server/messages/driver-sign-in-text.ts). */
const SIGN_IN_CODE = /sign-in code is (\d{6})/;

/** Whether this SMS text is a driver's sign-in code. */
export const isSignInCodeText = (text: string) => SIGN_IN_CODE.test(text);

/** The 6-digit code a sign-in SMS carries; throws on any other text. */
export function signInCodeIn(text: string): string {
  const code = SIGN_IN_CODE.exec(text)?.[1];
  if (!code) throw new Error(`No 6-digit sign-in code in the SMS: ${text}`);
  return code;
}
