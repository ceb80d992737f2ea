/**
 * Keyset pages (docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"): `after` or `before` an order's id reads the
 * next or the previous page from where the reader is, and keeps their place while new orders
 * arrive; `anchorPage` places the anchor pages away (the pager's numbered buttons). The pages
 * equal the numbered pages they stand for, on the customer's lists and the back office's,
 * filtered or not, with orders created in the same instant ordered by id. An anchor that is gone,
 * or another customer's, leaves the page to its number and tells nothing; anchors that cannot
 * place a page are a 400 in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, bulkLoadOrders, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

const CUSTOMER_ORDERS = 40;
const PAGE_SIZE = 4;

interface ListedOrder {
  id: string;
  status: string;
}

describe('pages read from an anchor', () => {
  let testApp: TestApp;
  let customer: LoggedIn;
  let other: LoggedIn;
  let admin: LoggedIn;
  let othersOrderId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    customer = await loginAs(testApp, 'company');
    other = await loginAs(testApp, 'individual');
    admin = await loginAs(testApp, 'admin');
    othersOrderId = (await createOrderAs(testApp, other)).id;
    // Orders three at a time share one instant: the id decides between them.
    await bulkLoadOrders(testApp, {
      userId: customer.user.id,
      count: CUSTOMER_ORDERS,
      trackingDigit: 8,
      sameInstant: 3,
    });
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  /** One page's order ids and the total header, for the customer's (`key`) or the admin's lists. */
  async function pageOf(url: string, token: string, key?: string) {
    const response = await get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const rows: ListedOrder[] = key ? body[key] : body;
    return { ids: rows.map((row) => row.id), total: response.headers['x-total-count'] };
  }

  const lists: Array<[string, string, () => LoggedIn, string | undefined]> = [
    ['all of a customer’s orders', '/api/dashboard/orders', () => customer, 'orders'],
    ['a customer’s deliveries', '/api/dashboard/deliveries', () => customer, 'deliveredOrders'],
    [
      'a customer’s orders of two statuses',
      '/api/dashboard/orders?status=PENDING,CANCELLED',
      () => customer,
      'orders',
    ],
    ['every order, for the admin', '/api/admin/orders', () => admin, undefined],
    ['pending orders, for the admin', '/api/admin/orders/pending', () => admin, undefined],
  ];

  it.each(lists)(
    '%s: next and previous pages equal the numbered ones',
    async (_name, path, who, key) => {
      const token = who().token;
      const join = path.includes('?') ? '&' : '?';
      const numbered = async (page: number, anchor = '') =>
        pageOf(`${path}${join}page=${page}&pageSize=${PAGE_SIZE}${anchor}`, token, key);
      const pages = [await numbered(1)];
      while (pages.at(-1)!.ids.length === PAGE_SIZE) pages.push(await numbered(pages.length + 1));
      if (pages.at(-1)!.ids.length === 0) pages.pop();
      expect(pages.length).toBeGreaterThan(2);
      for (let n = 1; n < pages.length; n++) {
        const next = await numbered(n + 1, `&after=${pages[n - 1]!.ids.at(-1)}`);
        expect(next).toEqual(pages[n]);
        const previous = await numbered(n, `&before=${pages[n]!.ids[0]}`);
        expect(previous).toEqual(pages[n - 1]);
      }
      // Two pages on, and two back, from the page on screen (the pager's numbered buttons).
      for (let n = 1; n + 2 <= pages.length; n++) {
        const ahead = await numbered(n + 2, `&after=${pages[n - 1]!.ids.at(-1)}&anchorPage=${n}`);
        expect(ahead).toEqual(pages[n + 1]);
        const back = await numbered(n, `&before=${pages[n + 1]!.ids[0]}&anchorPage=${n + 2}`);
        expect(back).toEqual(pages[n - 1]);
      }
      // Six pages away: farther than the pager moves, read ids first (order-page-queries.ts).
      if (pages.length >= 8) {
        const far = await numbered(7, `&after=${pages[0]!.ids.at(-1)}&anchorPage=1`);
        expect(far).toEqual(pages[6]);
        // Back, the anchor lies at most PAGER_BUTTONS pages past the page (list-limits.test.ts).
        const farBack = await numbered(2, `&before=${pages[6]!.ids[0]}&anchorPage=7`);
        expect(farBack).toEqual(pages[1]);
      }
    },
  );

  it('a customer’s pages are newest first, and same-instant orders keep one order', async () => {
    const all = await pageOf(`/api/dashboard/orders?pageSize=100`, customer.token, 'orders');
    expect(all.ids).toHaveLength(CUSTOMER_ORDERS);
    const stepped: string[] = [];
    let after = '';
    for (let page = 1; stepped.length < CUSTOMER_ORDERS; page++) {
      const { ids } = await pageOf(
        `/api/dashboard/orders?page=${page}&pageSize=${PAGE_SIZE}${after}`,
        customer.token,
        'orders',
      );
      expect(ids.length).toBeGreaterThan(0);
      stepped.push(...ids);
      after = `&after=${ids.at(-1)}`;
    }
    expect(stepped).toEqual(all.ids);
  });

  it('an anchor that is another customer’s order leaves the page to its number', async () => {
    const page2 = await pageOf(
      `/api/dashboard/orders?page=2&pageSize=${PAGE_SIZE}`,
      customer.token,
      'orders',
    );
    for (const side of ['after', 'before']) {
      const anchored = await pageOf(
        `/api/dashboard/orders?page=2&pageSize=${PAGE_SIZE}&${side}=${othersOrderId}`,
        customer.token,
        'orders',
      );
      expect(anchored).toEqual(page2);
    }
    // The other customer's own list never shows the customer's orders through an anchor either.
    const theirs = await pageOf(
      `/api/dashboard/orders?page=1&pageSize=${PAGE_SIZE}&after=${page2.ids[0]}`,
      other.token,
      'orders',
    );
    expect(theirs.ids).toEqual([othersOrderId]);
  });

  it('an anchor that is gone, or at the end of the list, leaves the page to its number', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const page3 = await pageOf(`/api/admin/orders?page=3&pageSize=${PAGE_SIZE}`, admin.token);
    expect(
      await pageOf(`/api/admin/orders?page=3&pageSize=${PAGE_SIZE}&after=${unknown}`, admin.token),
    ).toEqual(page3);
    const newest = (await pageOf(`/api/admin/orders?page=1&pageSize=1`, admin.token)).ids[0];
    const page1 = await pageOf(`/api/admin/orders?page=1&pageSize=${PAGE_SIZE}`, admin.token);
    expect(
      await pageOf(`/api/admin/orders?page=1&pageSize=${PAGE_SIZE}&before=${newest}`, admin.token),
    ).toEqual(page1);
  });

  it('refuses both anchors at once, and an anchor that is not an id, in the caller’s language', async () => {
    const id = othersOrderId;
    const both = await get(`/api/admin/orders?after=${id}&before=${id}`, admin.token);
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toMatchObject({
      before: 'after and before cannot be used together',
    });
    const notAnId = await get('/api/dashboard/orders?after=42', customer.token);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().errors).toMatchObject({ after: 'after must be an order id' });
    for (const [query, message] of [
      [`page=3&after=${id}&anchorPage=3`, 'anchorPage must be less than page'],
      [`page=3&before=${id}&anchorPage=2`, 'anchorPage must be more than page'],
      ['page=3&anchorPage=2', 'anchorPage needs after or before'],
      [`page=3&after=${id}&anchorPage=0`, 'anchorPage must be 1 or more'],
    ]) {
      const refused = await get(`/api/admin/orders?${query}`, admin.token);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().errors).toEqual({ anchorPage: message });
    }
    const inArabic = await get(`/api/dashboard/orders?page=3&anchorPage=2`, customer.token, {
      'accept-language': 'ar',
    });
    expect(inArabic.json().errors).toEqual({
      anchorPage: 'يتطلب الحقل anchorPage الحقل after أو before',
    });
    const inFrench = await get('/api/dashboard/orders?before=x', customer.token, {
      'accept-language': 'fr',
    });
    expect(inFrench.statusCode).toBe(400);
    expect(inFrench.json().errors).toMatchObject({
      before: "before doit être l'identifiant d'une commande",
    });
  });

  it('a reader paging on keeps their place while new orders arrive at the top', async () => {
    const url = (page: number, anchor = '') =>
      `/api/dashboard/orders?page=${page}&pageSize=${PAGE_SIZE}${anchor}`;
    const page1 = await pageOf(url(1), customer.token, 'orders');
    const page2 = await pageOf(url(2), customer.token, 'orders');
    const page8 = await pageOf(url(8), customer.token, 'orders');
    await createOrderAs(testApp, customer);
    const far = await pageOf(
      url(8, `&after=${page1.ids.at(-1)}&anchorPage=1`),
      customer.token,
      'orders',
    );
    expect(far.ids).toEqual(page8.ids);
    const next = await pageOf(url(2, `&after=${page1.ids.at(-1)}`), customer.token, 'orders');
    expect(next.ids).toEqual(page2.ids);
    expect(next.total).toBe(String(CUSTOMER_ORDERS + 1));
    const back = await pageOf(url(1, `&before=${page2.ids[0]}`), customer.token, 'orders');
    expect(back.ids).toEqual(page1.ids);
    // By number alone, the page has moved down by the new order.
    const shifted = await pageOf(url(2), customer.token, 'orders');
    expect(shifted.ids).toEqual([page1.ids.at(-1), ...page2.ids.slice(0, -1)]);
  });
});
