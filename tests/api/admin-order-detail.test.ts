import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../src/shared/schemas/admin-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let order: CustomerOrderDetail;
let truck: TruckWithDriver;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'company');
  order = await createOrderAs(testApp, customer, {
    pickup_loc: 'Casablanca',
    delivery_loc: 'Agadir',
    payment_method: 'online',
  });
  truck = await createTruckWithDriver(testApp, { fullName: 'Rachid Tazi' });
  await dispatchOrder(testApp, admin, order.id, truck);
  const delivered = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
  expect(delivered.statusCode, delivered.body).toBe(200);
});
afterAll(() => testApp.close());

const getOrder = (id: string, token = admin.token) =>
  testApp.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(token) });

describe('GET /api/admin/orders/:id', () => {
  it('answers the order with its customer, truck, driver, payment and timeline', async () => {
    const response = await getOrder(order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { order: AdminOrderDetail };
    expect(body.order).toMatchObject({
      id: order.id,
      trackingNumber: order.trackingNumber,
      status: 'DELIVERED',
      pickup_loc: 'Casablanca',
      delivery_loc: 'Agadir',
      customer: { email: customer.email },
      truckNumber: truck.truckNumber,
      driver: { id: truck.driverId, name: 'Rachid Tazi' },
      payment: { status: 'paid', method: 'online', amount: order.totalPrice },
    });
    expect(body.order.timeline.map((event) => event.status)).toEqual([
      'PENDING',
      'IN_TRANSIT',
      'DELIVERED',
    ]);
    expect(body.order.timeline[1]!.note).toContain(truck.truckNumber);
  });

  it('is the same order the lists show', async () => {
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/orders/delivered',
      headers: bearer(admin.token),
    });
    const [listed] = list.json() as AdminOrderDetail[];
    const { timeline, position, eta, route, source, attempts, ...detail } = (
      (await getOrder(order.id)).json() as { order: AdminOrderDetail }
    ).order;
    expect(timeline).toHaveLength(3);
    // Delivered: the map shows the route alone (tests/api/driver-position.test.ts).
    expect({ position, eta }).toEqual({ position: null, eta: null });
    expect(route.delivery).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    // Placed on the screens (tests/api/api-keys.test.ts shows the other sources).
    expect(source).toEqual({ kind: 'screen' });
    expect(attempts).toEqual([]);
    // The page adds the attempts and the return (docs/decisions/0023) to what the lists show.
    expect(detail).toMatchObject(listed!);
    expect(detail).toMatchObject({ failedAttempts: 0, returnStartedAt: null, returnedAt: null });
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', order.id.slice(0, 8)]) {
      const response = await getOrder(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'order.not_found', message: 'Order not found' });
    }
  });

  it('answers the admin only', async () => {
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await getOrder(order.id, customer.token);
    expect(refused.statusCode).toBe(403);
  });

  it('leaves the fixed list paths to the lists', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/orders/pending',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
