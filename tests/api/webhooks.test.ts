import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKeySecret, newApiKeySecret } from '../../src/server/api-keys/api-key-secrets';
import { appendLedgerEntry } from '../../src/server/ledger/ledger-book-queries';
import { toBusinessDate } from '../../src/shared/business-calendar';
import type { CreatePayoutBatchResult } from '../../src/shared/schemas/payout-schemas';
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from '../../src/shared/schemas/webhook-schemas';
import { queryRows } from '../resilience/table-fingerprints';
import { bearer, createOrderAs, login, loginAs, type LoggedIn } from './factories';
import { findFreePort } from './free-port';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';
import { waitUntil } from './polling';

/*
 * Signed webhooks (docs/decisions/0021-shippers-api.md, "Signed webhooks"): endpoints managed by
 * the owner and by a `webhooks:manage` key, where a URL may lead, and deliveries to a real HTTP
 * receiver: signed so that the standardwebhooks library verifies them, retried with the same
 * webhook-id after a 500 and a time-out, 410 and 3 days of failures turning the endpoint off,
 * "send again", the events filter and payout.paid.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver: what it answers depends on the path's first segment. */
let receiver: Server;
let receiverPort: number;
const received: Received[] = [];
const answeredBefore = new Set<string>();

async function startReceiver(): Promise<void> {
  receiverPort = await findFreePort();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const id = `${path} ${String(request.headers['webhook-id'])}`;
      const firstTime = !answeredBefore.has(id);
      answeredBefore.add(id);
      const kind = path.split('/')[1];
      if (kind === 'flaky' && firstTime) return void response.writeHead(500).end('oops');
      // Never answers the first time: the sender's time-out must end it.
      if (kind === 'slow' && firstTime) return;
      if (kind === 'gone') return void response.writeHead(410).end();
      if (kind === 'down') return void response.writeHead(503).end();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
}

/** Short for a test, yet long enough for a loaded CI machine's 204 not to time out. */
const TIMEOUT_MS = 2_000;

let testApp: TestApp;
let clock: TestClock;
let owner: LoggedIn;
let otherOwner: LoggedIn;

const receiverUrl = (path: string) => `http://127.0.0.1:${receiverPort}${path}`;
const db = () => testApp.database.db;

beforeAll(async () => {
  await startReceiver();
  clock = createTestClock();
  testApp = await buildTestApp({
    clock,
    env: {
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
      OUTBOX_RETRY_BASE_MS: '50',
      // Retries stay quick, but a refused delivery is never given up while a test looks at it
      // queued, however slow the machine (the first attempts come 50, 100, 200 ms apart).
      OUTBOX_MAX_ATTEMPTS: '30',
    },
  });
  [owner, otherOwner] = await Promise.all([
    loginAs(testApp, 'company'),
    loginAs(testApp, 'company'),
  ]);
});

afterAll(async () => {
  await testApp?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => testApp.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

async function addEndpoint(
  account: LoggedIn,
  path: string,
  events: string[] = ['*'],
): Promise<WebhookEndpointCreated> {
  const response = await request('POST', '/api/org/webhooks', account.token, {
    url: receiverUrl(path),
    events,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WebhookEndpointCreated;
}

interface DeliveryRow {
  id: string;
  template: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  tracking_number: string | null;
}

const deliveriesOf = (endpointId: string) =>
  queryRows<DeliveryRow>(
    db(),
    sql`select id, template, status, attempts, last_status_code, last_error,
      params ->> 'trackingNumber' as tracking_number
      from outbox_messages where channel = 'webhook' and recipient = ${endpointId}
      order by created_at, id`,
  );

async function endpointRow(id: string) {
  const [row] = await queryRows<{
    disabled_reason: string | null;
    failing_since: Date | null;
    disabled_at: Date | null;
  }>(
    db(),
    sql`select disabled_reason, failing_since, disabled_at from webhook_endpoints where id = ${id}`,
  );
  return row!;
}

const receivedWith = (webhookId: string) =>
  received.filter((entry) => entry.headers['webhook-id'] === webhookId);

/** A member of the owner's organization with another role (signed up, then moved in). */
async function memberOf(account: LoggedIn, role: 'staff' | 'accountant'): Promise<LoggedIn> {
  const member = await loginAs(testApp, 'company');
  await db().execute(
    sql`update users set organization_id = ${account.user.organization!.id}, org_role = ${role}
      where id = ${member.user.id}`,
  );
  return login(testApp, member.email, member.password);
}

describe('endpoints', () => {
  it('are the owner’s: created with a secret shown once, listed, changed, deleted, audited', async () => {
    const created = await request('POST', '/api/org/webhooks', owner.token, {
      url: 'https://93.184.216.34/hooks/atlas',
      events: ['parcel.created', 'parcel.delivered', 'parcel.created'],
      description: 'Shop',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json() as WebhookEndpointCreated;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({
      url: 'https://93.184.216.34/hooks/atlas',
      events: ['parcel.created', 'parcel.delivered'],
      description: 'Shop',
      status: 'active',
      disabledReason: null,
      failingSince: null,
    });
    const [stored] = await queryRows<{ secret_sealed: string }>(
      db(),
      sql`select secret_sealed from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(stored!.secret_sealed).not.toContain(secret.slice('whsec_'.length));

    const listed = await request('GET', '/api/org/webhooks', owner.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect((listed.json() as { endpoints: WebhookEndpoint[] }).endpoints).toContainEqual(endpoint);
    // Another organization sees none of it, and cannot change it.
    const others = await request('GET', '/api/org/webhooks', otherOwner.token);
    expect((others.json() as { endpoints: WebhookEndpoint[] }).endpoints).toEqual([]);
    const foreign = await request('PATCH', `/api/org/webhooks/${endpoint.id}`, otherOwner.token, {
      enabled: false,
    });
    expect(foreign.statusCode).toBe(404);

    const off = await request('PATCH', `/api/org/webhooks/${endpoint.id}`, owner.token, {
      enabled: false,
      events: ['*'],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      status: 'disabled',
      disabledReason: 'owner',
      events: ['*'],
    });
    await db().execute(
      sql`update webhook_endpoints set failing_since = now() where id = ${endpoint.id}`,
    );
    const on = await request('PATCH', `/api/org/webhooks/${endpoint.id}`, owner.token, {
      enabled: true,
    });
    expect(on.json()).toMatchObject({ status: 'active', disabledReason: null, failingSince: null });

    const deleted = await request('DELETE', `/api/org/webhooks/${endpoint.id}`, owner.token);
    expect(deleted.statusCode).toBe(204);
    const after = await request('GET', '/api/org/webhooks', owner.token);
    expect((after.json() as { endpoints: WebhookEndpoint[] }).endpoints).not.toContainEqual(
      expect.objectContaining({ id: endpoint.id }),
    );
    expect(
      (await request('DELETE', `/api/org/webhooks/${endpoint.id}`, owner.token)).statusCode,
    ).toBe(404);

    const audit = await queryRows<{ action: string; actor_user_id: string; after: unknown }>(
      db(),
      sql`select action, actor_user_id, after from audit_log
        where record_type = 'webhook_endpoint' and record_id = ${endpoint.id} order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.update',
      'webhook.delete',
    ]);
    expect(audit.every((row) => row.actor_user_id === owner.user.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(secret.slice('whsec_'.length));
  });

  it('are refused to staff and accountants (403)', async () => {
    for (const role of ['staff', 'accountant'] as const) {
      const member = await memberOf(owner, role);
      const list = await request('GET', '/api/org/webhooks', member.token);
      expect(list.statusCode).toBe(403);
      const create = await request('POST', '/api/org/webhooks', member.token, {
        url: 'https://93.184.216.34/hooks',
        events: ['*'],
      });
      expect(create.statusCode).toBe(403);
      expect(create.json()).toMatchObject({ code: 'org.role_forbidden' });
    }
  });

  it.each([
    [{ url: 'https://93.184.216.34/h', events: [] }, 'events'],
    [{ url: 'https://93.184.216.34/h', events: ['*', 'parcel.created'] }, 'events'],
    [{ url: 'https://93.184.216.34/h', events: ['parcel.lost'] }, 'events'],
    [{ url: 'ftp://93.184.216.34/h', events: ['*'] }, 'url'],
    [{ url: 'not a url', events: ['*'] }, 'url'],
  ])('refuses %j (400 on %s)', async (payload, field) => {
    const response = await request('POST', '/api/org/webhooks', owner.token, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)[0]).toMatch(
      new RegExp(`^${field}`),
    );
  });

  it('are managed the same under /api/v1 with a webhooks:manage key', async () => {
    const keyOf = async (scopes: string[]) => {
      const secret = newApiKeySecret();
      await db().execute(
        sql`insert into api_keys (organization_id, name, prefix, secret_hash, scopes, created_by_user_id)
          values (${otherOwner.user.organization!.id}, 'shop', ${secret.slice(0, 14)},
            ${hashApiKeySecret(secret)}, ${`{${scopes.join(',')}}`}, ${otherOwner.user.id})`,
      );
      return secret;
    };
    const key = await keyOf(['webhooks:manage']);
    const readOnly = await keyOf(['parcels:read']);
    const body = { url: 'https://93.184.216.34/v1', events: ['parcel.delivered'] };
    const refused = await request('POST', '/api/v1/webhooks', readOnly, body);
    expect(refused.statusCode).toBe(403);
    // A session does not open /api/v1.
    expect((await request('GET', '/api/v1/webhooks', otherOwner.token)).statusCode).toBe(401);

    const created = await request('POST', '/api/v1/webhooks', key, body);
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json() as WebhookEndpointCreated;
    expect(secret).toMatch(/^whsec_/);
    const listed = await request('GET', '/api/v1/webhooks', key);
    expect((listed.json() as { endpoints: WebhookEndpoint[] }).endpoints).toEqual([endpoint]);
    // The owner's screen shows the key's endpoint: one organization, two ways in.
    const onScreen = await request('GET', '/api/org/webhooks', otherOwner.token);
    expect((onScreen.json() as { endpoints: WebhookEndpoint[] }).endpoints).toEqual([endpoint]);
    const patched = await request('PATCH', `/api/v1/webhooks/${endpoint.id}`, key, {
      events: ['parcel.cancelled'],
    });
    expect(patched.json()).toMatchObject({ events: ['parcel.cancelled'] });
    expect((await request('DELETE', `/api/v1/webhooks/${endpoint.id}`, key)).statusCode).toBe(204);
    const audit = await queryRows<{ action: string; actor_user_id: string }>(
      db(),
      sql`select action, actor_user_id from audit_log where record_id = ${endpoint.id} order by at`,
    );
    expect(audit).toEqual([
      { action: 'webhook.create', actor_user_id: otherOwner.user.id },
      { action: 'webhook.update', actor_user_id: otherOwner.user.id },
      { action: 'webhook.delete', actor_user_id: otherOwner.user.id },
    ]);
  });
});

describe('where a webhook may go', () => {
  let strictApp: TestApp;
  beforeAll(async () => {
    // The same database without WEBHOOKS_ALLOW_HTTP: production's rules.
    strictApp = await buildTestApp({ sameDatabaseAs: testApp, runOutboxWorker: false, clock });
  });
  afterAll(async () => {
    await strictApp?.close();
  });

  it.each([
    ['http://localhost:8080/hooks', 'webhook.url_https_required'],
    ['http://127.0.0.1/hooks', 'webhook.url_https_required'],
    ['http://93.184.216.34/hooks', 'webhook.url_https_required'],
    ['https://localhost/hooks', 'webhook.url_private'],
    ['https://127.0.0.1/hooks', 'webhook.url_private'],
    ['https://10.1.2.3/hooks', 'webhook.url_private'],
    ['https://192.168.1.20/hooks', 'webhook.url_private'],
    ['https://169.254.169.254/latest/meta-data', 'webhook.url_private'],
    ['https://100.64.0.1/hooks', 'webhook.url_private'],
    ['https://0.0.0.0/hooks', 'webhook.url_private'],
    ['https://[::1]/hooks', 'webhook.url_private'],
    ['https://[::ffff:127.0.0.1]/hooks', 'webhook.url_private'],
    ['https://[fd00::1]/hooks', 'webhook.url_private'],
    ['https://[fe80::1]/hooks', 'webhook.url_private'],
  ])('refuses %s at creation (%s on url)', async (url, code) => {
    const response = await strictApp.app.inject({
      method: 'POST',
      url: '/api/org/webhooks',
      headers: bearer(owner.token),
      payload: { url, events: ['*'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code, errorCodes: { url: code } });
  });

  it('lets a local run reach only localhost and 127.0.0.1 over http', async () => {
    const refused = await request('POST', '/api/org/webhooks', owner.token, {
      url: 'https://127.0.0.2/hooks',
      events: ['*'],
    });
    expect(refused.json()).toMatchObject({ code: 'webhook.url_private' });
    const otherHost = await request('POST', '/api/org/webhooks', owner.token, {
      url: 'http://10.0.0.1/hooks',
      events: ['*'],
    });
    expect(otherHost.json()).toMatchObject({ code: 'webhook.url_https_required' });
  });
});

describe('deliveries', () => {
  it('reach the receiver signed, for the organization’s own parcels only', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint, secret } = await addEndpoint(shop, '/ok/shop');
    const order = await createOrderAs(testApp, shop);
    const foreignOrder = await createOrderAs(testApp, otherOwner);
    const [delivery] = await waitUntil('the delivery sent', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(delivery).toMatchObject({
      template: 'parcel.created',
      attempts: 1,
      last_status_code: 204,
      tracking_number: order.trackingNumber,
    });
    const [hit] = receivedWith(delivery!.id);
    expect(hit!.path).toBe('/ok/shop');
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['user-agent']).toMatch(/AtlasFreight/);
    const verified = new Webhook(secret).verify(hit!.body, {
      'webhook-id': String(hit!.headers['webhook-id']),
      'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
      'webhook-signature': String(hit!.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: { trackingNumber: string } };
    expect(verified.type).toBe('parcel.created');
    expect(verified.data.trackingNumber).toBe(order.trackingNumber);
    // Signed with another secret, it would not pass.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(hit!.body, {
        'webhook-id': String(hit!.headers['webhook-id']),
        'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
        'webhook-signature': String(hit!.headers['webhook-signature']),
      }),
    ).toThrow();
    expect(received.some((entry) => entry.body.includes(foreignOrder.trackingNumber))).toBe(false);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('are retried after a 500 with the same webhook-id', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/flaky/shop');
    await createOrderAs(testApp, shop);
    const delivery = await waitUntil('the delivery sent after a retry', async () => {
      const [row] = await deliveriesOf(endpoint.id);
      return row?.status === 'sent' ? row : undefined;
    });
    expect(delivery.attempts).toBe(2);
    expect(delivery.last_status_code).toBe(204);
    const hits = receivedWith(delivery.id);
    expect(hits).toHaveLength(2);
    expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
    // Delivered again: no longer failing.
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it('are retried after a time-out with the same webhook-id', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/slow/shop');
    await createOrderAs(testApp, shop);
    const failedOnce = await waitUntil('a first attempt timed out', async () => {
      const [row] = await deliveriesOf(endpoint.id);
      return row?.last_error ? row : undefined;
    });
    expect(failedOnce.last_error).toBe(`no answer within ${TIMEOUT_MS} ms`);
    expect((await endpointRow(endpoint.id)).failing_since).not.toBeNull();
    const delivery = await waitUntil('the delivery sent', async () => {
      const [row] = await deliveriesOf(endpoint.id);
      return row?.status === 'sent' ? row : undefined;
    });
    expect(delivery.attempts).toBe(2);
    expect(receivedWith(delivery.id)).toHaveLength(2);
  });

  it('follow the events filter', async () => {
    const shop = await loginAs(testApp, 'company');
    const all = await addEndpoint(shop, '/ok/all');
    const deliveredOnly = await addEndpoint(shop, '/ok/delivered', ['parcel.delivered']);
    await createOrderAs(testApp, shop);
    expect(await deliveriesOf(all.endpoint.id)).toHaveLength(1);
    expect(await deliveriesOf(deliveredOnly.endpoint.id)).toEqual([]);
  });

  it('are refused at send time when the address is no longer allowed', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/ok/rebound');
    // As if its DNS now answered a loopback address that is not localhost itself.
    await db().execute(
      sql`update webhook_endpoints set url = ${`https://[::ffff:7f00:1]:${receiverPort}/ok/rebound`}
        where id = ${endpoint.id}`,
    );
    await createOrderAs(testApp, shop);
    const row = await waitUntil('a refused attempt', async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      return delivery?.last_error ? delivery : undefined;
    });
    expect(row.status).toBe('queued');
    expect(row.last_error).toMatch(/address refused: .*loopback/);
    expect(row.last_status_code).toBeNull();
    expect(receivedWith(row.id)).toEqual([]);

    // Still queued: "Send again" has nothing to do.
    const again = await request(
      'POST',
      `/api/org/webhooks/${endpoint.id}/deliveries/${row.id}/retry`,
      shop.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'webhook.delivery_queued' });

    // Deleting the endpoint fails what it had queued.
    expect(
      (await request('DELETE', `/api/org/webhooks/${endpoint.id}`, shop.token)).statusCode,
    ).toBe(204);
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', last_error: 'endpoint deleted' });
  });

  it('turn the endpoint off on 410 Gone, and tell the owner', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/gone/shop');
    await createOrderAs(testApp, shop);
    const row = await waitUntil('the delivery given up', async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      return delivery?.status === 'failed' ? delivery : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, last_status_code: 410 });
    const listed = await request('GET', '/api/org/webhooks', shop.token);
    expect((listed.json() as { endpoints: WebhookEndpoint[] }).endpoints[0]).toMatchObject({
      id: endpoint.id,
      status: 'disabled',
      disabledReason: 'gone',
    });
    const mails = await queryRows<{ params: { url: string; reason: string } }>(
      db(),
      sql`select params from outbox_messages where template = 'webhook-disabled'
        and recipient = ${shop.email}`,
    );
    expect(mails).toEqual([{ params: { url: receiverUrl('/gone/shop'), reason: 'gone' } }]);
    // Later events are not queued for it.
    await createOrderAs(testApp, shop);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('keep a log per endpoint, newest first, in pages, with "Send again"', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/ok/log');
    const orders = [];
    for (let index = 0; index < 22; index += 1) orders.push(await createOrderAs(testApp, shop));
    await waitUntil('all delivered', async () => {
      const rows = await deliveriesOf(endpoint.id);
      return rows.every((row) => row.status === 'sent') ? rows : undefined;
    });
    const first = await request('GET', `/api/org/webhooks/${endpoint.id}/deliveries`, shop.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as WebhookDeliveryPage;
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toMatchObject({
      type: 'parcel.created',
      status: 'sent',
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
    });
    expect(page1.nextCursor).not.toBeNull();
    const second = await request(
      'GET',
      `/api/org/webhooks/${endpoint.id}/deliveries?cursor=${page1.nextCursor}`,
      shop.token,
    );
    const page2 = second.json() as WebhookDeliveryPage;
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.items, ...page2.items];
    expect(new Set(all.map((item) => item.id)).size).toBe(orders.length);
    const newestFirst = (await deliveriesOf(endpoint.id)).map((row) => row.id).reverse();
    expect(all.map((item) => item.id)).toEqual(newestFirst);
    // Another organization cannot read it.
    expect(
      (await request('GET', `/api/org/webhooks/${endpoint.id}/deliveries`, otherOwner.token))
        .statusCode,
    ).toBe(404);

    const oldest = page2.items.at(-1)!;
    const again = await request(
      'POST',
      `/api/org/webhooks/${endpoint.id}/deliveries/${oldest.id}/retry`,
      shop.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as WebhookDelivery).status).toBe('queued');
    await waitUntil('sent again', () => (receivedWith(oldest.id).length === 2 ? true : undefined));
    const [one, two] = receivedWith(oldest.id);
    expect(two!.body).toBe(one!.body);
    const unknown = await request(
      'POST',
      `/api/org/webhooks/${endpoint.id}/deliveries/${randomUUID()}/retry`,
      shop.token,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('payout.paid', () => {
  /** A RIB whose key checks: 97 − (first 22 digits × 100 mod 97). */
  function validRib(first22: string): string {
    const key = 97n - ((BigInt(first22) * 100n) % 97n);
    return `${first22}${String(key).padStart(2, '0')}`;
  }

  it('is sent to each paid organization with its own amount', async () => {
    const admin = await loginAs(testApp, 'admin');
    const shop = await loginAs(testApp, 'company');
    const organizationId = shop.user.organization!.id;
    const { endpoint, secret } = await addEndpoint(shop, '/ok/payout', ['payout.paid']);
    await db().execute(
      sql`update organizations set rib = ${validRib('0120000000000000000042')},
        rib_holder = 'Payout Shop SARL' where id = ${organizationId}`,
    );
    await db().transaction((tx) =>
      appendLedgerEntry(tx, {
        organizationId,
        type: 'cod_collected',
        amountCentimes: 123_450,
        placement: 'payable',
        orderId: randomUUID(),
        createdAt: new Date(),
      }),
    );
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
      payload: { organizationIds: [organizationId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { batch } = created.json() as CreatePayoutBatchResult;
    const paidAt = toBusinessDate(clock.now());
    const paid = await request('POST', `/api/admin/payouts/${batch.id}/paid`, admin.token, {
      reference: 'VIR-WEBHOOK-1',
      paidAt,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await waitUntil('the payout webhook sent', async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      return delivery?.status === 'sent' ? delivery : undefined;
    });
    const [hit] = receivedWith(row.id);
    const body = new Webhook(secret).verify(hit!.body, {
      'webhook-id': String(hit!.headers['webhook-id']),
      'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
      'webhook-signature': String(hit!.headers['webhook-signature']),
    });
    expect(body).toMatchObject({
      type: 'payout.paid',
      data: { batchNumber: batch.number, amount: 1234.5, paidAt, reference: 'VIR-WEBHOOK-1' },
    });
  });
});

// Last: it moves the app's clock three days on.
describe('an endpoint failing for 3 days', () => {
  it('is turned off, its queued deliveries failed, and its owner told by mail', async () => {
    const shop = await loginAs(testApp, 'company');
    const { endpoint } = await addEndpoint(shop, '/down/shop');
    await createOrderAs(testApp, shop);
    const failing = await waitUntil('a first failure', async () => {
      const row = await endpointRow(endpoint.id);
      return row.failing_since ? row : undefined;
    });
    expect(failing.disabled_at).toBeNull();
    const [queued] = await deliveriesOf(endpoint.id);
    expect(queued).toMatchObject({ status: 'queued', last_status_code: 503 });

    clock.advance(3 * 24 * 60 * 60 * 1000 + 60_000);
    const off = await waitUntil('the endpoint turned off', async () => {
      const row = await endpointRow(endpoint.id);
      return row.disabled_at ? row : undefined;
    });
    expect(off.disabled_reason).toBe('failing');
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed!.status).toBe('failed');
    expect(failed!.last_error).toMatch(/3 days/);
    const mails = await queryRows<{ params: { reason: string }; locale: string }>(
      db(),
      sql`select params, locale from outbox_messages where template = 'webhook-disabled'
        and recipient = ${shop.email}`,
    );
    expect(mails).toEqual([
      { params: { url: receiverUrl('/down/shop'), reason: 'failing' }, locale: 'en' },
    ]);
  });
});
