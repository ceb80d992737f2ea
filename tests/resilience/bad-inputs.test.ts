import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDriverTruckSchema } from '../../src/shared/schemas/fleet-schemas';
import {
  CustomerCancelSchema,
  UpdateOrderStatusSchema,
} from '../../src/shared/schemas/admin-schemas';
import {
  InvitationAcceptSchema,
  InvitationCreateSchema,
  MemberRoleUpdateSchema,
} from '../../src/shared/schemas/org-schemas';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegistrationSchema,
  ResetPasswordSchema,
} from '../../src/shared/schemas/auth-schemas';
import { RecordRemittanceSchema } from '../../src/shared/schemas/cash-schemas';
import { ApiKeyCreateSchema } from '../../src/shared/schemas/api-key-schemas';
import { PickupAddressUpdateSchema } from '../../src/shared/schemas/pickup-address-schemas';
import { PrintApiLabelsSchema, PrintLabelsSchema } from '../../src/shared/schemas/label-schemas';
import { CreditNoteSchema, IssueInvoicesSchema } from '../../src/shared/schemas/invoice-schemas';
import {
  CreatePayoutBatchSchema,
  LedgerAdjustmentSchema,
  MarkPayoutPaidSchema,
} from '../../src/shared/schemas/payout-schemas';
import {
  DeliverOrderSchema,
  DriverCodeRequestSchema,
  DriverLoginSchema,
  DriverPositionSchema,
  FailedAttemptSchema,
} from '../../src/shared/schemas/driver-schemas';
import { CreateOrderSchema, PriceRequestSchema } from '../../src/shared/schemas/order-schemas';
import {
  MfaDisableSchema,
  MfaEnableSchema,
  MfaVerifySchema,
} from '../../src/shared/schemas/mfa-schemas';
import {
  BillingUpdateSchema,
  BusinessSettingsUpdateSchema,
} from '../../src/shared/schemas/settings-schemas';
import { ProfileUpdateSchema } from '../../src/shared/schemas/user-schemas';
import {
  WebhookEndpointCreateSchema,
  WebhookEndpointUpdateSchema,
} from '../../src/shared/schemas/webhook-schemas';
import { ImportRowUpdateSchema } from '../../src/shared/schemas/import-schemas';
import { IMPORT_COLUMNS } from '../../src/shared/import-columns';
import { ParcelInputSchema } from '../../src/shared/schemas/parcel-schemas';
import {
  OfficeReturnDeliveredSchema,
  OfficeReturnSchema,
  ReattemptSchema,
  ReceiverInstructionsSchema,
  ReceiverRefuseSchema,
  ReceiverRescheduleSchema,
  ReturnCodeSchema,
} from '../../src/shared/schemas/returns-schemas';
import {
  AddRunOrdersSchema,
  ConfirmPlanSchema,
  CreateRunSchema,
  PlanRunsSchema,
} from '../../src/shared/schemas/run-schemas';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import {
  CreateCollectionManifestSchema,
  CreateDispatchManifestSchema,
} from '../../src/shared/schemas/manifest-schemas';
import { CancelParcelSchema } from '../../src/shared/schemas/parcels-api-schemas';
import { API_KEY_SCOPES } from '../../src/shared/shippers-api';
import { appendLedgerEntry } from '../../src/server/ledger/ledger-book-queries';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from '../api/driver-helpers';
import {
  bearer,
  createOrderAs,
  driverTruckPayload,
  individualPayload,
  loginAs,
  orderPayload,
  updateOrderStatus,
  TEST_PASSWORD,
} from '../api/factories';
import { buildTestApp, type TestApp } from '../api/helpers';
import { insertApiKey } from '../api/parcels-api-keys';
import { waitUntil } from '../api/polling';
import { usesPostgres } from '../api/test-database-mode';
import {
  badRequestsFor,
  type BadInputKind,
  type BadRequest,
  type Credentials,
  type WriteEndpoint,
} from './bad-requests';
import { printFigures } from './figures';
import { fingerprintTables, queryRows } from './table-fingerprints';
import { UNLIMITED_ATTEMPTS } from './unlimited-attempts';

/*
 * docs/reliability.md, "Bad inputs": every write endpoint of the API gets at least 1 000 requests
 * its contract refuses, with the route's own sign-in. Each must be answered, quickly, with a 4xx
 * and the one error body ({ code, message }); once an endpoint's run is over, no table has gained,
 * lost or changed a row.
 */

/** Requests per endpoint; RESILIENCE_RUNS lowers it while working on the battery. */
const RUNS = Number(process.env.RESILIENCE_RUNS ?? 1_000);
/** A request that takes longer is a hang as far as a user can tell. */
const REQUEST_DEADLINE_MS = 6_000;
/** RESILIENCE_SEED replays a failed run (fast-check prints the seed it used). */
const SEED = process.env.RESILIENCE_SEED ? Number(process.env.RESILIENCE_SEED) : undefined;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let sms: SmsCatcher;
let testApp: TestApp;
let credentials: Credentials;
let endpoints: Map<string, WriteEndpoint>;

const keyOf = (endpoint: Pick<WriteEndpoint, 'method' | 'route'>) =>
  `${endpoint.method} ${endpoint.route}`;

/** The write routes the app has registered under /api, read from the router itself. */
function listWriteRoutes(): string[] {
  const tree = testApp.app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    const methods = (match[3] ?? '').split(',').map((method) => method.trim());
    for (const method of methods) {
      if (WRITE_METHODS.has(method) && path.startsWith('/api/')) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

async function waitForEmptyOutbox() {
  await waitUntil('the outbox to send what the setup queued', async () => {
    const [{ queued }] = await queryRows<{ queued: number }>(
      testApp.database.db,
      sql`select count(*)::int as queued from outbox_messages where status = 'queued'`,
    );
    return queued === 0 ? true : undefined;
  });
}

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({
    env: {
      SMS_URL: sms.url,
      // Refusals never reach the attempt limits (they run after validation), but a 429 must not
      // stand in for the answer under test if one ever did.
      ...UNLIMITED_ATTEMPTS,
    },
  });
  const [admin, customer, leaver] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'individual'),
    loginAs(testApp, 'company'),
  ]);
  const loggedOut = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: bearer(leaver.token),
  });
  expect(loggedOut.statusCode, loggedOut.body).toBe(200);

  const driver = await addDriver(testApp, admin.token);
  const { token: driverToken } = await signInDriver(testApp, driver.phone, sms);
  const pendingOrder = await createOrderAs(testApp, customer);
  const orderOnTheRoad = await createOrderAs(testApp, customer);
  const dispatched = await updateOrderStatus(testApp, admin, orderOnTheRoad.id, {
    status: 'IN_TRANSIT',
    truckNumber: driver.truckNumber,
    driverId: driver.driverId,
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  // A pending invitation of the customer's organization, for the routes that name one.
  const invited = await testApp.app.inject({
    method: 'POST',
    url: '/api/org/invitations',
    headers: bearer(customer.token),
    payload: { email: 'invited-to-the-battery@atlas.test', role: 'staff' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const invitationId = (invited.json() as { invitation: { id: string } }).invitation.id;
  // An API key of the customer's organization, for the route that revokes one.
  const keyCreated = await testApp.app.inject({
    method: 'POST',
    url: '/api/org/api-keys',
    headers: bearer(customer.token),
    payload: { name: 'Battery shop', scopes: ['parcels:read'] },
  });
  expect(keyCreated.statusCode, keyCreated.body).toBe(201);
  const apiKeyId = (keyCreated.json() as { id: string }).id;
  // A payout batch to name: the customer's organization with money payable and a valid RIB.
  const organizationId = customer.user.organization!.id;
  const ribStart = '0077801234567890123456';
  const rib = `${ribStart}${String(97n - ((BigInt(ribStart) * 100n) % 97n)).padStart(2, '0')}`;
  await testApp.database.db.execute(
    sql`update organizations set rib = ${rib}, rib_holder = 'Battery SARL' where id = ${organizationId}`,
  );
  await testApp.database.db.transaction((tx) =>
    appendLedgerEntry(tx, {
      organizationId,
      type: 'adjustment',
      amountCentimes: 50_000,
      placement: 'payable',
      reason: 'Battery money',
      createdAt: new Date(),
    }),
  );
  const batch = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/payouts',
    headers: { ...bearer(admin.token), 'idempotency-key': 'battery-payout-batch' },
    payload: {},
  });
  expect(batch.statusCode, batch.body).toBe(201);
  const batchId = (batch.json() as { batch: { id: string } }).batch.id;
  // A parcel import of the customer's organization (one row), for the routes that name one.
  const boundary = 'battery-import';
  const importFile = `${IMPORT_COLUMNS.map((column) => column.name).join(',')}\r\n${IMPORT_COLUMNS.map((column) => column.example).join(',')}\r\n`;
  const imported = await testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/imports',
    headers: {
      ...bearer(customer.token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="battery.csv"\r\n\r\n` +
      `${importFile}\r\n--${boundary}--\r\n`,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const importId = (imported.json() as { id: string }).id;
  await waitForEmptyOutbox();
  const [sentMessage] = await queryRows<{ id: string }>(
    testApp.database.db,
    sql`select id from outbox_messages where status = 'sent' limit 1`,
  );

  // An API key of the customer's organization with every scope, for /api/v1.
  const apiKey = await insertApiKey(
    testApp,
    { userId: customer.user.id, organizationId },
    API_KEY_SCOPES,
  );

  credentials = {
    tokens: {
      USER: customer.token,
      ADMIN: admin.token,
      DRIVER: driverToken,
      API_KEY: apiKey.secret,
    },
    revokedToken: leaver.token,
  };
  const everyone = ['USER', 'ADMIN', 'DRIVER'] as const;
  const list: WriteEndpoint[] = [
    {
      method: 'POST',
      route: '/api/auth/register',
      body: { valid: individualPayload(), schema: RegistrationSchema },
    },
    {
      method: 'POST',
      route: '/api/auth/login',
      body: { valid: { email: customer.email, password: TEST_PASSWORD }, schema: LoginSchema },
    },
    { method: 'POST', route: '/api/auth/logout', roles: everyone },
    {
      method: 'PATCH',
      route: '/api/auth/profile',
      roles: everyone,
      body: { valid: { locale: 'fr' }, schema: ProfileUpdateSchema },
    },
    {
      method: 'POST',
      route: '/api/auth/forgetPassword',
      body: { valid: { email: customer.email }, schema: ForgotPasswordSchema },
    },
    {
      method: 'POST',
      route: '/api/auth/reset_password/:token',
      // No reset was asked for: any token is unknown, and the body is checked first.
      params: { token: 'bm8tc3VjaC1yZXNldC10b2tlbi1mb3ItdGhlLWJhdHRlcnk' },
      body: {
        valid: { password: 'Atlas@2027', confirmPassword: 'Atlas@2027' },
        schema: ResetPasswordSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/auth/change-password',
      roles: ['USER', 'ADMIN'],
      body: {
        valid: { currentPassword: TEST_PASSWORD, newPassword: 'Atlas@2027-new' },
        schema: ChangePasswordSchema,
      },
    },
    { method: 'POST', route: '/api/auth/logout-others', roles: everyone },
    { method: 'POST', route: '/api/auth/mfa/setup', roles: ['USER', 'ADMIN'] },
    {
      method: 'POST',
      route: '/api/auth/mfa/enable',
      roles: ['USER', 'ADMIN'],
      body: { valid: { code: '123456' }, schema: MfaEnableSchema },
    },
    {
      method: 'POST',
      route: '/api/auth/mfa/disable',
      roles: ['USER', 'ADMIN'],
      body: { valid: { password: TEST_PASSWORD, code: '123456' }, schema: MfaDisableSchema },
    },
    {
      method: 'POST',
      route: '/api/auth/mfa/verify',
      body: { valid: { mfaToken: 'not-a-code-step', code: '123456' }, schema: MfaVerifySchema },
    },
    {
      method: 'DELETE',
      route: '/api/auth/sessions/:id',
      roles: everyone,
      // The logged-out session: already ended, so even a request that got through changes nothing.
      params: { id: decodeJwt(leaver.token).jti! },
    },
    {
      method: 'POST',
      route: '/api/dashboard/distance',
      roles: ['USER', 'ADMIN'],
      body: {
        valid: {
          origin: { lat: 33.5731, lng: -7.5898 },
          destination: { lat: 34.0209, lng: -6.8416 },
          weight: 12,
          length: 40,
          width: 30,
          height: 20,
          type: 'normal',
        },
        schema: PriceRequestSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/dashboard/neworder',
      roles: ['USER'],
      body: { valid: { ...orderPayload() }, schema: CreateOrderSchema },
    },
    { method: 'POST', route: '/api/dashboard/notifications/read', roles: ['USER'] },
    // Multipart: no JSON body is an upload (400 import.file_missing), nor a broken multipart body.
    { method: 'POST', route: '/api/dashboard/imports', roles: ['USER'] },
    {
      method: 'PATCH',
      route: '/api/dashboard/imports/:id/rows/:row',
      roles: ['USER'],
      params: { id: importId, row: '2' },
      body: { valid: { values: { receiver_phone: '0612345678' } }, schema: ImportRowUpdateSchema },
    },
    {
      method: 'DELETE',
      route: '/api/dashboard/imports/:id/rows/:row',
      roles: ['USER'],
      params: { id: importId, row: '2' },
    },
    {
      method: 'POST',
      route: '/api/dashboard/imports/:id/confirm',
      roles: ['USER'],
      params: { id: importId },
    },
    {
      method: 'POST',
      route: '/api/dashboard/orders/:id/cancel',
      roles: ['USER'],
      params: { id: pendingOrder.id },
      body: { valid: { reason: 'Plans changed' }, schema: CustomerCancelSchema },
    },
    {
      method: 'POST',
      route: '/api/dashboard/manifests',
      roles: ['USER'],
      // No order has this id: even a sheet that got through would be refused (404).
      body: {
        valid: { orderIds: ['00000000-0000-4000-8000-000000000025'] },
        schema: CreateCollectionManifestSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/org/invitations',
      roles: ['USER'],
      body: {
        valid: { email: 'new-teammate@atlas.test', role: 'staff' },
        schema: InvitationCreateSchema,
      },
    },
    {
      method: 'DELETE',
      route: '/api/org/invitations/:id',
      roles: ['USER'],
      params: { id: invitationId },
    },
    {
      method: 'POST',
      route: '/api/org/invitations/accept',
      body: {
        valid: {
          token: 'no-such-invitation-token',
          fullName: 'Salma Idrissi',
          password: 'Atlas@2027',
        },
        schema: InvitationAcceptSchema,
      },
    },
    {
      method: 'PATCH',
      route: '/api/org/members/:userId',
      roles: ['USER'],
      // The only owner: even a request that got through would be refused (409).
      params: { userId: customer.user.id },
      body: { valid: { role: 'staff' }, schema: MemberRoleUpdateSchema },
    },
    {
      method: 'DELETE',
      route: '/api/org/members/:userId',
      roles: ['USER'],
      params: { userId: customer.user.id },
    },
    {
      method: 'POST',
      route: '/api/org/api-keys',
      roles: ['USER'],
      body: {
        valid: { name: 'Shop', scopes: ['parcels:read', 'parcels:write'] },
        schema: ApiKeyCreateSchema,
      },
    },
    {
      method: 'DELETE',
      route: '/api/org/api-keys/:id',
      roles: ['USER'],
      params: { id: apiKeyId },
    },
    {
      method: 'PATCH',
      route: '/api/org/pickup-address',
      roles: ['USER'],
      body: {
        valid: { city: 'Casablanca', address: '12 Rue Ibn Batouta' },
        schema: PickupAddressUpdateSchema,
      },
    },
    {
      method: 'PATCH',
      route: '/api/org/billing',
      roles: ['USER'],
      body: {
        valid: {
          rib: '011519000001205000534921',
          ribHolder: 'Atlas Négoce',
          ice: '001525470000061',
        },
        schema: BillingUpdateSchema,
      },
    },
    ...webhookWriteEndpoints(),
    {
      method: 'PUT',
      route: '/api/admin/settings',
      roles: ['ADMIN'],
      body: {
        valid: {
          legalName: 'Atlas Freight SARL',
          address: '12 boulevard Zerktouni, Casablanca',
          ice: '002345678000091',
          ifNumber: '40123456',
          rc: '456789 Casablanca',
          tp: '35712345',
          patente: '35712345',
          vatRatePercent: 20,
          codFeePercent: 1.5,
          payoutMinimum: 100,
        },
        schema: BusinessSettingsUpdateSchema,
      },
    },
    {
      method: 'PUT',
      route: '/api/admin/orders/:id/update-status',
      roles: ['ADMIN'],
      params: { id: pendingOrder.id },
      body: {
        valid: { status: 'CANCELLED', reason: 'The customer called to cancel' },
        schema: UpdateOrderStatusSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/trucks/add',
      roles: ['ADMIN'],
      body: { valid: { ...driverTruckPayload() }, schema: CreateDriverTruckSchema },
    },
    {
      method: 'POST',
      route: '/api/admin/drivers/:id/deactivate',
      roles: ['ADMIN'],
      params: { id: driver.driverId },
    },
    {
      method: 'POST',
      route: '/api/admin/drivers/:id/activate',
      roles: ['ADMIN'],
      params: { id: driver.driverId },
    },
    {
      method: 'POST',
      route: '/api/admin/drivers/:id/unlock-sign-in',
      roles: ['ADMIN'],
      params: { id: driver.driverId },
    },
    {
      method: 'POST',
      route: '/api/admin/cash/remittances',
      roles: ['ADMIN'],
      body: {
        valid: { driverId: driver.driverId, amount: 100, note: 'Handed in at the depot' },
        schema: RecordRemittanceSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/manifests',
      roles: ['ADMIN'],
      // No order has this id: even a sheet that got through would be refused (409).
      body: {
        valid: { driverId: driver.driverId, orderIds: ['00000000-0000-4000-8000-000000000026'] },
        schema: CreateDispatchManifestSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/invoices/issue',
      roles: ['ADMIN'],
      // A month before any of the battery's orders: nothing to invoice, so even an issue that
      // got through would write nothing.
      body: { valid: { month: '2026-01' }, schema: IssueInvoicesSchema },
    },
    {
      method: 'POST',
      route: '/api/admin/invoices/:id/credit-note',
      roles: ['ADMIN'],
      // No invoice has this id: even a credit note that got through would be refused (404).
      params: { id: '00000000-0000-4000-8000-000000000017' },
      body: { valid: { reason: 'Parcel damaged', amount: 10 }, schema: CreditNoteSchema },
    },
    {
      method: 'POST',
      route: '/api/admin/payouts',
      roles: ['ADMIN'],
      body: {
        valid: { organizationIds: [organizationId] },
        schema: CreatePayoutBatchSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/payouts/:id/paid',
      roles: ['ADMIN'],
      params: { id: batchId },
      idempotent: true,
      body: {
        valid: { reference: 'VIR-BATTERY-1', paidAt: '2026-11-27' },
        schema: MarkPayoutPaidSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/organizations/:id/ledger-adjustments',
      roles: ['ADMIN'],
      params: { id: organizationId },
      idempotent: true,
      body: {
        valid: { amount: 12.5, reason: 'Parcel damaged in the depot' },
        schema: LedgerAdjustmentSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/messages/:id/retry',
      roles: ['ADMIN'],
      // A sent message: even a retry that got through would be refused (409), not applied.
      params: { id: sentMessage!.id },
    },
    {
      method: 'POST',
      route: '/api/admin/users/:id/disable',
      roles: ['ADMIN'],
      // The admin's own account: even a disabling that got through would be refused (409).
      params: { id: admin.user.id },
    },
    {
      method: 'POST',
      route: '/api/admin/users/:id/enable',
      roles: ['ADMIN'],
      params: { id: customer.user.id },
    },
    {
      method: 'POST',
      route: '/api/driver/auth/code',
      body: { valid: { phone: driver.phone }, schema: DriverCodeRequestSchema },
    },
    {
      method: 'POST',
      route: '/api/driver/auth/login',
      body: { valid: { phone: driver.phone, code: '123456' }, schema: DriverLoginSchema },
    },
    {
      method: 'POST',
      route: '/api/driver/orders/:id/pickup',
      roles: ['DRIVER'],
      params: { id: orderOnTheRoad.id },
      idempotent: true,
    },
    {
      method: 'POST',
      route: '/api/driver/orders/:id/deliver',
      roles: ['DRIVER'],
      params: { id: orderOnTheRoad.id },
      idempotent: true,
      body: { valid: { code: '123456', cashCollected: 100 }, schema: DeliverOrderSchema },
    },
    {
      method: 'POST',
      route: '/api/driver/orders/:id/attempt-failed',
      roles: ['DRIVER'],
      params: { id: orderOnTheRoad.id },
      idempotent: true,
      body: {
        valid: { reason: 'receiver-absent', note: 'Nobody at the door' },
        schema: FailedAttemptSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/driver/position',
      roles: ['DRIVER'],
      idempotent: true,
      body: { valid: { lat: 33.5731, lng: -7.5898, accuracy: 12 }, schema: DriverPositionSchema },
    },
  ];
  list.push(
    {
      method: 'POST',
      route: '/api/v1/parcels',
      roles: ['API_KEY'],
      idempotent: true,
      body: {
        valid: {
          reference: 'BATTERY-1',
          receiver: {
            name: 'Karim Alaoui',
            phone: '+212612345678',
            address: '12 rue Ibn Batouta',
            city: 'Rabat',
          },
          sender: { city: 'Casablanca' },
          weight: 2.5,
          dimensions: { length: 30, width: 20, height: 15 },
          codAmount: 350,
        },
        schema: ParcelInputSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/v1/parcels/:trackingNumber/cancel',
      roles: ['API_KEY'],
      params: { trackingNumber: pendingOrder.trackingNumber },
      idempotent: true,
      body: { valid: { reason: 'Out of stock' }, schema: CancelParcelSchema },
    },
    // Labels: ids and numbers that name nothing, so that even a request that got through would be
    // answered 404, its format never remembered.
    ...(['USER', 'ADMIN'] as const).map((role): WriteEndpoint => ({
      method: 'POST',
      route: role === 'USER' ? '/api/dashboard/labels' : '/api/admin/labels',
      roles: [role],
      body: {
        valid: { orderIds: ['00000000-0000-4000-8000-000000000003'], format: 'a6' },
        schema: PrintLabelsSchema,
      },
    })),
    {
      method: 'POST',
      route: '/api/v1/labels',
      roles: ['API_KEY'],
      body: {
        valid: { trackingNumbers: ['MA-0000-0000'], format: 'a6' },
        schema: PrintApiLabelsSchema,
      },
    },
    ...returnsWriteEndpoints(),
    ...runsWriteEndpoints(),
  );
  endpoints = new Map(list.map((endpoint) => [keyOf(endpoint), endpoint]));
}, 120_000);

interface EndpointFigures {
  endpoint: string;
  requests: number;
  statuses: Map<number, number>;
  kinds: Map<BadInputKind, number>;
  slowestMs: number;
  totalMs: number;
}
const figures: EndpointFigures[] = [];

afterAll(async () => {
  await testApp?.close();
  await sms?.stop();
  if (figures.length === 0) return;
  const countsText = <K>(counts: Map<K, number>) =>
    [...counts]
      .sort(([, a], [, b]) => b - a)
      .map(([key, count]) => `${String(key)}×${count}`)
      .join(' ');
  printFigures(
    `Bad inputs on ${usesPostgres() ? 'PostgreSQL' : 'PGlite'} (${RUNS} runs per endpoint)`,
    figures.map((row) => ({
      Endpoint: row.endpoint,
      Requests: row.requests,
      Answers: countsText(row.statuses),
      'Slowest (ms)': Math.round(row.slowestMs),
      'Time (s)': (row.totalMs / 1000).toFixed(1),
    })),
  );
  const kinds = new Map<BadInputKind, number>();
  for (const row of figures) {
    for (const [kind, count] of row.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + count);
  }
  const requests = figures.reduce((sum, row) => sum + row.requests, 0);
  const seconds = figures.reduce((sum, row) => sum + row.totalMs, 0) / 1000;
  console.log(
    `${requests} refused requests on ${figures.length} endpoints in ${seconds.toFixed(1)} s; ` +
      `by kind: ${countsText(kinds)}`,
  );
});

function withDeadline<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${REQUEST_DEADLINE_MS} ms: ${what}`)),
      REQUEST_DEADLINE_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The write routes this file sends bad inputs to, as keys; checked against the router below. */
const COVERED_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'PATCH /api/auth/profile',
  'POST /api/auth/forgetPassword',
  'POST /api/auth/reset_password/:token',
  'POST /api/auth/change-password',
  'POST /api/auth/logout-others',
  'POST /api/auth/mfa/setup',
  'POST /api/auth/mfa/enable',
  'POST /api/auth/mfa/disable',
  'POST /api/auth/mfa/verify',
  'DELETE /api/auth/sessions/:id',
  'POST /api/dashboard/distance',
  'POST /api/dashboard/neworder',
  'POST /api/dashboard/notifications/read',
  'POST /api/dashboard/imports',
  'PATCH /api/dashboard/imports/:id/rows/:row',
  'DELETE /api/dashboard/imports/:id/rows/:row',
  'POST /api/dashboard/imports/:id/confirm',
  'POST /api/dashboard/orders/:id/cancel',
  'POST /api/dashboard/manifests',
  'POST /api/org/invitations',
  'DELETE /api/org/invitations/:id',
  'POST /api/org/invitations/accept',
  'PATCH /api/org/members/:userId',
  'DELETE /api/org/members/:userId',
  'PATCH /api/org/billing',
  'POST /api/org/api-keys',
  'DELETE /api/org/api-keys/:id',
  'PATCH /api/org/pickup-address',
  'PUT /api/admin/settings',
  'PUT /api/admin/orders/:id/update-status',
  'POST /api/admin/trucks/add',
  'POST /api/admin/drivers/:id/deactivate',
  'POST /api/admin/drivers/:id/activate',
  'POST /api/admin/drivers/:id/unlock-sign-in',
  'POST /api/admin/cash/remittances',
  'POST /api/admin/manifests',
  'POST /api/admin/invoices/issue',
  'POST /api/admin/invoices/:id/credit-note',
  'POST /api/admin/payouts',
  'POST /api/admin/payouts/:id/paid',
  'POST /api/admin/organizations/:id/ledger-adjustments',
  'POST /api/admin/messages/:id/retry',
  'POST /api/admin/users/:id/disable',
  'POST /api/admin/users/:id/enable',
  'POST /api/driver/auth/code',
  'POST /api/driver/auth/login',
  'POST /api/driver/orders/:id/pickup',
  'POST /api/driver/orders/:id/deliver',
  'POST /api/driver/orders/:id/attempt-failed',
  'POST /api/driver/position',
  'POST /api/org/webhooks',
  'PATCH /api/org/webhooks/:id',
  'DELETE /api/org/webhooks/:id',
  'POST /api/org/webhooks/:id/deliveries/:deliveryId/retry',
  'POST /api/v1/webhooks',
  'PATCH /api/v1/webhooks/:id',
  'DELETE /api/v1/webhooks/:id',
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry',
  'POST /api/v1/parcels',
  'POST /api/v1/parcels/:trackingNumber/cancel',
  'POST /api/dashboard/labels',
  'POST /api/admin/labels',
  'POST /api/v1/labels',
  'POST /api/admin/orders/:id/return',
  'POST /api/admin/orders/:id/return-delivered',
  'POST /api/dashboard/orders/:id/reattempt',
  'POST /api/dashboard/orders/:id/return',
  'POST /api/driver/orders/:id/return-delivered',
  'POST /api/v1/parcels/:trackingNumber/reattempt',
  'POST /api/v1/parcels/:trackingNumber/return',
  'POST /api/receiver/:token/reschedule',
  'POST /api/receiver/:token/instructions',
  'POST /api/receiver/:token/refuse',
  'POST /api/admin/runs',
  'POST /api/admin/runs/:id/orders',
  'POST /api/admin/runs/plan',
  'POST /api/admin/runs/plan/:id/confirm',
];

/**
 * Runs and planning (docs/decisions/0024-runs-and-planning.md): trucks, orders, runs and plans
 * that do not exist, so that even a request that got through would be answered 404 before any
 * write (a plan names its trucks, so none is planned and stored).
 */
function runsWriteEndpoints(): WriteEndpoint[] {
  const id = '00000000-0000-4000-8000-000000000027';
  const orderIds = ['00000000-0000-4000-8000-000000000028'];
  const truckId = '00000000-0000-4000-8000-000000000029';
  const stops = [
    { orderId: orderIds[0], kind: 'pickup' },
    { orderId: orderIds[0], kind: 'delivery' },
  ];
  return [
    {
      method: 'POST',
      route: '/api/admin/runs',
      roles: ['ADMIN'],
      body: { valid: { truckId, orderIds, stops }, schema: CreateRunSchema },
    },
    {
      method: 'POST',
      route: '/api/admin/runs/:id/orders',
      roles: ['ADMIN'],
      params: { id },
      body: { valid: { orderIds }, schema: AddRunOrdersSchema },
    },
    {
      method: 'POST',
      route: '/api/admin/runs/plan',
      roles: ['ADMIN'],
      body: {
        valid: { orderIds, truckIds: [truckId], date: toBusinessDate(new Date()) },
        schema: PlanRunsSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/admin/runs/plan/:id/confirm',
      roles: ['ADMIN'],
      params: { id },
      body: { valid: { runs: [{ truckId, stops }] }, schema: ConfirmPlanSchema },
    },
  ];
}

/**
 * Failed deliveries and returns (docs/decisions/0023-failed-deliveries-and-returns.md): ids, numbers
 * and a receiver's token that name nothing, so that even a request that got through would be
 * answered 404 and change no order.
 */
function returnsWriteEndpoints(): WriteEndpoint[] {
  const id = '00000000-0000-4000-8000-000000000026';
  const trackingNumber = 'MA-0000-0026';
  const token = 'A'.repeat(22);
  const tomorrow = addDays(toBusinessDate(new Date()), 1);
  const reattempt = {
    valid: { on: tomorrow, phone: '0612345678', address: '12 rue Ibn Batouta', note: 'Call' },
    schema: ReattemptSchema,
  };
  const officeReason = { valid: { reason: 'The sender signed' }, schema: OfficeReturnSchema };
  return [
    {
      method: 'POST',
      route: '/api/admin/orders/:id/return',
      roles: ['ADMIN'],
      params: { id },
      body: officeReason,
    },
    {
      method: 'POST',
      route: '/api/admin/orders/:id/return-delivered',
      roles: ['ADMIN'],
      params: { id },
      body: { ...officeReason, schema: OfficeReturnDeliveredSchema },
    },
    {
      method: 'POST',
      route: '/api/dashboard/orders/:id/reattempt',
      roles: ['USER'],
      params: { id },
      idempotent: true,
      body: reattempt,
    },
    {
      method: 'POST',
      route: '/api/dashboard/orders/:id/return',
      roles: ['USER'],
      params: { id },
      idempotent: true,
    },
    {
      method: 'POST',
      route: '/api/driver/orders/:id/return-delivered',
      roles: ['DRIVER'],
      params: { id },
      idempotent: true,
      body: { valid: { code: '123456' }, schema: ReturnCodeSchema },
    },
    {
      method: 'POST',
      route: '/api/v1/parcels/:trackingNumber/reattempt',
      roles: ['API_KEY'],
      params: { trackingNumber },
      idempotent: true,
      body: reattempt,
    },
    {
      method: 'POST',
      route: '/api/v1/parcels/:trackingNumber/return',
      roles: ['API_KEY'],
      params: { trackingNumber },
      idempotent: true,
    },
    {
      method: 'POST',
      route: '/api/receiver/:token/reschedule',
      params: { token },
      body: { valid: { on: tomorrow, note: 'After 5 pm' }, schema: ReceiverRescheduleSchema },
    },
    {
      method: 'POST',
      route: '/api/receiver/:token/instructions',
      params: { token },
      body: {
        valid: { note: 'Blue door', phone: '0661234567' },
        schema: ReceiverInstructionsSchema,
      },
    },
    {
      method: 'POST',
      route: '/api/receiver/:token/refuse',
      params: { token },
      body: { valid: { reason: 'Not wanted' }, schema: ReceiverRefuseSchema },
    },
  ];
}

/**
 * The webhook endpoints' writes (docs/decisions/0021-shippers-api.md): the owner's with a session,
 * the same under /api/v1 with an API key (none here: every request is refused 401). The ids name
 * nothing, so that even a request that got through would be answered 404 and write nothing.
 */
function webhookWriteEndpoints(): WriteEndpoint[] {
  const id = '00000000-0000-4000-8000-000000000001';
  const deliveryId = '00000000-0000-4000-8000-000000000002';
  const create = {
    valid: { url: 'https://93.184.216.34/hooks', events: ['parcel.created'] },
    schema: WebhookEndpointCreateSchema,
  };
  const update = { valid: { enabled: false }, schema: WebhookEndpointUpdateSchema };
  return (['/api/org', '/api/v1'] as const).flatMap((prefix): WriteEndpoint[] => {
    const roles = { roles: [prefix === '/api/org' ? 'USER' : 'API_KEY'] as const };
    return [
      { method: 'POST', route: `${prefix}/webhooks`, ...roles, body: create },
      { method: 'PATCH', route: `${prefix}/webhooks/:id`, ...roles, params: { id }, body: update },
      { method: 'DELETE', route: `${prefix}/webhooks/:id`, ...roles, params: { id } },
      {
        method: 'POST',
        route: `${prefix}/webhooks/:id/deliveries/:deliveryId/retry`,
        ...roles,
        params: { id, deliveryId },
      },
    ];
  });
}

describe('bad inputs on every write endpoint', () => {
  it('covers every write route the app registers', () => {
    expect([...endpoints.keys()].sort()).toEqual([...COVERED_ROUTES].sort());
    expect(listWriteRoutes()).toEqual([...COVERED_ROUTES].sort());
  });

  it('starts from bodies the schemas accept, so that each request breaks one thing', () => {
    for (const endpoint of endpoints.values()) {
      if (!endpoint.body) continue;
      const parsed = endpoint.body.schema.safeParse(endpoint.body.valid);
      expect(parsed.success, `${keyOf(endpoint)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(
        true,
      );
    }
  });

  it.each(COVERED_ROUTES)('%s answers 4xx and writes nothing', async (key) => {
    const endpoint = endpoints.get(key)!;
    const row: EndpointFigures = {
      endpoint: key,
      requests: 0,
      statuses: new Map(),
      kinds: new Map(),
      slowestMs: 0,
      totalMs: 0,
    };
    const before = await fingerprintTables(testApp.database.db);
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(badRequestsFor(endpoint, credentials), async (request: BadRequest) => {
        const sent = performance.now();
        const response = await withDeadline(
          testApp.app.inject({
            method: endpoint.method,
            url: request.url,
            headers: request.headers,
            ...(request.payload !== undefined && { payload: request.payload }),
          }),
          `${endpoint.method} ${request.url}`,
        );
        const elapsed = performance.now() - sent;
        row.requests += 1;
        row.slowestMs = Math.max(row.slowestMs, elapsed);
        row.statuses.set(response.statusCode, (row.statuses.get(response.statusCode) ?? 0) + 1);
        row.kinds.set(request.kind, (row.kinds.get(request.kind) ?? 0) + 1);
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const body = response.json() as { code?: unknown; message?: unknown };
        expect(typeof body.code, response.body).toBe('string');
        expect(typeof body.message, response.body).toBe('string');
        expect(body.message).not.toBe('');
      }),
      { numRuns: RUNS, seed: SEED },
    );
    row.totalMs = performance.now() - started;
    figures.push(row);
    expect(await fingerprintTables(testApp.database.db)).toEqual(before);
  });
  // The NUL check found by this battery guards reads too: a search or an id reaches a query.
  it.each([
    ['a customer search', '/api/dashboard/orders?q=a%00b', 'USER', 'q'],
    ['an admin search', '/api/admin/orders?q=%00', 'ADMIN', 'q'],
    ['an order id', '/api/admin/orders/%00', 'ADMIN', 'id'],
    ['a tracking number', '/api/track/MA-%00', undefined, 'trackingNumber'],
  ] as const)('refuses NUL in %s with a 400 naming it', async (_, url, role, field) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: role ? bearer(credentials.tokens[role]) : {},
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'request.nul_character',
      errorCodes: { [field]: 'request.nul_character' },
    });
  });
});
