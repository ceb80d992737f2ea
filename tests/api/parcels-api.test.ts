import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import frenchMessages from '../../src/shared/i18n/messages/fr.json';
import type { ApiParcel, ParcelInput } from '../../src/shared/schemas/parcel-schemas';
import type { ParcelBatchResult, ParcelPage } from '../../src/shared/schemas/parcels-api-schemas';
import type { CustomerOrder } from '../../src/shared/schemas/order-schemas';
import { orders, organizations, webhookEndpoints } from '../../src/server/db/schema';
import { bearer, createTruckWithDriver, dispatchOrder, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { insertApiKey, type TestApiKey } from './parcels-api-keys';
import { waitUntil } from './polling';

/*
 * /api/v1/parcels (docs/decisions/0021-shippers-api.md, "The parcels API"): batches with refused
 * items, idempotent replays per key, references, the change feed's cursor, cancelling, scopes,
 * and two organizations that never see each other's parcels.
 */
let testApp: TestApp;
let ownerA: LoggedIn;
let ownerB: LoggedIn;
/** Organization A's: read and write, a second one of the same member, read only. */
let keyA: TestApiKey;
let otherKeyA: TestApiKey;
let readOnlyA: TestApiKey;
let keyB: TestApiKey;

type Method = 'GET' | 'POST';
const v1 = (
  key: TestApiKey,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  testApp.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(key.secret), ...headers },
    ...(payload && { payload }),
  });

const post = (key: TestApiKey, payload: object, headers: Record<string, string> = {}) =>
  v1(key, 'POST', '/parcels', payload, { 'idempotency-key': randomUUID(), ...headers });

/** A valid parcel to Rabat; the sender is the organization's unless `sender` is given. */
function parcel(overrides: Partial<ParcelInput> = {}): ParcelInput {
  return {
    receiver: {
      name: 'Karim Alaoui',
      phone: '+212612345678',
      address: '12 rue Ibn Batouta, Agdal',
      city: 'Rabat',
    },
    weight: 2.5,
    dimensions: { length: 30, width: 20, height: 15 },
    codAmount: 350,
    ...overrides,
  };
}

async function createOne(key: TestApiKey, overrides: Partial<ParcelInput> = {}) {
  const response = await post(key, parcel(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ApiParcel;
}

async function countOrders(organizationId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.organizationId, organizationId));
  return row!.count;
}

const organizationOf = (owner: LoggedIn) => owner.user.organization!.id;

async function queryRows<Row>(query: SQL): Promise<Row[]> {
  const result = (await testApp.database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  [ownerA, ownerB] = await Promise.all([loginAs(testApp, 'company'), loginAs(testApp, 'company')]);
  // A's pickup address, as its owner sets it on the developers page; B has none.
  await testApp.database.db
    .update(organizations)
    .set({ pickupCity: 'Casablanca', pickupAddress: '5 boulevard Zerktouni' })
    .where(eq(organizations.id, organizationOf(ownerA)));
  const a = { userId: ownerA.user.id, organizationId: organizationOf(ownerA) };
  const b = { userId: ownerB.user.id, organizationId: organizationOf(ownerB) };
  [keyA, otherKeyA, readOnlyA, keyB] = await Promise.all([
    insertApiKey(testApp, a, ['parcels:read', 'parcels:write']),
    insertApiKey(testApp, a, ['parcels:read', 'parcels:write'], 'Second shop'),
    insertApiKey(testApp, a, ['parcels:read'], 'Reports'),
    insertApiKey(testApp, b, ['parcels:read', 'parcels:write']),
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/v1/parcels', () => {
  it('creates the valid parcels of a batch and refuses the others with their field errors', async () => {
    const before = await countOrders(keyA.organizationId);
    const response = await post(
      keyA,
      {
        parcels: [
          parcel({ reference: `MIX-${randomUUID()}` }),
          parcel({ receiver: { ...parcel().receiver, phone: '06 12' } }),
          parcel({ sender: { city: 'Marrakech' }, feePaidBy: 'receiver' }),
          { weight: 2 },
        ],
      },
      { 'accept-language': 'fr' },
    );
    expect(response.statusCode, response.body).toBe(207);
    const body = response.json() as ParcelBatchResult;
    expect(body.items.map((item) => [item.index, item.status])).toEqual([
      [0, 201],
      [1, 400],
      [2, 201],
      [3, 400],
    ]);
    expect(body).toMatchObject({ created: 2, refused: 2 });
    const refused = body.items[1] as Extract<ParcelBatchResult['items'][number], { code: string }>;
    expect(refused.errorCodes).toEqual({ 'receiver.phone': 'validation.phone_invalid' });
    // In the request's language.
    expect(refused.message).toBe(frenchMessages['validation.phone_invalid']);
    expect(refused.errors!['receiver.phone']).toBe(frenchMessages['validation.phone_invalid']);
    expect(Object.keys((body.items[3] as typeof refused).errorCodes!)).toEqual(
      expect.arrayContaining(['receiver', 'dimensions']),
    );

    const made = body.items.flatMap((item) => ('parcel' in item ? [item.parcel] : []));
    expect(made[0]).toMatchObject({ status: 'PENDING', sender: { city: 'Casablanca' } });
    expect(made[1]).toMatchObject({ sender: { city: 'Marrakech' }, feePaidBy: 'receiver' });
    for (const made1 of made) {
      expect(made1.price).toBeGreaterThan(0);
      expect(made1.labelUrl).toBe(`http://atlas.test/api/v1/parcels/${made1.trackingNumber}/label`);
      const read = await v1(keyA, 'GET', `/parcels/${made1.trackingNumber}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual(made1);
    }
    expect(await countOrders(keyA.organizationId)).toBe(before + 2);
    const [row] = await testApp.database.db
      .select({ apiKeyId: orders.apiKeyId, userId: orders.userId })
      .from(orders)
      .where(eq(orders.trackingNumber, made[0]!.trackingNumber));
    expect(row).toEqual({ apiKeyId: keyA.id, userId: ownerA.user.id });
  });

  it('answers one parcel as a normal route: 201, or 400 with its field errors', async () => {
    const created = await createOne(keyA, { notes: 'Fragile' });
    expect(created).toMatchObject({ notes: 'Fragile', codAmount: 350, amountToCollect: 350 });
    const refused = await post(keyA, parcel({ weight: -1 }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ errorCodes: { weight: expect.any(String) } });
  });

  it('replays the first answer to the same Idempotency-Key of the same key, creating nothing', async () => {
    const headers = { 'idempotency-key': `replay-${randomUUID()}` };
    const payload = { parcels: [parcel(), parcel({ weight: 0 })] };
    const first = await post(keyA, payload, headers);
    expect(first.statusCode, first.body).toBe(207);
    const count = await countOrders(keyA.organizationId);

    const replay = await post(keyA, payload, headers);
    expect(replay.statusCode).toBe(207);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await countOrders(keyA.organizationId)).toBe(count);

    // Another key of the same member has a key space of its own: its call is a new one.
    const other = await post(otherKeyA, payload, headers);
    expect(other.statusCode, other.body).toBe(207);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countOrders(keyA.organizationId)).toBe(count + 1);
  });

  it('refuses a call without an Idempotency-Key', async () => {
    const response = await v1(keyA, 'POST', '/parcels', parcel());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'idempotency.key_required' });
  });

  it('refuses a reference already used (409 naming the parcel), and one repeated in a batch', async () => {
    const reference = `REF-${randomUUID().slice(0, 8)}`;
    const first = await createOne(keyA, { reference });

    const again = await post(keyA, parcel({ reference }));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'parcel.reference_taken' });
    expect((again.json() as { message: string }).message).toContain(first.trackingNumber);

    const fresh = `REF-${randomUUID().slice(0, 8)}`;
    const batch = await post(keyA, {
      parcels: [parcel({ reference }), parcel({ reference: fresh }), parcel({ reference: fresh })],
    });
    expect(batch.statusCode, batch.body).toBe(207);
    const items = (batch.json() as ParcelBatchResult).items;
    expect(items[0]).toMatchObject({ status: 409, code: 'parcel.reference_taken' });
    expect((items[0] as { message: string }).message).toContain(first.trackingNumber);
    expect(items[1]).toMatchObject({ status: 201, parcel: { reference: fresh } });
    expect(items[2]).toMatchObject({
      status: 400,
      errorCodes: { reference: 'parcel.reference_repeated' },
    });
  });

  it('exchanges a delivered parcel once: refused when not delivered, unknown, or named twice', async () => {
    const delivered = await createOne(keyA);
    await testApp.database.db
      .update(orders)
      .set({ status: 'DELIVERED' })
      .where(eq(orders.trackingNumber, delivered.trackingNumber));
    const pending = await createOne(keyA);
    const batch = await post(keyA, {
      parcels: [
        parcel({ exchangeOf: delivered.trackingNumber }),
        parcel({ exchangeOf: delivered.trackingNumber.toLowerCase() }),
        parcel({ exchangeOf: pending.trackingNumber }),
        parcel({ exchangeOf: 'MA-ZZZZ-ZZZZ' }),
      ],
    });
    expect(batch.statusCode, batch.body).toBe(207);
    const items = (batch.json() as ParcelBatchResult).items;
    expect(items[0]).toMatchObject({ status: 201 });
    expect(items[1]).toMatchObject({ status: 409, code: 'returns.exchange_taken' });
    for (const refused of [items[2], items[3]]) {
      expect(refused).toMatchObject({
        status: 400,
        errorCodes: { exchangeOf: 'returns.exchange_invalid' },
      });
    }
    // Exchanged once, it is taken for later calls too; another organization does not know it.
    const later = await post(keyA, parcel({ exchangeOf: delivered.trackingNumber }));
    expect(later.statusCode, later.body).toBe(409);
    const stranger = await post(
      keyB,
      parcel({ exchangeOf: delivered.trackingNumber, sender: { city: 'Marrakech' } }),
    );
    expect(stranger.statusCode, stranger.body).toBe(400);
    expect(stranger.json()).toMatchObject({
      errorCodes: { exchangeOf: 'returns.exchange_invalid' },
    });
  });

  it("takes the organization's pickup address as the sender, and refuses without any", async () => {
    const created = await createOne(keyA);
    expect(created.sender).toEqual({ city: 'Casablanca', address: '5 boulevard Zerktouni' });

    const refused = await post(keyB, parcel());
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'parcel.sender_city_required',
      errorCodes: { 'sender.city': 'parcel.sender_city_required' },
    });
    const named = await createOne(keyB, { sender: { city: 'Fes', address: 'Route de Sefrou' } });
    expect(named.sender).toEqual({ city: 'Fes', address: 'Route de Sefrou' });
  });

  it('refuses a key without the parcels:write scope', async () => {
    const before = await countOrders(keyA.organizationId);
    const response = await post(readOnlyA, parcel());
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'api_key.scope_missing' });
    expect(await countOrders(keyA.organizationId)).toBe(before);
  });

  it('refuses an empty batch and one of more than 100 parcels', async () => {
    for (const parcels of [[], Array.from({ length: 101 }, () => parcel())]) {
      const response = await post(keyA, { parcels });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCodes: { parcels: expect.any(String) } });
    }
  });
});

describe('an API parcel is an ordinary order', () => {
  it("shows in its organization's order list", async () => {
    const created = await createOne(keyA);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/orders?pageSize=100',
      headers: bearer(ownerA.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (response.json() as { orders: CustomerOrder[] }).orders;
    expect(listed.map((order) => order.trackingNumber)).toContain(created.trackingNumber);
  });
});

describe('a batch is placed through the lifecycle', () => {
  it("writes each parcel's tracking event, webhook and live event, and no placement notice", async () => {
    const owner = await loginAs(testApp, 'company');
    const organizationId = organizationOf(owner);
    const key = await insertApiKey(testApp, { userId: owner.user.id, organizationId }, [
      'parcels:write',
    ]);
    const [endpoint] = await testApp.database.db
      .insert(webhookEndpoints)
      .values({
        organizationId,
        url: 'https://shop.example.ma/hooks',
        events: ['*'],
        secretSealed: 'sealed-for-the-test',
        createdByUserId: owner.user.id,
      })
      .returning({ id: webhookEndpoints.id });
    const heard: string[] = [];
    const stopListening = await testApp.database.channels.listen('order_events', (payload) => {
      const notice = JSON.parse(payload) as { organizationId: string; trackingNumber: string };
      if (notice.organizationId === organizationId) heard.push(notice.trackingNumber);
    });
    try {
      const sender = { city: 'Agadir' };
      const response = await post(key, { parcels: [1, 2, 3].map(() => parcel({ sender })) });
      expect(response.statusCode, response.body).toBe(207);
      const numbers = (response.json() as ParcelBatchResult).items.map((item) =>
        'parcel' in item ? item.parcel.trackingNumber : '',
      );
      const rows = await queryRows<{
        trackingNumber: string;
        events: number;
        notifications: number;
        mails: number;
        webhooks: string[];
      }>(sql`
        select o.tracking_number as "trackingNumber",
          (select count(*)::int from tracking_events e
            where e.order_id = o.id and e.kind = 'placed') as events,
          (select count(*)::int from notifications n where n.order_id = o.id) as notifications,
          (select count(*)::int from outbox_messages m where m.channel = 'email'
            and m.params->>'trackingNumber' = o.tracking_number) as mails,
          array(select m.recipient || ' ' || (m.payload->'data'->>'trackingNumber')
            from outbox_messages m where m.channel = 'webhook'
            and m.params->>'trackingNumber' = o.tracking_number) as webhooks
        from orders o where o.organization_id = ${organizationId}
        order by o.tracking_number`);
      expect(rows).toEqual(
        [...numbers].sort().map((trackingNumber) => ({
          trackingNumber,
          events: 1,
          // The shop that made them knows: no notice or mail per parcel (decision 21).
          notifications: 0,
          mails: 0,
          webhooks: [`${endpoint!.id} ${trackingNumber}`],
        })),
      );
      await waitUntil('the live events of the batch', async () =>
        heard.length >= numbers.length ? true : undefined,
      );
      expect(heard).toEqual(numbers);
    } finally {
      await stopListening();
    }
  });

  it('refuses only the parcel whose reference another call took at the same time', async () => {
    const reference = `RACE-${randomUUID().slice(0, 8)}`;
    const batch = () => ({
      parcels: [parcel(), parcel({ reference }), parcel({ reference: `U-${randomUUID()}` })],
    });
    const answers = await Promise.all([post(keyA, batch()), post(keyA, batch())]);
    const items = answers.flatMap((answer) => {
      expect(answer.statusCode, answer.body).toBe(207);
      return (answer.json() as ParcelBatchResult).items;
    });
    const raced = items.filter((item) => item.index === 1).map((item) => item.status);
    expect([...raced].sort()).toEqual([201, 409]);
    expect(items.filter((item) => item.index !== 1).every((item) => item.status === 201)).toBe(
      true,
    );
    const [{ holders }] = await queryRows<{ holders: number }>(
      sql`select count(*)::int as holders from orders where reference = ${reference}`,
    );
    expect(holders).toBe(1);
  });
});

describe('GET /api/v1/parcels', () => {
  /** Every page from the start, `between` run after each one; the parcels in the order read. */
  async function readAll(key: TestApiKey, query: string, between?: () => Promise<void>) {
    const seen: ApiParcel[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const url: string = `/parcels?limit=3${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await v1(key, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as ParcelPage;
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) return seen;
      await between?.();
    }
    throw new Error('the cursor never ended');
  }

  it('pages by cursor without skips or repeats while parcels are created', async () => {
    const ownerC = await loginAs(testApp, 'company');
    const keyC = await insertApiKey(
      testApp,
      { userId: ownerC.user.id, organizationId: organizationOf(ownerC) },
      ['parcels:read', 'parcels:write'],
    );
    const sender = { city: 'Tangier' };
    const made: string[] = [];
    const batch = await post(keyC, {
      parcels: Array.from({ length: 7 }, () => parcel({ sender })),
    });
    expect(batch.statusCode, batch.body).toBe(207);
    for (const item of (batch.json() as ParcelBatchResult).items) {
      if ('parcel' in item) made.push(item.parcel.trackingNumber);
    }
    let createdMeanwhile = 0;
    const seen = await readAll(keyC, '', async () => {
      if (createdMeanwhile >= 4) return;
      createdMeanwhile += 2;
      for (let i = 0; i < 2; i += 1) made.push((await createOne(keyC, { sender })).trackingNumber);
    });
    const numbers = seen.map((p) => p.trackingNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort()).toEqual([...made].sort());
    expect(numbers.length).toBe(7 + createdMeanwhile);
    // In the order they last changed.
    const times = seen.map((p) => p.updatedAt);
    expect(times).toEqual([...times].sort());
  });

  it('filters by status and updatedSince', async () => {
    const reason = 'The shop cancelled it';
    const early = await createOne(keyA);
    const cancelled = await createOne(keyA);
    const cancel = await v1(keyA, 'POST', `/parcels/${cancelled.trackingNumber}/cancel`, {
      reason,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const changedAt = (cancel.json() as ApiParcel).updatedAt;

    const byStatus = await readAll(keyA, '&status=CANCELLED');
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((p) => p.status === 'CANCELLED')).toBe(true);
    expect(byStatus.map((p) => p.trackingNumber)).toContain(cancelled.trackingNumber);

    const since = await readAll(keyA, `&updatedSince=${encodeURIComponent(changedAt)}`);
    const sinceNumbers = since.map((p) => p.trackingNumber);
    expect(sinceNumbers).toContain(cancelled.trackingNumber);
    expect(sinceNumbers).not.toContain(early.trackingNumber);
    expect(since.every((p) => p.updatedAt >= changedAt)).toBe(true);
  });

  it('finds the one parcel with a reference, or none', async () => {
    const reference = `FIND-${randomUUID().slice(0, 8)}`;
    const created = await createOne(keyA, { reference });
    const found = await v1(keyA, 'GET', `/parcels?reference=${reference}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ items: [created], nextCursor: null });
    const none = await v1(keyA, 'GET', '/parcels?reference=NO-SUCH-REF');
    expect(none.json()).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor it did not give, and a limit over 100', async () => {
    const badCursor = await v1(keyA, 'GET', '/parcels?cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.statusCode, badCursor.body).toBe(400);
    expect(badCursor.json()).toMatchObject({ errorCodes: { cursor: 'parcel.cursor_invalid' } });
    const tooMany = await v1(keyA, 'GET', '/parcels?limit=101');
    expect(tooMany.statusCode, tooMany.body).toBe(400);
  });
});

describe('POST /api/v1/parcels/:trackingNumber/cancel', () => {
  it('cancels a pending parcel, and refuses one already dispatched (409)', async () => {
    const pending = await createOne(keyA);
    const response = await v1(keyA, 'POST', `/parcels/${pending.trackingNumber}/cancel`, {
      reason: 'Out of stock',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Out of stock' });

    const dispatched = await createOne(keyA);
    const [row] = await testApp.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.trackingNumber, dispatched.trackingNumber));
    const admin = await loginAs(testApp, 'admin');
    await dispatchOrder(testApp, admin, row!.id, await createTruckWithDriver(testApp));
    const refused = await v1(keyA, 'POST', `/parcels/${dispatched.trackingNumber}/cancel`, {
      reason: 'Too late',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const read = await v1(keyA, 'GET', `/parcels/${dispatched.trackingNumber}`);
    expect(read.json()).toMatchObject({ status: 'IN_TRANSIT' });
  });
});

describe("another organization's parcels", () => {
  it('are unknown to its keys: not read, not listed, not found by reference, not cancelled', async () => {
    const reference = `ISO-${randomUUID().slice(0, 8)}`;
    const ofA = await createOne(keyA, { reference });

    const read = await v1(keyB, 'GET', `/parcels/${ofA.trackingNumber}`);
    expect(read.statusCode, read.body).toBe(404);
    expect(read.json()).toMatchObject({ code: 'parcel.not_found' });

    const cancel = await v1(keyB, 'POST', `/parcels/${ofA.trackingNumber}/cancel`, {
      reason: 'Not mine',
    });
    expect(cancel.statusCode, cancel.body).toBe(404);
    expect((await v1(keyA, 'GET', `/parcels/${ofA.trackingNumber}`)).json()).toMatchObject({
      status: 'PENDING',
    });

    const byReference = await v1(keyB, 'GET', `/parcels?reference=${reference}`);
    expect(byReference.json()).toEqual({ items: [], nextCursor: null });

    const listed = await v1(keyB, 'GET', '/parcels?limit=100');
    const numbers = (listed.json() as ParcelPage).items.map((p) => p.trackingNumber);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).not.toContain(ofA.trackingNumber);

    // B's own reference space: the same reference is free there.
    const same = await createOne(keyB, { reference, sender: { city: 'Fes' } });
    expect(same.reference).toBe(reference);
  });
});
