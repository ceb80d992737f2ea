import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyProfiles, individualProfiles, users } from '../../src/server/db/schema';
import { companyPayload, individualPayload, uniqueEmail } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const register = (payload: unknown) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

async function countUsers(email: string) {
  return (await testApp.database.db.select().from(users).where(eq(users.email, email))).length;
}

describe('POST /api/auth/register', () => {
  it('registers a company with its profile and returns no token', async () => {
    const payload = companyPayload({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Company registration successful!');
    expect(body.token).toBeUndefined();
    expect(body.user).toMatchObject({
      email: payload.email.toLowerCase(),
      role: 'USER',
      userType: 'COMPANY',
      name: 'Souss Logistique SARL',
      company: { rc: 'RC-AGA-45821', nIf: 'IF-3345120', responsableName: 'Youssef Amrani' },
    });
    const [stored] = await testApp.database.db
      .select()
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, body.user.id));
    expect(stored?.companyName).toBe('Souss Logistique SARL');
    const [account] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.id, body.user.id));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('registers an individual with a trimmed full name', async () => {
    const payload = individualPayload({ fullName: '  Salma Benali  ' });
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Registration successful!');
    const user = response.json().user;
    expect(user).toMatchObject({ userType: 'INDIVIDUAL', name: 'Salma Benali' });
    const [stored] = await testApp.database.db
      .select()
      .from(individualProfiles)
      .where(eq(individualProfiles.userId, user.id));
    expect(stored?.fullName).toBe('Salma Benali');
  });

  it('refuses a second account with the same email, whatever its case, with 409', async () => {
    const payload = individualPayload();
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register(companyPayload({ email: payload.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'auth.email_taken',
      message: 'An account with this email already exists',
    });
    expect(await countUsers(payload.email)).toBe(1);
  });

  it.each([
    ['company.companyName', companyPayload({ companyName: 'A' }), 'Company name is too short'],
    ['company.rc', companyPayload({ rc: '  ' }), 'Registration number is required'],
    ['company.phone', companyPayload({ phone: '12-34' }), 'Phone number is not valid'],
    [
      'company.responsableName',
      companyPayload({ responsableName: 'Al' }),
      'Responsible person name is too short',
    ],
    [
      'individual.fullName',
      individualPayload({ fullName: 'A very long name that goes on' }),
      'Must be 25 characters or less',
    ],
    ['individual.nationalId', individualPayload({ nationalId: '' }), 'National ID is required'],
    ['email', { ...individualPayload(), email: 'not-an-email' }, 'Please enter a valid email'],
    [
      'password',
      { ...individualPayload(), password: 'password1' },
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
  ])(
    'sends the message for a bad %s to the client and stores nothing',
    async (field, payload, message) => {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errors[field]).toBe(message);
      expect(body.message).toBe(message);
      expect(await countUsers((payload as { email: string }).email)).toBe(0);
    },
  );

  it('reports every bad field at once', async () => {
    const response = await register({
      email: '',
      password: '',
      userType: 'Company',
      company: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      email: 'Required',
      password: 'Password is required',
      'company.companyName': 'Company name is required',
      'company.rc': 'Registration number is required',
      'company.nIf': 'Tax identification number is required',
      'company.phone': 'Company phone number is required',
      'company.address': 'Company address is required',
      'company.responsableName': 'Responsible person name is required',
    });
  });

  it('refuses an unknown user type and a malformed body with 400, never 500', async () => {
    const robot = await register({ ...individualPayload(), userType: 'Robot' });
    expect(robot.statusCode).toBe(400);
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(typeof notJson.json().message).toBe('string');
  });
});
