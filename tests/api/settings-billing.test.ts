import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgRole } from '../../src/shared/organization-roles';
import type {
  BusinessSettingsUpdateInput,
  BusinessSettingsView,
  OrganizationBilling,
} from '../../src/shared/schemas/settings-schemas';
import { auditLog, organizations, users } from '../../src/server/db/schema';
import { readBusinessSettings } from '../../src/server/settings/business-settings-queries';
import { bearer, individualPayload, login, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The office's business settings and an organization's bank details and ICE
 * (docs/decisions/0020-merchant-money.md): defaults, an audited change, refusals that store
 * nothing, and who may read or change what.
 */

/** The IBAN registry's example for Morocco (MA64 0115 1900 0001 2050 0053 4921): key 21. */
const VALID_RIB = '011519000001205000534921';
const VALID_RIB_TYPED = '011 519 0000012050005349 21';
const WRONG_KEY_RIB = '011519000001205000534922';
const ICE = '001525470000061';

let testApp: TestApp;
const logLines: string[] = [];
let admin: LoggedIn;
let customer: LoggedIn;
let owner: LoggedIn;
let staff: LoggedIn;
let accountant: LoggedIn;

type Method = 'GET' | 'PUT' | 'PATCH';
const call = (
  who: LoggedIn | undefined,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    ...(payload && { payload }),
  });

/** A new account made a member of `of`'s organization with `role`, then signed in. */
async function memberOf(of: LoggedIn, role: OrgRole): Promise<LoggedIn> {
  const payload = individualPayload();
  const registered = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId: of.user.organization!.id, orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, payload.password);
}

const settingsAuditRows = () =>
  testApp.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));

const billingRow = async (who: LoggedIn) => {
  const [row] = await testApp.database.db
    .select({ rib: organizations.rib, ribHolder: organizations.ribHolder, ice: organizations.ice })
    .from(organizations)
    .where(eq(organizations.id, who.user.organization!.id));
  return row!;
};

const goodSettings: BusinessSettingsUpdateInput = {
  legalName: 'Atlas Freight SARL',
  address: '12 boulevard Zerktouni, Casablanca',
  ice: '002 345 678 000 091',
  ifNumber: '40123456',
  rc: '456789 Casablanca',
  tp: '35712345',
  patente: '35712345',
  vatRatePercent: 14,
  codFeePercent: '1.5',
  payoutMinimum: 150.5,
};

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  [admin, customer, owner] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'individual'),
    loginAs(testApp, 'company'),
  ]);
  [staff, accountant] = await Promise.all([
    memberOf(owner, 'staff'),
    memberOf(owner, 'accountant'),
  ]);
});
afterAll(async () => {
  await testApp.close();
});

describe('business settings', () => {
  it('starts from the defaults: VAT 20 %, no COD fee, payouts from 100 MAD', async () => {
    const response = await call(admin, 'GET', '/api/admin/settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      legalName: 'Atlas Freight SARL',
      address: '',
      ice: '',
      ifNumber: '',
      rc: '',
      tp: '',
      patente: '',
      vatRatePercent: 20,
      codFeePercent: 0,
      payoutMinimum: 100,
      maxDeliveryAttempts: 3,
      returnFeePercent: 50,
      updatedAt: expect.any(String),
    });
  });

  it('is for the office only: a customer gets 403, no session 401', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? goodSettings : undefined;
      expect((await call(customer, method, '/api/admin/settings', body)).statusCode).toBe(403);
      expect((await call(owner, method, '/api/admin/settings', body)).statusCode).toBe(403);
      expect((await call(undefined, method, '/api/admin/settings', body)).statusCode).toBe(401);
    }
    expect((await readBusinessSettings(testApp.database.db)).vatRatePercent).toBe(20);
  });

  it('refuses bad values field by field, in the reader’s language, and stores nothing', async () => {
    const before = await readBusinessSettings(testApp.database.db);
    const response = await call(
      admin,
      'PUT',
      '/api/admin/settings',
      {
        ...goodSettings,
        legalName: '   ',
        ice: '12345',
        ifNumber: '40-12',
        vatRatePercent: 100.5,
        codFeePercent: 1.234,
        payoutMinimum: -1,
      },
      { 'accept-language': 'fr' },
    );
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { errors: Record<string, string>; errorCodes: object };
    expect(body.errorCodes).toEqual({
      legalName: 'settings.legal_name_required',
      ice: 'settings.ice_invalid',
      ifNumber: 'settings.digits_only',
      vatRatePercent: 'settings.percent_range',
      codFeePercent: 'settings.percent_decimals',
      payoutMinimum: 'settings.payout_minimum_range',
    });
    expect(body.errors.ice).toBe("L'ICE compte 15 chiffres");

    const missing = await call(admin, 'PUT', '/api/admin/settings', {
      ...goodSettings,
      payoutMinimum: undefined,
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['payoutMinimum']);
    expect(await readBusinessSettings(testApp.database.db)).toEqual(before);
    expect(await settingsAuditRows()).toEqual([]);
  });

  it('replaces the settings, audits the changed fields, and a second identical save writes nothing', async () => {
    const response = await call(admin, 'PUT', '/api/admin/settings', goodSettings);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as BusinessSettingsView;
    expect(saved).toMatchObject({
      ice: '002345678000091',
      vatRatePercent: 14,
      codFeePercent: 1.5,
      payoutMinimum: 150.5,
    });
    expect((await call(admin, 'GET', '/api/admin/settings')).json()).toEqual(saved);
    expect(await readBusinessSettings(testApp.database.db)).toMatchObject({
      vatRatePercent: 14,
      codFeePercent: 1.5,
      payoutMinimumCentimes: 15_050,
    });

    const [row, ...others] = await settingsAuditRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      actorUserId: admin.user.id,
      recordType: 'settings',
      recordId: 'business',
      before: {
        address: '',
        ice: '',
        ifNumber: '',
        rc: '',
        tp: '',
        patente: '',
        vatRatePercent: 20,
        codFeePercent: 0,
        payoutMinimumCentimes: 10_000,
      },
      after: {
        address: goodSettings.address,
        ice: '002345678000091',
        ifNumber: '40123456',
        rc: '456789 Casablanca',
        tp: '35712345',
        patente: '35712345',
        vatRatePercent: 14,
        codFeePercent: 1.5,
        payoutMinimumCentimes: 15_050,
      },
    });
    // The legal name did not change: it is in neither summary.
    expect(row!.before).not.toHaveProperty('legalName');

    const again = await call(admin, 'PUT', '/api/admin/settings', goodSettings);
    expect(again.statusCode, again.body).toBe(200);
    expect(await settingsAuditRows()).toHaveLength(1);

    const audit = await call(admin, 'GET', '/api/admin/audit?action=settings.update');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toHaveLength(1);
  });

  it('keeps the attempts before a return and the return fee when absent, bounds them, and audits their change', async () => {
    const before = await readBusinessSettings(testApp.database.db);
    for (const [maxDeliveryAttempts, returnFeePercent] of [
      [0, -1],
      [11, 100.5],
      [2.5, 'half'],
    ] as const) {
      const refused = await call(admin, 'PUT', '/api/admin/settings', {
        ...goodSettings,
        maxDeliveryAttempts,
        returnFeePercent,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errorCodes).toEqual({
        maxDeliveryAttempts: 'settings.max_attempts_range',
        returnFeePercent: 'settings.percent_range',
      });
    }
    expect(await readBusinessSettings(testApp.database.db)).toEqual(before);
    const auditedBefore = (await settingsAuditRows()).length;

    const changed = await call(admin, 'PUT', '/api/admin/settings', {
      ...goodSettings,
      maxDeliveryAttempts: '2',
      returnFeePercent: 40,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ maxDeliveryAttempts: 2, returnFeePercent: 40 });
    const rows = await settingsAuditRows();
    expect(rows).toHaveLength(auditedBefore + 1);
    expect(rows.find((row) => row.after && 'maxDeliveryAttempts' in row.after)).toMatchObject({
      before: { maxDeliveryAttempts: 3, returnFeePercent: 50 },
      after: { maxDeliveryAttempts: 2, returnFeePercent: 40 },
    });

    // A client that does not know the two fields keeps what the office set.
    const without = await call(admin, 'PUT', '/api/admin/settings', goodSettings);
    expect(without.statusCode, without.body).toBe(200);
    expect(await readBusinessSettings(testApp.database.db)).toMatchObject({
      maxDeliveryAttempts: 2,
      returnFeePercent: 40,
    });
    expect(await settingsAuditRows()).toHaveLength(auditedBefore + 1);
  });
});

describe('bank details and ICE', () => {
  it('lets the owner and the accountant read them, not staff nor the office', async () => {
    const read = await call(owner, 'GET', '/api/org/billing');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ rib: null, ribHolder: null, ice: null });
    expect((await call(accountant, 'GET', '/api/org/billing')).statusCode).toBe(200);
    const refused = await call(staff, 'GET', '/api/org/billing');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('org.role_forbidden');
    expect((await call(admin, 'GET', '/api/org/billing')).statusCode).toBe(403);
  });

  it('lets only the owner change them, keeping the digits', async () => {
    const change = { rib: VALID_RIB_TYPED, ribHolder: ' Atlas Négoce SARL ', ice: ICE };
    for (const who of [accountant, staff]) {
      const refused = await call(who, 'PATCH', '/api/org/billing', change);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('org.role_forbidden');
    }
    expect(await billingRow(owner)).toEqual({ rib: null, ribHolder: null, ice: null });

    const saved = await call(owner, 'PATCH', '/api/org/billing', change);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: OrganizationBilling = {
      rib: VALID_RIB,
      ribHolder: 'Atlas Négoce SARL',
      ice: ICE,
    };
    expect(saved.json()).toEqual(expected);
    expect(await billingRow(owner)).toEqual(expected);
    expect((await call(accountant, 'GET', '/api/org/billing')).json()).toEqual(expected);
    // Another organization's owner sees only their own.
    expect((await call(customer, 'GET', '/api/org/billing')).json()).toEqual({
      rib: null,
      ribHolder: null,
      ice: null,
    });
  });

  it('refuses a wrong key, a short RIB, a RIB without holder and a bad ICE, storing nothing', async () => {
    const before = await billingRow(owner);
    const cases: Array<[object, Record<string, string>]> = [
      [{ rib: WRONG_KEY_RIB, ribHolder: 'Atlas' }, { rib: 'billing.rib_key' }],
      [{ rib: '0115190000012050005349', ribHolder: 'Atlas' }, { rib: 'billing.rib_format' }],
      [{ rib: VALID_RIB }, { ribHolder: 'billing.holder_required' }],
      [{ rib: '', ribHolder: 'Atlas' }, { rib: 'billing.rib_required' }],
      [{ rib: VALID_RIB, ribHolder: 'x'.repeat(71) }, { ribHolder: 'validation.too_long' }],
      [{ ice: '00152547000006' }, { ice: 'billing.ice_invalid' }],
      [
        { rib: WRONG_KEY_RIB, ribHolder: 'Atlas', ice: 'ICE001525470000' },
        { rib: 'billing.rib_key', ice: 'billing.ice_invalid' },
      ],
    ];
    for (const [body, errorCodes] of cases) {
      const response = await call(owner, 'PATCH', '/api/org/billing', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errorCodes).toEqual(errorCodes);
    }
    expect(await billingRow(owner)).toEqual(before);
  });

  it('changes only the fields given, and clears the bank details with null', async () => {
    const ice = await call(owner, 'PATCH', '/api/org/billing', { ice: '' });
    expect(ice.statusCode, ice.body).toBe(200);
    expect(ice.json()).toEqual({ rib: VALID_RIB, ribHolder: 'Atlas Négoce SARL', ice: null });
    const cleared = await call(owner, 'PATCH', '/api/org/billing', { rib: null, ribHolder: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await billingRow(owner)).toEqual({ rib: null, ribHolder: null, ice: null });
  });

  it('never writes a RIB in the log, whether saved or refused', () => {
    expect(logLines.some((line) => line.includes('billing details changed'))).toBe(true);
    const ribs = [VALID_RIB, VALID_RIB_TYPED, WRONG_KEY_RIB];
    expect(logLines.filter((line) => ribs.some((rib) => line.includes(rib)))).toEqual([]);
  });
});
