/**
 * Demo data for a first look at the product: three customers, a small fleet and orders in
 * every state. Everything goes through the real API (app.inject), so prices, payments,
 * tracking events and truck statuses follow the same rules as in use.
 */
import type { ZodApp } from '../src/server/http/zod-app';

export const DEMO_PASSWORD = 'Demo@2026pass';

const phone = '+212612345678';

const demoCustomers = [
  {
    email: 'souss.argan@demo.atlasfreight.ma',
    userType: 'Company',
    company: {
      companyName: 'Souss Argan Cooperative',
      phone,
      address: '14 Rue Tarik Ibn Ziad, Agadir',
      rc: 'RC-AG-20931',
      nIf: 'IF-40217765',
      responsableName: 'Fatima Zahra Benali',
    },
  },
  {
    email: 'atlas.textiles@demo.atlasfreight.ma',
    userType: 'Company',
    company: {
      companyName: 'Atlas Textiles',
      phone: '+212522456789',
      address: '220 Boulevard Zerktouni, Casablanca',
      rc: 'RC-CA-118204',
      nIf: 'IF-33018842',
      responsableName: 'Karim Tazi',
    },
  },
  {
    email: 'youssef.alami@demo.atlasfreight.ma',
    userType: 'Individual',
    individual: {
      fullName: 'Youssef Alami',
      phone: '+212661234567',
      nationalId: 'BE724513',
      address: '8 Derb Sidi Bouloukat, Marrakech',
    },
  },
] as const;

const isoDateFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const demoFleet = [
  [
    'Rachid Benjelloun',
    'BJ448120',
    'DL-771204',
    '48213-A-6',
    3_500,
    2021,
    'Isuzu NPR',
    'Box Truck',
  ],
  ['Hamid Ouazzani', 'CD119873', 'DL-802377', '51022-B-1', 12_000, 2019, 'Volvo FL', 'Flatbed'],
  [
    'Said Amrani',
    'JA552018',
    'DL-690415',
    '30917-D-9',
    1_500,
    2023,
    'Renault Master',
    'Refrigerated',
  ],
] as const;

type FinalStatus = 'PENDING' | 'IN_TRANSIT' | 'DELIVERED' | 'CANCELLED';

/** customer index, pickup, delivery, weight kg, priority, final status */
const demoOrders: Array<[number, string, string, number, string, FinalStatus]> = [
  [0, 'Agadir', 'Casablanca', 320, 'normal', 'DELIVERED'],
  [0, 'Agadir', 'Marrakech', 85, 'express', 'DELIVERED'],
  [0, 'Agadir', 'Rabat', 640, 'normal', 'IN_TRANSIT'],
  [0, 'Agadir', 'Tangier', 150, 'urgent', 'PENDING'],
  [1, 'Casablanca', 'Fes', 2_400, 'normal', 'DELIVERED'],
  [1, 'Casablanca', 'Oujda', 5_800, 'normal', 'IN_TRANSIT'],
  [1, 'Casablanca', 'Laayoune', 1_200, 'express', 'CANCELLED'],
  [1, 'Casablanca', 'Meknes', 760, 'normal', 'PENDING'],
  [2, 'Marrakech', 'Essaouira', 12, 'normal', 'DELIVERED'],
  [2, 'Marrakech', 'Casablanca', 4, 'express', 'CANCELLED'],
  [2, 'Marrakech', 'Ouarzazate', 30, 'normal', 'PENDING'],
];

interface Caller {
  app: ZodApp;
  token?: string;
}

async function call<T>(
  { app, token }: Caller,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json<T>() };
}

async function expectOk<T>(request: Promise<{ status: number; body: T }>, what: string) {
  const { status, body } = await request;
  if (status >= 300) throw new Error(`${what} failed (${status}): ${JSON.stringify(body)}`);
  return body;
}

export interface DemoSeedResult {
  created: boolean;
  customerEmails: string[];
  orders: number;
}

/** Seeds once: when the first demo customer exists already, nothing is written. */
export async function seedDemoData(app: ZodApp, adminToken: string): Promise<DemoSeedResult> {
  const customerEmails = demoCustomers.map((customer) => customer.email);
  const anonymous: Caller = { app };
  const admin: Caller = { app, token: adminToken };

  const first = await call(anonymous, 'POST', '/api/auth/register', {
    ...demoCustomers[0],
    password: DEMO_PASSWORD,
  });
  if (first.status === 409) return { created: false, customerEmails, orders: 0 };
  if (first.status >= 300) throw new Error(`Registering failed: ${JSON.stringify(first.body)}`);
  for (const customer of demoCustomers.slice(1)) {
    await expectOk(
      call(anonymous, 'POST', '/api/auth/register', { ...customer, password: DEMO_PASSWORD }),
      `Registering ${customer.email}`,
    );
  }
  const customers: Caller[] = [];
  for (const email of customerEmails) {
    const { token } = await expectOk(
      call<{ token: string }>(anonymous, 'POST', '/api/auth/login', {
        email,
        password: DEMO_PASSWORD,
      }),
      `Logging in ${email}`,
    );
    customers.push({ app, token });
  }

  let driverNumber = 0;
  for (const [
    fullName,
    nationalId,
    license,
    truckNumber,
    capacity,
    year,
    model,
    type,
  ] of demoFleet) {
    // Each driver signs in with their own phone, so no two may share one.
    driverNumber += 1;
    await expectOk(
      call(admin, 'POST', '/api/admin/trucks/add', {
        fullName,
        phone: `+2126610000${String(driverNumber).padStart(2, '0')}`,
        nationalId,
        license,
        licenseExpire: isoDateFromToday(2 * 365),
        truckNumber,
        capacity,
        truckYear: year,
        model,
        truckType: type,
        technicalDate: isoDateFromToday(-90),
      }),
      `Adding truck ${truckNumber}`,
    );
  }

  // Finished orders first, so their trucks are free again for the ones left on the road.
  const byProgress = [...demoOrders].sort(
    ([, , , , , a], [, , , , , b]) => Number(a === 'IN_TRANSIT') - Number(b === 'IN_TRANSIT'),
  );
  for (const [customer, from, to, weight, priority, finalStatus] of byProgress) {
    const { order } = await expectOk(
      call<{ order: { id: string } }>(customers[customer]!, 'POST', '/api/dashboard/neworder', {
        pickup_loc: from,
        delivery_loc: to,
        weight,
        length: 120,
        width: 80,
        height: 60,
        priority,
        payment_method: customer === 2 ? 'online' : 'cash_on_delivery',
        // The first customer sells online: the driver collects the goods' value for them
        // (docs/decisions/0020-merchant-money.md); the second's receivers pay the fee at the door.
        cod_amount: customer === 0 ? 350 : 0,
        fee_paid_by: customer === 1 ? 'receiver' : 'sender',
        receiver_name: 'Receiving desk',
        receiver_phone: phone,
        shipment_info: 'Demo shipment',
      }),
      `Ordering ${from} → ${to}`,
    );
    if (finalStatus === 'CANCELLED') {
      await expectOk(
        call(admin, 'PUT', `/api/admin/orders/${order.id}/update-status`, {
          status: 'CANCELLED',
          reason: 'The customer asked to postpone the shipment',
        }),
        'Cancelling',
      );
    }
    if (finalStatus === 'IN_TRANSIT' || finalStatus === 'DELIVERED') {
      const combinations = await expectOk(
        call<Array<{ truckNumber: string; id: string }>>(
          admin,
          'GET',
          `/api/admin/truck-driver?orderId=${order.id}`,
        ),
        'Listing trucks',
      );
      const [combination] = combinations;
      if (!combination) throw new Error(`No truck can take the order ${from} → ${to}`);
      await expectOk(
        call(admin, 'PUT', `/api/admin/orders/${order.id}/update-status`, {
          status: 'IN_TRANSIT',
          truckNumber: combination.truckNumber,
          driverId: combination.id,
        }),
        'Dispatching',
      );
      if (finalStatus === 'DELIVERED') {
        await expectOk(
          call(admin, 'PUT', `/api/admin/orders/${order.id}/update-status`, {
            status: 'DELIVERED',
          }),
          'Delivering',
        );
      }
    }
  }
  return { created: true, customerEmails, orders: demoOrders.length };
}
