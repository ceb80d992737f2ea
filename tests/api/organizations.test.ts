import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIFETIME_MS, type OrgRole } from '../../src/shared/organization-roles';
import type { Organization } from '../../src/shared/schemas/org-schemas';
import type { CustomerOrder, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { Notification } from '../../src/shared/schemas/notification-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { notifications, organizationInvitations } from '../../src/server/db/schema';
import { openEventStream } from './event-stream-client';
import {
  bearer,
  createOrderAs,
  login,
  loginAs,
  orderPayload,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, createTestClock, type TestApp } from './helpers';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

/*
 * Organizations (docs/decisions/0014-organizations.md): roles on every customer route, the
 * invitation lifecycle with its mail, the last owner, removal, and two organizations isolated.
 */
const clock = createTestClock();
let smtp: SmtpCatcher;
let testApp: TestApp;
let baseUrl: string;
let owner: LoggedIn;
let staff: LoggedIn;
let accountant: LoggedIn;
let stranger: LoggedIn;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: LoggedIn | undefined, method: Method, url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload && { payload }),
  });

/** The newest invitation link mailed to `email`, through the outbox and a real SMTP server. */
async function mailedToken(email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mail = smtp.received.filter((m) => m.to === email).at(-1);
    const token = mail?.text.match(/accept-invitation\?token=([\w-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No invitation mail for ${email}`);
}

async function invite(email: string, role: OrgRole, by: LoggedIn = owner) {
  const response = await call(by, 'POST', '/api/org/invitations', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { invitation: { id: string } }).invitation;
}

const accept = (token: string, fullName = 'Salma Idrissi', password = TEST_PASSWORD) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/org/invitations/accept',
    payload: { token, fullName, password },
  });

/** Invites `role`, reads the mail, accepts: the new member, signed in. */
async function newMember(role: OrgRole, by: LoggedIn = owner): Promise<LoggedIn> {
  const email = uniqueEmail(role);
  await invite(email, role, by);
  const response = await accept(await mailedToken(email));
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { token: string; user: PublicUser };
  return { ...body, email, password: TEST_PASSWORD };
}

const orgOf = async (who: LoggedIn) => (await call(who, 'GET', '/api/org')).json() as Organization;

const listedIds = async (who: LoggedIn) =>
  (
    (await call(who, 'GET', '/api/dashboard/orders?pageSize=100')).json() as {
      orders: CustomerOrder[];
    }
  ).orders.map((order) => order.id);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  testApp = await buildTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_RETRY_BASE_MS: '50' },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [owner, stranger] = await Promise.all([
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
  staff = await newMember('staff');
  accountant = await newMember('accountant');
});
afterAll(async () => {
  await testApp.close();
  await smtp.stop();
});

describe('organizations', () => {
  it('makes each new customer the owner of an organization named after them', () => {
    expect(owner.user.organization).toEqual({
      id: expect.any(String),
      name: owner.user.company!.companyName,
      role: 'owner',
    });
    expect(stranger.user.organization).toMatchObject({
      name: stranger.user.individual!.fullName,
      role: 'owner',
    });
    expect(stranger.user.organization!.id).not.toBe(owner.user.organization!.id);
    // A member joins the owner's organization with the invited role, no profile of their own.
    expect(staff.user).toMatchObject({
      role: 'USER',
      userType: null,
      name: 'Salma Idrissi',
      organization: { id: owner.user.organization!.id, role: 'staff' },
    });
    expect(staff.user.company).toBeUndefined();
    expect(staff.user.individual).toBeUndefined();
  });

  it('lets every role read the organization’s orders; only owner and staff book and cancel', async () => {
    const byOwner = await createOrderAs(testApp, owner);
    const byStaff = await createOrderAs(testApp, staff);
    const refused = await call(accountant, 'POST', '/api/dashboard/neworder', orderPayload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'org.role_forbidden' });

    for (const member of [owner, staff, accountant]) {
      expect(await listedIds(member)).toEqual(expect.arrayContaining([byOwner.id, byStaff.id]));
      for (const id of [byOwner.id, byStaff.id]) {
        expect((await call(member, 'GET', `/api/dashboard/orders/${id}`)).statusCode).toBe(200);
      }
      const dashboard = (await call(member, 'GET', '/api/dashboard')).json() as {
        totalOrders: number;
      };
      expect(dashboard.totalOrders).toBeGreaterThanOrEqual(2);
    }

    const cancelAs = (who: LoggedIn, id: string) =>
      call(who, 'POST', `/api/dashboard/orders/${id}/cancel`, { reason: 'Customer changed plans' });
    const accountantCancel = await cancelAs(accountant, byOwner.id);
    expect(accountantCancel.statusCode).toBe(403);
    expect(accountantCancel.json()).toMatchObject({ code: 'org.role_forbidden' });
    const staffCancel = await cancelAs(staff, byOwner.id);
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);
    expect((staffCancel.json() as { order: CustomerOrderDetail }).order).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Customer changed plans',
    });
    // Only a pending order can be withdrawn; a reason is required.
    expect((await cancelAs(owner, byOwner.id)).statusCode).toBe(409);
    const noReason = await call(owner, 'POST', `/api/dashboard/orders/${byStaff.id}/cancel`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect((await cancelAs(owner, byStaff.id)).statusCode).toBe(200);
  });

  it('keeps the team routes for owners: 403 for staff and accountants', async () => {
    for (const member of [staff, accountant]) {
      const attempts = [
        call(member, 'GET', '/api/org'),
        call(member, 'POST', '/api/org/invitations', { email: uniqueEmail('x'), role: 'staff' }),
        call(member, 'PATCH', `/api/org/members/${member.user.id}`, { role: 'owner' }),
        call(member, 'DELETE', `/api/org/members/${owner.user.id}`),
        call(member, 'DELETE', `/api/org/invitations/${owner.user.id}`),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toMatchObject({ code: 'org.role_forbidden' });
      }
    }
    // Nobody signed in: 401; an administrator is no customer: 403.
    expect((await call(undefined, 'GET', '/api/org')).statusCode).toBe(401);
    const admin = await loginAs(testApp, 'admin');
    expect((await call(admin, 'GET', '/api/org')).statusCode).toBe(403);

    const team = await orgOf(owner);
    expect(team.name).toBe(owner.user.company!.companyName);
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [staff.email, 'staff'],
      [accountant.email, 'accountant'],
    ]);
  });

  it('mails an invitation valid 7 days and usable once; refuses a used, withdrawn or expired one', async () => {
    const email = uniqueEmail('invited');
    const { id } = await invite(email, 'staff');
    const token = await mailedToken(email);
    const mail = smtp.received.find((m) => m.to === email)!;
    expect(mail.subject).toContain(owner.user.company!.companyName);
    expect(mail.text).toContain(`http://atlas.test/accept-invitation?token=${token}`);
    const [stored] = await testApp.database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.id, id));
    // Only the token's hash is kept, and the link lasts 7 days.
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(INVITATION_LIFETIME_MS);
    expect((await orgOf(owner)).invitations.map((i) => i.email)).toContain(email);

    expect((await accept(token)).statusCode).toBe(201);
    const reused = await accept(token, 'Someone Else');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'invitation.used' });
    expect((await orgOf(owner)).invitations.map((i) => i.email)).not.toContain(email);

    const unknown = await accept('not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'invitation.not_found' });

    const withdrawnEmail = uniqueEmail('withdrawn');
    const withdrawn = await invite(withdrawnEmail, 'accountant');
    const withdrawnToken = await mailedToken(withdrawnEmail);
    expect((await call(owner, 'DELETE', `/api/org/invitations/${withdrawn.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(owner, 'DELETE', `/api/org/invitations/${withdrawn.id}`)).statusCode).toBe(
      404,
    );
    const afterRevoke = await accept(withdrawnToken);
    expect(afterRevoke.statusCode).toBe(409);
    expect(afterRevoke.json()).toMatchObject({ code: 'invitation.revoked' });

    const lateEmail = uniqueEmail('late');
    await invite(lateEmail, 'staff');
    const lateToken = await mailedToken(lateEmail);
    clock.advance(INVITATION_LIFETIME_MS + 60_000);
    try {
      const expired = await accept(lateToken);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'invitation.expired' });
      expect((await orgOf(owner)).invitations.map((i) => i.email)).not.toContain(lateEmail);
    } finally {
      clock.advance(-(INVITATION_LIFETIME_MS + 60_000));
    }
  });

  it('refuses to invite an email that already has an account (409)', async () => {
    for (const email of [stranger.email, staff.email, owner.email]) {
      const response = await call(owner, 'POST', '/api/org/invitations', { email, role: 'staff' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'invitation.email_taken' });
    }
    const bad = await call(owner, 'POST', '/api/org/invitations', { email: 'nope', role: 'boss' });
    expect(bad.statusCode).toBe(400);
  });

  it('never leaves an organization without an owner (409)', async () => {
    const demote = await call(owner, 'PATCH', `/api/org/members/${owner.user.id}`, {
      role: 'staff',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'org.last_owner' });
    const remove = await call(owner, 'DELETE', `/api/org/members/${owner.user.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: 'org.last_owner' });

    // With a second owner, the first may step down; the role applies to the next request.
    const second = await newMember('owner');
    const promoted = await call(second, 'PATCH', `/api/org/members/${owner.user.id}`, {
      role: 'accountant',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await call(owner, 'GET', '/api/org')).statusCode).toBe(403);
    expect((await call(owner, 'POST', '/api/dashboard/neworder', orderPayload())).statusCode).toBe(
      403,
    );
    const restored = await call(second, 'PATCH', `/api/org/members/${owner.user.id}`, {
      role: 'owner',
    });
    expect(restored.statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/org')).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/org/members/${second.user.id}`)).statusCode).toBe(
      200,
    );
  });

  it('ends a removed member’s sessions at once; their orders stay with the organization', async () => {
    const leaving = await newMember('staff');
    const order = await createOrderAs(testApp, leaving);
    expect((await call(leaving, 'GET', '/api/dashboard')).statusCode).toBe(200);
    const removed = await call(owner, 'DELETE', `/api/org/members/${leaving.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as Organization).members.map((m) => m.id)).not.toContain(
      leaving.user.id,
    );
    expect((await call(leaving, 'GET', '/api/dashboard')).statusCode).toBe(401);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: leaving.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'org.member_removed' });
    expect(await listedIds(owner)).toContain(order.id);
    // The email keeps its account: it cannot be invited again.
    const reinvite = await call(owner, 'POST', '/api/org/invitations', {
      email: leaving.email,
      role: 'staff',
    });
    expect(reinvite.statusCode).toBe(409);
  });

  it('keeps two organizations apart: another organization’s order and member are 404', async () => {
    const theirs = await createOrderAs(testApp, stranger);
    const ours = await createOrderAs(testApp, staff);
    expect(await listedIds(stranger)).not.toContain(ours.id);
    for (const member of [owner, staff, accountant]) {
      expect(await listedIds(member)).not.toContain(theirs.id);
      const read = await call(member, 'GET', `/api/dashboard/orders/${theirs.id}`);
      expect(read.statusCode).toBe(404);
    }
    const cancel = await call(staff, 'POST', `/api/dashboard/orders/${theirs.id}/cancel`, {
      reason: 'Not ours',
    });
    expect(cancel.statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/dashboard/orders/${ours.id}`)).statusCode).toBe(404);
    for (const attempt of [
      call(stranger, 'PATCH', `/api/org/members/${staff.user.id}`, { role: 'owner' }),
      call(stranger, 'DELETE', `/api/org/members/${staff.user.id}`),
    ]) {
      const response = await attempt;
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'org.member_not_found' });
    }
    const strangerTeam = await orgOf(stranger);
    expect(strangerTeam.members.map((m) => m.id)).toEqual([stranger.user.id]);
    const ourInvitation = await invite(uniqueEmail('ours'), 'staff');
    expect(
      (await call(stranger, 'DELETE', `/api/org/invitations/${ourInvitation.id}`)).statusCode,
    ).toBe(404);
  });

  it('streams and notifies every member about the organization’s orders, no one else', async () => {
    const ownerStream = await openEventStream(`${baseUrl}/api/events`, bearer(owner.token));
    const accountantStream = await openEventStream(
      `${baseUrl}/api/events`,
      bearer(accountant.token),
    );
    const strangerStream = await openEventStream(`${baseUrl}/api/events`, bearer(stranger.token));
    try {
      const order = await createOrderAs(testApp, staff);
      const about = (event: { event: string; data: string }) =>
        event.event === 'order' && (JSON.parse(event.data) as { id: string }).id === order.id;
      await ownerStream.waitFor(about);
      await accountantStream.waitFor(about);
      const marker = await createOrderAs(testApp, stranger);
      await strangerStream.waitFor(
        (event) =>
          event.event === 'order' && (JSON.parse(event.data) as { id: string }).id === marker.id,
      );
      expect(strangerStream.events.some(about)).toBe(false);

      for (const member of [owner, accountant]) {
        const { notifications: list } = (
          await call(member, 'GET', '/api/dashboard/notifications?pageSize=50')
        ).json() as { notifications: Notification[] };
        expect(list.map((n) => n.orderId)).toContain(order.id);
      }
      const strangerRows = await testApp.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, stranger.user.id));
      expect(strangerRows.map((row) => row.orderId)).not.toContain(order.id);
    } finally {
      ownerStream.close();
      accountantStream.close();
      strangerStream.close();
    }
  });

  it('signs a member in with the password chosen on accepting', async () => {
    const member = await login(testApp, accountant.email, TEST_PASSWORD);
    expect(member.user.organization).toMatchObject({ role: 'accountant' });
    const me = (await call(member, 'GET', '/api/auth/profile')).json() as { user: PublicUser };
    expect(me.user.organization).toMatchObject({ id: owner.user.organization!.id });
  });
});
