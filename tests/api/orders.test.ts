import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCity } from '../../src/shared/cities';
import { calculateServerPrice, straightLineDistanceKm } from '../../src/shared/pricing';
import { orders, payments, trackingEvents } from '../../src/server/db/schema';
import { bearer, loginAs, orderPayload, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
let company: LoggedIn;
let person: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  company = await loginAs(testApp, 'company');
  person = await loginAs(testApp, 'individual');
});
afterAll(() => testApp.close());

const casablanca = findCity('Casablanca')!;
const rabat = findCity('Rabat')!;

async function placeOrder(who: LoggedIn, payload: object = orderPayload()) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/neworder',
    headers: bearer(who.token),
    payload,
  });
}

async function countRows() {
  const [o] = await testApp.database.db.select({ n: count() }).from(orders);
  const [p] = await testApp.database.db.select({ n: count() }).from(payments);
  return { orders: o!.n, payments: p!.n };
}

describe('POST /api/dashboard/distance', () => {
  it('prices Casablanca to Rabat by the shared rule over the straight-line distance', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/distance',
      headers: bearer(company.token),
      payload: {
        origin: { lat: casablanca.lat, lng: casablanca.lng },
        destination: { lat: rabat.lat, lng: rabat.lng },
        weight: 12,
        length: 20,
        width: 15,
        height: 10,
        type: 'express',
      },
    });
    expect(response.statusCode).toBe(200);
    const km = straightLineDistanceKm(casablanca, rabat);
    const expected = calculateServerPrice({ distanceKm: km, weightKg: 12, priority: 'express' });
    expect(response.json()).toEqual({
      price: expected.price,
      distance: km,
      distanceText: `${km.toFixed(1)} km`,
      duration: expect.stringMatching(/^1 h \d+ min$/),
      durationMinutes: Math.round((km / 60) * 60),
      vehicle: 'motorcycle',
      distanceSource: 'straight-line',
    });
    // (50 + 2 × 110.76) × 1.5 (weight 5–20 kg) × 0.8 (motorcycle) × 1.5 (express) = 488.74
    expect(response.json().price).toBe(488.74);
  });

  it('refuses bad sizes and absurd weights with field messages', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/distance',
      headers: bearer(company.token),
      payload: {
        origin: { lat: 33.5, lng: -7.6 },
        destination: { lat: 34, lng: -6.8 },
        weight: 50_000,
        length: 0,
        width: -1,
        height: 'tall',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      weight: 'We carry up to 40,000 kg per order',
      length: 'Valid length is required',
      width: 'Valid width is required',
      height: 'Valid height is required',
    });
  });
});

describe('who may ask for a price', () => {
  const priceRequest = {
    origin: { lat: casablanca.lat, lng: casablanca.lng },
    destination: { lat: rabat.lat, lng: rabat.lng },
    weight: 12,
    length: 20,
    width: 15,
    height: 10,
  };

  it('any signed-in user, the admin included; nobody anonymous', async () => {
    const admin = await loginAs(testApp, 'admin');
    const asAdmin = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/distance',
      headers: bearer(admin.token),
      payload: priceRequest,
    });
    expect(asAdmin.statusCode).toBe(200);
    const km = straightLineDistanceKm(casablanca, rabat);
    expect(asAdmin.json().price).toBe(
      calculateServerPrice({ distanceKm: km, weightKg: 12, priority: 'normal' }).price,
    );
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/distance',
      payload: priceRequest,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/dashboard/neworder', () => {
  it('creates a PENDING order with the server price, its first event and an unpaid payment', async () => {
    const before = await countRows();
    const response = await placeOrder(company, orderPayload({ price: 999_999 }));
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    const km = straightLineDistanceKm(casablanca, rabat);
    const price = calculateServerPrice({ distanceKm: km, weightKg: 12, priority: 'normal' }).price;
    expect(order).toMatchObject({
      status: 'PENDING',
      pickup_loc: 'Casablanca',
      delivery_loc: 'Rabat',
      weight: 12,
      length: 40,
      width: 30,
      height: 20,
      quantity: 1,
      price,
      totalPrice: price,
      distance: km,
      shipment_range: `Casablanca → Rabat (${km.toFixed(1)} km)`,
      shipment_info: 'Ceramic tiles',
      shipment_note: 'Call before arriving',
      receiverName: 'Karim Alaoui',
      payment: { amount: price, currency: 'MAD', method: 'cash_on_delivery', status: 'unpaid' },
      tracking: { status: 'PENDING', currentLocation: 'Casablanca' },
    });
    expect(order.trackingNumber).toMatch(/^MA-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(order.timeline).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        location: 'Casablanca',
        note: 'Order received',
      }),
    ]);
    const [stored] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.priceCentimes).toBe(Math.round(price * 100));
    const [payment] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(payment?.amountCentimes).toBe(Math.round(price * 100));
    expect(await countRows()).toEqual({
      orders: before.orders + 1,
      payments: before.payments + 1,
    });
  });

  it('accepts `length` as well as `leingth`, any city spelling case, and online payment as pending', async () => {
    const { leingth: _, ...withoutTypo } = orderPayload();
    const response = await placeOrder(person, {
      ...withoutTypo,
      length: 25,
      pickup_loc: 'fes',
      delivery_loc: ' MARRAKECH ',
      payment_method: 'online',
      priority: 'urgent',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({
      length: 25,
      pickup_loc: 'Fes',
      delivery_loc: 'Marrakech',
      priority: 'urgent',
      payment: { method: 'online', status: 'pending' },
    });
  });

  it.each([
    [
      'an unknown city',
      { delivery_loc: 'Atlantis' },
      'delivery_loc',
      'Choose a city from the list',
    ],
    ['no pickup', { pickup_loc: '' }, 'pickup_loc', 'Pickup address is required'],
    ['a zero width', { width: 0 }, 'width', 'Valid width is required'],
    ['a negative height', { height: -5 }, 'height', 'Valid height is required'],
    ['no length at all', { leingth: undefined }, 'length', 'Valid length is required'],
    ['an absurd weight', { weight: 40_001 }, 'weight', 'We carry up to 40,000 kg per order'],
    ['a text weight', { weight: 'heavy' }, 'weight', 'Valid weight is required'],
    [
      'a bad receiver phone',
      { receiver_phone: '12' },
      'receiver_phone',
      'Phone number is not valid',
    ],
    [
      'an unknown payment method',
      { payment_method: 'bitcoin' },
      'payment_method',
      expect.any(String),
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, overrides, field, message) => {
    const before = await countRows();
    const response = await placeOrder(company, { ...orderPayload(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual(message);
    expect(await countRows()).toEqual(before);
  });

  it('refuses the admin and anonymous callers', async () => {
    const admin = await loginAs(testApp, 'admin');
    expect((await placeOrder(admin)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      payload: orderPayload(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('customer lists', () => {
  it("each customer sees only their own orders; another customer's id is a 404", async () => {
    const mine = (await placeOrder(person)).json().order;
    const theirs = (await placeOrder(company)).json().order;
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/orders',
      headers: bearer(person.token),
    });
    const ids = (list.json().orders as Array<{ id: string }>).map((o) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const peek = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/orders/${theirs.id}`,
      headers: bearer(person.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ code: 'order.not_found', message: 'Order not found' });
    const own = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/orders/${mine.id}`,
      headers: bearer(person.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().order.timeline).toHaveLength(1);
    const garbage = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/orders/not-an-id',
      headers: bearer(person.token),
    });
    expect(garbage.statusCode).toBe(404);
  });

  it('answers each list under its key, with pagination, search and X-Total-Count', async () => {
    const shopper = await loginAs(testApp, 'individual');
    const cities = ['Agadir', 'Tangier', 'Oujda', 'Agadir', 'Meknes', 'Agadir', 'Safi'];
    for (const city of cities) await placeOrder(shopper, orderPayload({ delivery_loc: city }));

    const get = (url: string) =>
      testApp.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });

    const firstPage = await get('/api/dashboard/tracking?page=1&pageSize=6');
    expect(firstPage.json().trackingOrders).toHaveLength(6);
    expect(firstPage.headers['x-total-count']).toBe('7');
    const secondPage = await get('/api/dashboard/tracking?page=2&pageSize=6');
    expect(secondPage.json().trackingOrders).toHaveLength(1);
    // Newest first: the last placed (Safi) opens page one; the first placed ends page two.
    expect(firstPage.json().trackingOrders[0].delivery_loc).toBe('Safi');
    expect(secondPage.json().trackingOrders[0].delivery_loc).toBe('Agadir');

    const agadir = await get('/api/dashboard/orders?q=agad');
    expect(agadir.headers['x-total-count']).toBe('3');
    const oneId = firstPage.json().trackingOrders[2].id as string;
    const byId = await get(`/api/dashboard/orders?q=${oneId.slice(0, 10)}`);
    expect(byId.json().orders.map((o: { id: string }) => o.id)).toEqual([oneId]);
    const byTail = await get(`/api/dashboard/orders?q=${oneId.slice(-10)}`);
    expect(byTail.json().orders.map((o: { id: string }) => o.id)).toEqual([oneId]);

    expect((await get('/api/dashboard/deliveries')).json()).toEqual({ deliveredOrders: [] });
    expect((await get('/api/dashboard/canceled')).json()).toEqual({ canceledOrders: [] });
    const inTransit = await get('/api/dashboard/tracking?status=IN_TRANSIT');
    expect(inTransit.json().trackingOrders).toEqual([]);
    const pending = await get('/api/dashboard/tracking?status=PENDING,CONFIRMED');
    expect(pending.headers['x-total-count']).toBe('7');
    const badStatus = await get('/api/dashboard/tracking?status=LOADING');
    expect(badStatus.statusCode).toBe(400);
  });

  it('the dashboard counts by status and shows the latest orders', async () => {
    const shopper = await loginAs(testApp, 'company');
    const empty = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(shopper.token),
    });
    expect(empty.json()).toMatchObject({
      totalOrders: 0,
      lastOrders: [],
      recentShipped: null,
      lastDelivered: null,
      statusCounts: { PENDING: 0, DELIVERED: 0, CANCELLED: 0, IN_TRANSIT: 0, CONFIRMED: 0 },
    });
    for (let i = 0; i < 6; i += 1) await placeOrder(shopper);
    const full = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: bearer(shopper.token),
      })
    ).json();
    expect(full.user.email).toBe(shopper.email);
    expect(full.totalOrders).toBe(6);
    expect(full.lastOrders).toHaveLength(5);
    expect(full.recentShipped.id).toBe(full.lastOrders[0].id);
    expect(full.statusCounts.PENDING).toBe(6);
    expect(full.statusPercentages.PENDING).toBe(100);
  });
});

describe('GET /api/track/:trackingNumber', () => {
  it('shows status, cities, dates and timeline to anyone, and nothing personal', async () => {
    const { order } = (await placeOrder(company)).json();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/track/${order.trackingNumber.toLowerCase()}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      trackingNumber: order.trackingNumber,
      status: 'PENDING',
      pickup_loc: 'Casablanca',
      delivery_loc: 'Rabat',
      currentLocation: 'Casablanca',
    });
    expect(body.timeline).toEqual([
      { status: 'PENDING', kind: 'placed', at: expect.any(String), location: 'Casablanca' },
    ]);
    const text = JSON.stringify(body);
    for (const personal of ['Karim', '+212612345678', 'karim@example.ma', company.email, 'Souss']) {
      expect(text).not.toContain(personal);
    }
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('id');
  });

  it('answers 404 for an unknown number', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/track/MA-2222-2222' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'order.tracking_not_found',
      message: 'No shipment found for this tracking number',
    });
  });
});

describe('tracking events', () => {
  it('are stored with the order', async () => {
    const { order } = (await placeOrder(person)).json();
    const events = await testApp.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.orderId, order.id));
    expect(events).toHaveLength(1);
    expect(events[0]?.actorUserId).toBe(person.user.id);
  });
});
