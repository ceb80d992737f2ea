/**
 * Placing an order is idempotent per `Idempotency-Key` (docs/decisions/0009-drivers.md, "Offline
 * tolerance"; the new-order wizard sends one per order): a retry of a request whose answer was
 * lost gets that answer back and places nothing more; another key, or another customer, is
 * another order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../src/shared/idempotency';
import { bearer, loginAs, orderPayload, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

describe('placing an order again with its Idempotency-Key', () => {
  let testApp: TestApp;
  let customer: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    testApp = await buildTestApp();
    customer = await loginAs(testApp, 'company');
    other = await loginAs(testApp, 'individual');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const place = (who: LoggedIn, key: string, destination = 'Rabat') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: { ...bearer(who.token), 'idempotency-key': key },
      payload: orderPayload({ delivery_loc: destination }),
    });

  const orderCountOf = async (who: LoggedIn) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/orders?pageSize=1',
      headers: bearer(who.token),
    });
    return Number(response.headers['x-total-count']);
  };

  it('answers the order already placed, and places it once', async () => {
    const first = await place(customer, 'order-attempt-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await place(customer, 'order-attempt-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await orderCountOf(customer)).toBe(1);
  });

  it('places another order for another key, or for another customer with the same key', async () => {
    const before = await orderCountOf(customer);
    const second = await place(customer, 'order-attempt-2', 'Agadir');
    expect(second.statusCode).toBe(201);
    expect(await orderCountOf(customer)).toBe(before + 1);
    const theirs = await place(other, 'order-attempt-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(await orderCountOf(other)).toBe(1);
  });

  it('refuses a key that is not 1 to 100 printable characters, placing nothing', async () => {
    const before = await orderCountOf(customer);
    const refused = await place(customer, 'x'.repeat(101));
    expect(refused.statusCode).toBe(400);
    expect(await orderCountOf(customer)).toBe(before);
  });

  it('places one order without a key, as before', async () => {
    const before = await orderCountOf(customer);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: bearer(customer.token),
      payload: orderPayload(),
    });
    expect(response.statusCode).toBe(201);
    expect(await orderCountOf(customer)).toBe(before + 1);
  });
});
