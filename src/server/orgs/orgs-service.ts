import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { negotiateLocale, type Locale } from '#shared/i18n/locales';
import { INVITATION_LIFETIME_MS, type OrgRole } from '#shared/organization-roles';
import type {
  InvitationAcceptInput,
  InvitationCreateInput,
  OrgInvitation,
  Organization,
} from '#shared/schemas/org-schemas';
import type { BillingUpdate, OrganizationBilling } from '#shared/schemas/settings-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';
import type { AuthContext, AuthService } from '../auth/auth-service';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/password-hashing';
import type { Database } from '../db/open-database';
import { isUniqueViolation } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, notFound } from '../http/errors';
import { INVITATION_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import type { AccountsService } from '../users/accounts-service';
import { assertOrgRoleMay } from './org-access';
import {
  detachMember,
  emailHasAccount,
  findBilling,
  findOrganization,
  insertInvitation,
  insertMember,
  listMembers,
  listPendingInvitations,
  lockInvitationByTokenHash,
  lockMembers,
  markInvitationUsed,
  revokeInvitations,
  setMemberRole,
  updateBilling,
  type InvitationRow,
} from './orgs-queries';

const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toInvitation(row: InvitationRow): OrgInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.orgRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** 409 when the change would leave the organization without an owner. */
function assertOwnerRemains(
  members: ReadonlyArray<{ id: string; role: OrgRole | null }>,
  change: { userId: string; role: OrgRole | null },
): void {
  const owners = members.filter((member) =>
    member.id === change.userId ? change.role === 'owner' : member.role === 'owner',
  );
  if (owners.length === 0) throw conflict('org.last_owner');
}

interface OrgsServiceDeps {
  db: Database;
  accounts: AccountsService;
  authService: AuthService;
  messagesService: MessagesService;
  clock: () => Date;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Organizations (docs/decisions/0014-organizations.md): the team page's reads, invitations
 * mailed through the outbox, members' roles, and removal that signs the member out at once.
 */
export function createOrgsService({
  db,
  accounts,
  authService,
  messagesService,
  clock,
  publicUrl,
  log,
}: OrgsServiceDeps) {
  /** The member, locked with every other, or 404 when they are not of this organization. */
  async function lockMember(tx: Database, organizationId: string, userId: string) {
    const members = await lockMembers(tx, organizationId);
    const member = isUuid(userId) && members.find((candidate) => candidate.id === userId);
    if (!member) throw notFound('org.member_not_found');
    return members;
  }

  async function readOrganization(organizationId: string): Promise<Organization> {
    const [organization, members, invitations] = await Promise.all([
      findOrganization(db, organizationId),
      listMembers(db, organizationId),
      listPendingInvitations(db, organizationId, clock()),
    ]);
    if (!organization) throw notFound('org.not_found');
    return {
      ...organization,
      members: members.map((member) => ({
        id: member.id,
        email: member.email ?? '',
        name: member.name ?? member.email ?? '',
        role: member.role ?? 'staff',
        createdAt: member.createdAt.toISOString(),
      })),
      invitations: invitations.map(toInvitation),
    };
  }

  return {
    getOrganization(auth: AuthContext): Promise<Organization> {
      return readOrganization(assertOrgRoleMay(auth, 'manageTeam'));
    },

    /**
     * Mails a link valid 7 days and usable once, in the language of the owner's screen; a new
     * invitation to the same address replaces the pending one.
     */
    async invite(
      auth: AuthContext,
      input: InvitationCreateInput,
      locale: Locale,
    ): Promise<OrgInvitation> {
      const organizationId = assertOrgRoleMay(auth, 'manageTeam');
      if (await emailHasAccount(db, input.email)) {
        throw conflict('invitation.email_taken', {}, { email: 'invitation.email_taken' });
      }
      const organization = await findOrganization(db, organizationId);
      if (!organization) throw notFound('org.not_found');
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const invitation = await db.transaction(async (tx) => {
        await revokeInvitations(tx, organizationId, { email: input.email }, now);
        const row = await insertInvitation(tx, {
          organizationId,
          email: input.email,
          orgRole: input.role,
          tokenHash: hashInvitationToken(token),
          expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
          invitedByUserId: auth.userId,
          createdAt: now,
        });
        await messagesService.queue(tx, [
          {
            channel: 'email',
            recipient: input.email,
            template: INVITATION_TEMPLATE,
            params: {
              invitationLink: `${publicUrl}/accept-invitation?token=${token}`,
              organization: organization.name,
              role: input.role,
            },
            locale,
          },
        ]);
        return row;
      });
      log.info(
        { userId: auth.userId, organizationId, invitationId: invitation.id, role: input.role },
        'invitation sent',
      );
      return toInvitation(invitation);
    },

    async revokeInvitation(auth: AuthContext, invitationId: string): Promise<void> {
      const organizationId = assertOrgRoleMay(auth, 'manageTeam');
      const revoked =
        isUuid(invitationId) &&
        (await revokeInvitations(db, organizationId, { id: invitationId }, clock()));
      if (!revoked || revoked.length === 0) throw notFound('invitation.not_found');
      log.info({ userId: auth.userId, organizationId, invitationId }, 'invitation withdrawn');
    },

    /**
     * A new member from an invitation, signed in. Unknown token 404; withdrawn or used 409;
     * expired 400; an address that got an account since 409.
     */
    async accept(
      input: InvitationAcceptInput,
      acceptLanguage?: string,
    ): Promise<{ token: string; user: PublicUser }> {
      if (isCommonPassword(input.password)) {
        throw badRequest(
          'validation.password_too_common',
          {},
          { password: 'validation.password_too_common' },
        );
      }
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const userId = await db
        .transaction(async (tx) => {
          const invitation = await lockInvitationByTokenHash(tx, hashInvitationToken(input.token));
          if (!invitation) throw notFound('invitation.not_found');
          if (invitation.revokedAt) throw conflict('invitation.revoked');
          if (invitation.usedAt) throw conflict('invitation.used');
          if (invitation.expiresAt <= now) throw badRequest('invitation.expired');
          const id = await insertMember(tx, {
            email: invitation.email,
            passwordHash,
            fullName: input.fullName,
            locale: negotiateLocale(acceptLanguage),
            organizationId: invitation.organizationId,
            orgRole: invitation.orgRole,
          });
          await markInvitationUsed(tx, invitation.id, now);
          return id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict('invitation.email_taken');
          throw error;
        });
      log.info({ userId }, 'invitation accepted');
      return authService.startSession(userId);
    },

    /** The last owner cannot be demoted (409). */
    async changeRole(auth: AuthContext, userId: string, role: OrgRole) {
      const organizationId = assertOrgRoleMay(auth, 'manageTeam');
      await db.transaction(async (tx) => {
        const members = await lockMember(tx, organizationId, userId);
        assertOwnerRemains(members, { userId, role });
        await setMemberRole(tx, userId, role, clock());
      });
      authService.forgetSessionChecks();
      log.info(
        { userId: auth.userId, organizationId, memberId: userId, role },
        'member role changed',
      );
      return readOrganization(organizationId);
    },

    /** The member's sessions end at once; the last owner cannot be removed (409). */
    async removeMember(auth: AuthContext, userId: string) {
      const organizationId = assertOrgRoleMay(auth, 'manageTeam');
      const now = clock();
      await db.transaction(async (tx) => {
        const members = await lockMember(tx, organizationId, userId);
        assertOwnerRemains(members, { userId, role: null });
        await detachMember(tx, userId, now);
        await accounts.revokeSessionsOfUser(userId, now, tx);
      });
      authService.forgetSessionChecks();
      log.info({ userId: auth.userId, organizationId, memberId: userId }, 'member removed');
      return readOrganization(organizationId);
    },

    /**
     * The bank account payouts go to and the ICE invoices print (docs/decisions/0020-merchant-
     * money.md): owners and accountants read them whole, since they check them against the bank.
     */
    async getBilling(auth: AuthContext): Promise<OrganizationBilling> {
      const billing = await findBilling(db, assertOrgRoleMay(auth, 'readMoney'));
      if (!billing) throw notFound('org.not_found');
      return billing;
    },

    /**
     * The owner's change: not an office action, so no audit row. The log names the fields
     * changed, never their values (a RIB is where the money goes).
     */
    async updateBilling(auth: AuthContext, input: BillingUpdate): Promise<OrganizationBilling> {
      const organizationId = assertOrgRoleMay(auth, 'manageBilling');
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as BillingUpdate;
      const fields = Object.keys(changes);
      const billing =
        fields.length === 0
          ? await findBilling(db, organizationId)
          : await updateBilling(db, organizationId, changes);
      if (!billing) throw notFound('org.not_found');
      if (fields.length > 0) {
        log.info({ userId: auth.userId, organizationId, fields }, 'billing details changed');
      }
      return billing;
    },
  };
}

export type OrgsService = ReturnType<typeof createOrgsService>;
