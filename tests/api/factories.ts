import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  CompanyRegistrationInput,
  IndividualRegistrationInput,
} from '../../src/shared/schemas/auth-schemas';
import type { CreateOrderInput } from '../../src/shared/schemas/order-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { upsertAdminAccount } from '../../src/server/auth/admin-bootstrap';
import type { TestApp } from './helpers';

export const TEST_PASSWORD = 'Sahara@2026';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.ma`;

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

export interface LoggedIn {
  token: string;
  user: PublicUser;
  email: string;
  password: string;
}

export async function login(testApp: TestApp, email: string, password: string): Promise<LoggedIn> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { token: string; user: PublicUser };
  return { ...body, email, password };
}

/** A fresh account of the given kind, logged in. */
export async function loginAs(
  testApp: TestApp,
  kind: 'admin' | 'company' | 'individual',
): Promise<LoggedIn> {
  if (kind === 'admin') {
    const email = uniqueEmail('admin');
    await upsertAdminAccount(testApp.database.db, email, TEST_PASSWORD);
    return login(testApp, email, TEST_PASSWORD);
  }
  const payload = kind === 'company' ? companyPayload() : individualPayload();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return login(testApp, payload.email, payload.password);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A Casablanca → Rabat parcel with every field the wizard sends. */
export function orderPayload(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    priority: 'normal',
    pickup_loc: 'Casablanca',
    delivery_loc: 'Rabat',
    weight: 12,
    leingth: 40,
    width: 30,
    height: 20,
    payment_method: 'cash_on_delivery',
    price: 1,
    shipment_info: 'Ceramic tiles',
    shipment_note: 'Call before arriving',
    receiver_name: 'Karim Alaoui',
    receiver_phone: '+212612345678',
    receiver_email: 'karim@example.ma',
    ...overrides,
  };
}
