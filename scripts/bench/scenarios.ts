import pg from 'pg';
import { findCity } from '../../src/shared/cities';
import type { LoadTarget } from './load';
import { BENCH_PASSWORD, type SeededData } from './seed-bench-data';

/**
 * The page sizes the web app asks for: DASHBOARD_PAGE_SIZE in
 * src/web/features/dashboard/api/dashboard-queries.ts and ADMIN_PAGE_SIZE in
 * src/web/features/admin/api/admin-api.ts.
 */
export const CUSTOMER_PAGE_SIZE = 6;
export const ADMIN_PAGE_SIZE = 6;
/** How deep the deep pages go, when the smallest scale has that many rows. */
const DEEP_OFFSET = 5_000;

/**
 * list and dashboard: what must stay as fast at every scale; read: the other hot reads;
 * login: the one write, which argon2 makes slow by design.
 */
export type ScenarioKind = 'list' | 'dashboard' | 'read' | 'login';

export interface Scenario {
  key: string;
  title: string;
  kind: ScenarioKind;
  target: LoadTarget;
}

export interface BenchTokens {
  heavyCustomer: string;
  admin: string;
}

/** A page deep in a list: its number, and where it starts. */
export interface DeepPage {
  page: number;
  offset: number;
}

/** The first page of `pageSize` rows starting at or before `offset`, and where it starts. */
export function deepPage(offset: number, pageSize: number): DeepPage {
  const page = Math.floor(offset / pageSize) + 1;
  return { page, offset: (page - 1) * pageSize };
}

/**
 * Deep pages valid at every scale of the run: the heavy customer holds a tenth of the orders, so
 * at 10 000 orders their deepest page starts before row 1 000.
 */
export function deepPages(smallestScale: number): { customer: DeepPage; admin: DeepPage } {
  return {
    customer: deepPage(
      Math.min(DEEP_OFFSET, smallestScale / 10 - CUSTOMER_PAGE_SIZE),
      CUSTOMER_PAGE_SIZE,
    ),
    admin: deepPage(Math.min(DEEP_OFFSET, smallestScale - ADMIN_PAGE_SIZE), ADMIN_PAGE_SIZE),
  };
}

/**
 * A deep page as the pager asks for it (src/web/ui/page-anchor.ts): from the page before it,
 * the page after it, and two pages before it, each by the order on screen it is read from.
 */
export interface SteppedDeepPage extends DeepPage {
  queries: string[];
}

/**
 * The deep pages of one seeded database, with the orders around them that the pager anchors
 * them on: the list's rows at those positions, newest first.
 */
export async function stepToDeepPages(
  databaseUrl: string,
  seeded: SeededData,
  deep: ReturnType<typeof deepPages>,
): Promise<{ customer: SteppedDeepPage; admin: SteppedDeepPage }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [
      seeded.heavyCustomerEmail,
    ]);
    const customerId = rows[0]!.id;
    const orderAt = async (position: number, customer?: string) => {
      const found = await client.query<{ id: string }>(
        `select id from orders ${customer ? 'where user_id = $2' : ''}
         order by created_at desc, id desc offset $1 limit 1`,
        customer ? [position, customer] : [position],
      );
      return found.rows[0]!.id;
    };
    const stepped = async ({ page, offset }: DeepPage, size: number, customer?: string) => {
      const list = `page=${page}&pageSize=${size}`;
      return {
        page,
        offset,
        queries: [
          `${list}&after=${await orderAt(offset - 1, customer)}&anchorPage=${page - 1}`,
          `${list}&before=${await orderAt(offset + size, customer)}&anchorPage=${page + 1}`,
          `${list}&after=${await orderAt(offset - size - 1, customer)}&anchorPage=${page - 2}`,
        ],
      };
    };
    return {
      customer: await stepped(deep.customer, CUSTOMER_PAGE_SIZE, customerId),
      admin: await stepped(deep.admin, ADMIN_PAGE_SIZE),
    };
  } finally {
    await client.end();
  }
}

const signedIn = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };
const get = (headers: Record<string, string>, ...paths: string[]): LoadTarget => ({
  method: 'GET',
  headers,
  requests: paths.map((path) => ({ path })),
});

function priceQuoteBody(): string {
  const origin = findCity('Casablanca')!;
  const destination = findCity('Marrakech')!;
  return JSON.stringify({
    origin: { lat: origin.lat, lng: origin.lng },
    destination: { lat: destination.lat, lng: destination.lng },
    weight: 12,
    length: 40,
    width: 30,
    height: 20,
    type: 'normal',
  });
}

export function buildScenarios(
  seeded: SeededData,
  tokens: BenchTokens,
  deep: Awaited<ReturnType<typeof stepToDeepPages>>,
): Scenario[] {
  const customer = signedIn(tokens.heavyCustomer);
  const admin = signedIn(tokens.admin);
  return [
    {
      key: 'customer-orders',
      title: 'customer orders, page 1',
      kind: 'list',
      target: get(customer, `/api/dashboard/orders?page=1&pageSize=${CUSTOMER_PAGE_SIZE}`),
    },
    {
      key: 'customer-orders-deep',
      title: `customer orders, offset ${deep.customer.offset}`,
      kind: 'list',
      target: get(
        customer,
        ...deep.customer.queries.map((query) => `/api/dashboard/orders?${query}`),
      ),
    },
    {
      key: 'customer-dashboard',
      title: 'customer dashboard',
      kind: 'dashboard',
      target: get(customer, '/api/dashboard'),
    },
    {
      key: 'order-page',
      title: 'order page',
      kind: 'read',
      target: get(
        customer,
        ...seeded.heavyCustomerOrderIds.map((id) => `/api/dashboard/orders/${id}`),
      ),
    },
    {
      key: 'public-tracking',
      title: 'public tracking',
      kind: 'read',
      target: get({}, ...seeded.trackingNumbers.map((number) => `/api/track/${number}`)),
    },
    {
      key: 'price-quote',
      title: 'price quote',
      kind: 'read',
      target: {
        method: 'POST',
        headers: { ...customer, ...json },
        requests: [{ path: '/api/dashboard/distance', body: priceQuoteBody() }],
      },
    },
    {
      key: 'admin-orders',
      title: 'admin orders, page 1',
      kind: 'list',
      target: get(admin, `/api/admin/orders?page=1&pageSize=${ADMIN_PAGE_SIZE}`),
    },
    {
      key: 'admin-orders-deep',
      title: `admin orders, offset ${deep.admin.offset}`,
      kind: 'list',
      target: get(admin, ...deep.admin.queries.map((query) => `/api/admin/orders?${query}`)),
    },
    {
      key: 'admin-dashboard',
      title: 'admin dashboard',
      kind: 'dashboard',
      target: get(admin, '/api/admin/dashboard'),
    },
    {
      key: 'login',
      title: 'login',
      kind: 'login',
      target: loginTarget(seeded),
    },
  ];
}

/** Sign-ins of the seeded customers in turn, each with their right password. */
export function loginTarget(seeded: SeededData): LoadTarget {
  return {
    method: 'POST',
    headers: json,
    requests: seeded.loginEmails.map((email) => ({
      path: '/api/auth/login',
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    })),
  };
}
