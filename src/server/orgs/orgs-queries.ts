import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OrgRole } from '#shared/organization-roles';
import type { Database } from '../db/open-database';
import {
  companyProfiles,
  individualProfiles,
  organizationInvitations,
  organizations,
  users,
} from '../db/schema';

/*
 * Organizations, their members and invitations (docs/decisions/0014-organizations.md). Every
 * statement names the organization it reads or changes, so one organization's owner never
 * touches another's members.
 */

export type InvitationRow = typeof organizationInvitations.$inferSelect;

export async function findOrganization(db: Database, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row;
}

/** The organization's members, oldest first, each named by their profile or their own name. */
export async function listMembers(db: Database, organizationId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.orgRole,
      createdAt: users.createdAt,
      name: sql<
        string | null
      >`coalesce(${companyProfiles.responsableName}, ${individualProfiles.fullName}, ${users.fullName})`,
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Invitations neither used, withdrawn nor expired, newest first. */
export async function listPendingInvitations(db: Database, organizationId: string, now: Date) {
  return db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.usedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id));
}

export async function insertInvitation(
  tx: Database,
  invitation: typeof organizationInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await tx.insert(organizationInvitations).values(invitation).returning();
  return row!;
}

/**
 * Withdraws the organization's pending invitations to `email` (a new one replaces them), or the
 * one with `id`; answers the ids withdrawn.
 */
export async function revokeInvitations(
  tx: Database,
  organizationId: string,
  which: { email: string } | { id: string },
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .update(organizationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        'email' in which
          ? eq(organizationInvitations.email, which.email)
          : eq(organizationInvitations.id, which.id),
        isNull(organizationInvitations.usedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .returning({ id: organizationInvitations.id });
  return rows.map((row) => row.id);
}

/** The invitation a token names, locked until the transaction ends (accepted at most once). */
export async function lockInvitationByTokenHash(
  tx: Database,
  tokenHash: string,
): Promise<(InvitationRow & { organizationName: string }) | undefined> {
  const [row] = await tx
    .select({ invitation: organizationInvitations, organizationName: organizations.name })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: organizationInvitations });
  return row && { ...row.invitation, organizationName: row.organizationName };
}

export async function markInvitationUsed(tx: Database, id: string, now: Date): Promise<void> {
  await tx
    .update(organizationInvitations)
    .set({ usedAt: now })
    .where(eq(organizationInvitations.id, id));
}

/** Whether any account (customer, admin or driver) has this email. */
export async function emailHasAccount(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

/** A member who accepted an invitation: no company or individual profile of their own. */
export async function insertMember(
  tx: Database,
  member: {
    email: string;
    passwordHash: string;
    fullName: string;
    locale: (typeof users.$inferInsert)['locale'];
    organizationId: string;
    orgRole: OrgRole;
  },
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ ...member, role: 'USER', userType: null })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * The organization's members and roles, locked until the transaction ends: two owners changing
 * roles at once queue here, so the last owner is never demoted or removed by a race.
 */
export async function lockMembers(
  tx: Database,
  organizationId: string,
): Promise<Array<{ id: string; role: OrgRole | null }>> {
  return tx
    .select({ id: users.id, role: users.orgRole })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.id))
    .for('update');
}

export async function setMemberRole(
  tx: Database,
  userId: string,
  role: OrgRole,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ orgRole: role, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Takes a member out of their organization: the account stays (it created orders that keep it as
 * their creator) but belongs to none, so it can no longer sign in.
 */
export async function detachMember(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ organizationId: null, orgRole: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The organization's bank details and ICE (docs/decisions/0020-merchant-money.md). */
export async function findBilling(db: Database, organizationId: string) {
  const [row] = await db
    .select({ rib: organizations.rib, ribHolder: organizations.ribHolder, ice: organizations.ice })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row;
}

/** Sets the fields given (null clears one); answers the organization's billing as it became. */
export async function updateBilling(
  tx: Database,
  organizationId: string,
  changes: { rib?: string | null; ribHolder?: string | null; ice?: string | null },
) {
  const [row] = await tx
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, organizationId))
    .returning({
      rib: organizations.rib,
      ribHolder: organizations.ribHolder,
      ice: organizations.ice,
    });
  return row;
}
