import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../src/shared/cities';
import { MAX_ACTIVE_API_KEYS, type ApiKeyCreated } from '../../src/shared/schemas/api-key-schemas';
import type { AdminOrderDetail } from '../../src/shared/schemas/admin-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { PickupAddress } from '../../src/shared/schemas/pickup-address-schemas';
import type { CityList, Rate } from '../../src/shared/schemas/shipping-reference-schemas';
import type { ApiKeyScope } from '../../src/shared/shippers-api';
import { apiKeys, auditLog, orders, parcelImports, users } from '../../src/server/db/schema';
import {
  bearer,
  createOrderAs,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * API keys (docs/decisions/0021-shippers-api.md, "API keys"): the owner's keys, shown once and kept
 * hashed, scopes, revocation from the next call, /api/v1 for keys only, each key's rate limit,
 * audit rows; the rates and cities a key reads; the pickup address; where an order came from.
 */

/** Small, so that one key reaches it quickly; every other test's key stays well under it. */
const RATE_PER_MIN = 12;

let testApp: TestApp;
let owner: LoggedIn;
let staff: LoggedIn;
let accountant: LoggedIn;
let stranger: LoggedIn;
let organizationId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: LoggedIn | undefined, method: Method, url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload && { payload }),
  });

const withKey = (secret: string, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(secret) });

async function createKey(
  scopes: ApiKeyScope[] = ['parcels:read'],
  by: LoggedIn = owner,
  name = `Shop ${randomBytes(3).toString('hex')}`,
): Promise<ApiKeyCreated> {
  const response = await call(by, 'POST', '/api/org/api-keys', { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ApiKeyCreated;
}

/** A new customer account moved into the owner's organization with this role, signed in. */
async function memberOf(role: 'accountant' | 'staff'): Promise<LoggedIn> {
  const payload = individualPayload({ email: uniqueEmail(role) });
  const registered = await call(undefined, 'POST', '/api/auth/register', payload);
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId, orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, TEST_PASSWORD);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  testApp = await buildTestApp({ env: { API_KEY_RATE_PER_MIN: String(RATE_PER_MIN) } });
  [owner, stranger] = await Promise.all([loginAs(testApp, 'company'), loginAs(testApp, 'company')]);
  organizationId = owner.user.organization!.id;
  [staff, accountant] = await Promise.all([memberOf('staff'), memberOf('accountant')]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('creating and listing keys', () => {
  it('shows the secret once and keeps only its SHA-256', async () => {
    const created = await createKey(['parcels:write', 'parcels:read'], owner, 'Web shop');
    expect(created.secret).toMatch(/^af_live_[\w-]{43}$/);
    expect(created).toMatchObject({
      name: 'Web shop',
      // In the catalogue's order, whichever order they were sent in.
      scopes: ['parcels:read', 'parcels:write'],
      prefix: created.secret.slice(0, 'af_live_'.length + 6),
      lastUsedAt: null,
    });

    const [row] = await testApp.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.id));
    expect(row!.secretHash).toBe(sha256(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row!.createdByUserId).toBe(owner.user.id);

    const listed = await call(owner, 'GET', '/api/org/api-keys');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain(created.secret);
    expect(listed.body).not.toContain(row!.secretHash);
    const { items } = listed.json() as { items: Array<Record<string, unknown>> };
    const { secret: _secret, ...shown } = created;
    expect(items.find((item) => item.id === created.id)).toEqual(shown);
  });

  it("lists the keys in use newest first, and only its own organization's", async () => {
    const first = await createKey();
    const second = await createKey();
    const theirs = await createKey(['parcels:read'], stranger);
    const { items } = (await call(owner, 'GET', '/api/org/api-keys')).json() as {
      items: Array<{ id: string }>;
    };
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(theirs.id);
  });

  it('refuses a key without a name or scopes, or with an unknown scope, by field', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '  ', scopes: ['parcels:read'] }, 'name'],
      [{ name: 'Shop', scopes: [] }, 'scopes'],
      [{ name: 'Shop' }, 'scopes'],
      [{ name: 'Shop', scopes: ['parcels:delete'] }, 'scopes.0'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(owner, 'POST', '/api/org/api-keys', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys((response.json() as { errors: object }).errors)).toContain(field);
    }
  });

  it("refuses staff and accountants every key route (403), and a stranger another organization's key (404)", async () => {
    const key = await createKey();
    for (const member of [staff, accountant]) {
      for (const [method, url, payload] of [
        ['POST', '/api/org/api-keys', { name: 'Mine', scopes: ['parcels:read'] }],
        ['GET', '/api/org/api-keys', undefined],
        ['DELETE', `/api/org/api-keys/${key.id}`, undefined],
      ] as const) {
        const response = await call(member, method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'org.role_forbidden' });
      }
    }
    const theirs = await call(stranger, 'DELETE', `/api/org/api-keys/${key.id}`);
    expect(theirs.statusCode, theirs.body).toBe(404);
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const unknown = await call(owner, 'DELETE', `/api/org/api-keys/${id}`);
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'api_key.not_found' });
    }
    // The key is still in use after all of that.
    expect((await withKey(key.secret, '/api/v1/cities')).statusCode).toBe(200);
  });

  it(`stops at ${MAX_ACTIVE_API_KEYS} keys in use (409) and makes room when one is revoked`, async () => {
    const shop = await loginAs(testApp, 'company');
    const made: ApiKeyCreated[] = [];
    for (let index = 0; index < MAX_ACTIVE_API_KEYS; index += 1)
      made.push(await createKey(['parcels:read'], shop));
    const refused = await call(shop, 'POST', '/api/org/api-keys', {
      name: 'One too many',
      scopes: ['parcels:read'],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'api_key.limit_reached' });
    expect((await call(shop, 'DELETE', `/api/org/api-keys/${made[0]!.id}`)).statusCode).toBe(204);
    await createKey(['parcels:read'], shop);
  });
});

describe('revoking a key', () => {
  it('refuses it from the very next call, and writes both audit rows', async () => {
    const key = await createKey(['parcels:read'], owner, 'Old shop');
    expect((await withKey(key.secret, '/api/v1/cities')).statusCode).toBe(200);

    const revoked = await call(owner, 'DELETE', `/api/org/api-keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    const next = await withKey(key.secret, '/api/v1/cities');
    expect(next.statusCode, next.body).toBe(401);
    expect(next.json()).toMatchObject({ code: 'api_key.invalid' });

    const [row] = await testApp.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const { items } = (await call(owner, 'GET', '/api/org/api-keys')).json() as {
      items: Array<{ id: string }>;
    };
    expect(items.map((item) => item.id)).not.toContain(key.id);
    // Revoked once: a second revocation finds nothing.
    expect((await call(owner, 'DELETE', `/api/org/api-keys/${key.id}`)).statusCode).toBe(404);

    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'api_key'), eq(auditLog.recordId, key.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
    for (const entry of audit) {
      expect(entry.actorUserId).toBe(owner.user.id);
      expect(JSON.stringify(entry)).not.toContain(key.secret);
    }
    expect(audit.find((entry) => entry.action === 'api_key.create')!.after).toMatchObject({
      name: 'Old shop',
      scopes: 'parcels:read',
    });
  });
});

describe('who may call /api/v1', () => {
  it('answers 401 without a key, with an unknown one, or with a session token', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/v1/cities' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'api_key.missing' });
    const unknown = await withKey(
      `af_live_${randomBytes(32).toString('base64url')}`,
      '/api/v1/cities',
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'api_key.invalid' });
    const session = await withKey(owner.token, '/api/v1/cities');
    expect(session.statusCode, session.body).toBe(401);
  });

  it('refuses an API key on the dashboard routes (401)', async () => {
    const key = await createKey(['parcels:read', 'parcels:write']);
    for (const url of ['/api/dashboard', '/api/org/api-keys', '/api/org/pickup-address']) {
      const response = await withKey(key.secret, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
    }
  });

  it('answers 403 naming the scope a key lacks', async () => {
    const key = await createKey(['parcels:write', 'labels:read']);
    const response = await withKey(key.secret, '/api/v1/rates?from=Casablanca&to=Rabat&weight=1');
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'api_key.scope_missing' });
    expect((response.json() as { message: string }).message).toContain('parcels:read');
  });

  it('limits each key on its own: key B answers while key A is at 429', async () => {
    const [keyA, keyB] = await Promise.all([createKey(), createKey()]);
    for (let index = 0; index < RATE_PER_MIN; index += 1) {
      // Every route counts on the key's one counter.
      const url = index % 2 ? '/api/v1/cities' : '/api/v1/rates?from=Fes&to=Meknes&weight=2';
      const response = await withKey(keyA.secret, url);
      expect(response.statusCode, response.body).toBe(200);
    }
    const limited = await withKey(keyA.secret, '/api/v1/cities');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: expect.stringMatching(/^rate_limit\./) });

    const other = await withKey(keyB.secret, '/api/v1/cities');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('records when a key was last used', async () => {
    const key = await createKey();
    expect((await withKey(key.secret, '/api/v1/cities')).statusCode).toBe(200);
    const { items } = (await call(owner, 'GET', '/api/org/api-keys')).json() as {
      items: Array<{ id: string; lastUsedAt: string | null }>;
    };
    expect(items.find((item) => item.id === key.id)!.lastUsedAt).not.toBeNull();
  });
});

describe('rates and cities', () => {
  it("quotes the wizard's price for the same route, weight and priority", async () => {
    const key = await createKey();
    const order = await createOrderAs(testApp, owner, {
      pickup_loc: 'Casablanca',
      delivery_loc: 'Marrakech',
      weight: 7,
      priority: 'express',
    });
    // The cities in Arabic and French: the same route.
    const query = new URLSearchParams({
      from: 'الدار البيضاء',
      to: 'Marrakech',
      weight: '7',
      priority: 'express',
      codAmount: '350',
      feePaidBy: 'receiver',
    });
    const response = await withKey(key.secret, `/api/v1/rates?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const rate = response.json() as Rate;
    expect(rate).toMatchObject({
      from: 'Casablanca',
      to: 'Marrakech',
      price: order.price,
      distance: order.distance,
      durationMinutes: order.durationMinutes,
      codAmount: 350,
      feePaidBy: 'receiver',
      currency: 'MAD',
    });
    expect(rate.amountToCollect).toBeCloseTo(350 + order.price, 2);

    const senderPays = await withKey(
      key.secret,
      '/api/v1/rates?from=Casablanca&to=Marrakech&weight=7&priority=express',
    );
    expect(senderPays.json()).toMatchObject({ price: order.price, amountToCollect: 0 });
  });

  it('refuses an unlisted city or a bad weight on its field (400)', async () => {
    const key = await createKey();
    const unlisted = await withKey(key.secret, '/api/v1/rates?from=Atlantis&to=Rabat&weight=1');
    expect(unlisted.statusCode, unlisted.body).toBe(400);
    expect(unlisted.json()).toMatchObject({ errors: { from: expect.any(String) } });
    const heavy = await withKey(key.secret, '/api/v1/rates?from=Fes&to=Rabat&weight=-2');
    expect(heavy.statusCode, heavy.body).toBe(400);
    expect(heavy.json()).toMatchObject({ errors: { weight: expect.any(String) } });
  });

  it('lists every city with its French and Arabic names, region and coordinates', async () => {
    const key = await createKey();
    const response = await withKey(key.secret, '/api/v1/cities');
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as CityList;
    expect(items).toHaveLength(cities.length);
    const fes = cities.find((city) => city.city === 'Fes')!;
    expect(items.find((city) => city.name === 'Fes')).toEqual({
      name: 'Fes',
      nameFr: 'Fès',
      nameAr: 'فاس',
      region: fes.admin_name,
      regionAr: 'فاس مكناس',
      lat: fes.lat,
      lng: fes.lng,
    });
  });

  it('documents both routes with examples in the OpenAPI document', async () => {
    const document = (
      await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of ['/api/v1/rates', '/api/v1/cities']) {
      const answer = JSON.stringify(document.paths[path]!.get!.responses['200']);
      expect(answer, path).toContain('"example"');
    }
  });
});

describe('the pickup address', () => {
  it('is read by any member and set by the owner only, with a listed city', async () => {
    const before = await call(staff, 'GET', '/api/org/pickup-address');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ city: null, address: null });

    const saved = await call(owner, 'PATCH', '/api/org/pickup-address', {
      city: 'طنجة',
      address: '  14 Rue de Fès  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ city: 'Tangier', address: '14 Rue de Fès' });
    const read = (await call(accountant, 'GET', '/api/org/pickup-address')).json() as PickupAddress;
    expect(read).toEqual({ city: 'Tangier', address: '14 Rue de Fès' });

    for (const member of [staff, accountant]) {
      const refused = await call(member, 'PATCH', '/api/org/pickup-address', {
        city: 'Rabat',
        address: 'Somewhere',
      });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    for (const [payload, field] of [
      [{ city: 'Atlantis', address: '1 Rue' }, 'city'],
      [{ city: 'Rabat', address: 'x'.repeat(301) }, 'address'],
      [{ city: 'Rabat', address: ' ' }, 'address'],
    ] as const) {
      const refused = await call(owner, 'PATCH', '/api/org/pickup-address', payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys((refused.json() as { errors: object }).errors)).toContain(field);
    }
    const unchanged = (await call(owner, 'GET', '/api/org/pickup-address')).json();
    expect(unchanged).toEqual({ city: 'Tangier', address: '14 Rue de Fès' });
    // Another organization's is its own.
    expect((await call(stranger, 'GET', '/api/org/pickup-address')).json()).toEqual({
      city: null,
      address: null,
    });
  });
});

describe('where an order came from', () => {
  it('shows the screen, the key by its name, or the import, to the customer and the office', async () => {
    const admin = await loginAs(testApp, 'admin');
    const key = await createKey(['parcels:write'], owner, 'Boutique Atlas');
    const [byScreen, byKey, byImport] = await Promise.all([
      createOrderAs(testApp, owner),
      createOrderAs(testApp, owner),
      createOrderAs(testApp, owner),
    ]);
    const db = testApp.database.db;
    await db.update(orders).set({ apiKeyId: key.id }).where(eq(orders.id, byKey.id));
    const [parcelImport] = await db
      .insert(parcelImports)
      .values({
        organizationId,
        createdByUserId: owner.user.id,
        fileName: 'orders.xlsx',
        rowCount: 1,
        validCount: 1,
        rows: [],
      })
      .returning({ id: parcelImports.id });
    await db.update(orders).set({ importId: parcelImport!.id }).where(eq(orders.id, byImport.id));
    // A revoked key still names its orders.
    expect((await call(owner, 'DELETE', `/api/org/api-keys/${key.id}`)).statusCode).toBe(204);

    const expected = [
      [byScreen.id, { kind: 'screen' }],
      [byKey.id, { kind: 'api_key', name: 'Boutique Atlas' }],
      [byImport.id, { kind: 'import', id: parcelImport!.id }],
    ] as const;
    for (const [id, source] of expected) {
      const mine = await call(owner, 'GET', `/api/dashboard/orders/${id}`);
      expect(mine.statusCode, mine.body).toBe(200);
      expect((mine.json() as { order: CustomerOrderDetail }).order.source).toEqual(source);
      const office = await call(admin, 'GET', `/api/admin/orders/${id}`);
      expect(office.statusCode, office.body).toBe(200);
      expect((office.json() as { order: AdminOrderDetail }).order.source).toEqual(source);
    }
    expect(byScreen.source).toEqual({ kind: 'screen' });
  });
});
