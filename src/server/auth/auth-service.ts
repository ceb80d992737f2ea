import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { negotiateLocale } from '#shared/i18n/locales';
import type { ChangePasswordInput, RegistrationInput } from '#shared/schemas/auth-schemas';
import type { ProfileUpdateInput, PublicUser } from '#shared/schemas/user-schemas';
import type { LoginResponse, MfaStatus, Session } from '#shared/schemas/mfa-schemas';
import { UAParser } from 'ua-parser-js';
import type { Database } from '../db/open-database';
import { isUniqueViolation } from '../db/unique-violation';
import { englishMessage } from '#shared/i18n/message-catalogs';
import type { MessageCode } from '#shared/i18n/message-key';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { PASSWORD_RESET_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import type {
  AccountsService,
  SessionOrigin,
  SessionRow,
  UserRow,
  UserWithProfile,
} from '../users/accounts-service';
import {
  consumePasswordResetToken,
  insertPasswordResetToken,
  voidResetTokensOfUser,
} from './auth-queries';
import { isCommonPassword } from './common-passwords';
import { findSecondFactor } from './second-factor-queries';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hashing';
import { createSessionChecks } from './session-checks';
import { LAST_SEEN_PRECISION_MS, SESSION_LIMITS, type SessionTokens } from './session-tokens';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Who is calling: what every guarded route gets on `request.auth`. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  /** Null for a driver, who signs in by phone. */
  email: string | null;
  role: UserRow['role'];
  userType: UserRow['userType'];
  /** The caller's driver record when the role is DRIVER; null for customers and admins. */
  driverId: string | null;
  /** The account has a second factor in use (docs/decisions/0015-second-factor-and-sessions.md). */
  secondFactor: boolean;
  /**
   * A customer's organization and role in it (docs/decisions/0014-organizations.md): what every
   * customer read and write of orders goes by. Null for admins and drivers.
   */
  organizationId: string | null;
  orgRole: UserRow['orgRole'];
}

/** ADMIN_MFA: whether an administrator must have a second factor before using the back office. */
export type AdminMfaPolicy = 'required' | 'optional';

/** What a 403 says: the role the route is for. */
const ROLE_REQUIRED_MESSAGES: Record<UserRow['role'], MessageCode> = {
  ADMIN: 'auth.admins_only',
  USER: 'auth.customers_only',
  DRIVER: 'auth.drivers_only',
};

/** The only routes open to two roles are the customers' and administrators' own. */
function refuseRole(roles: readonly UserRow['role'][]): AppError {
  const code =
    roles.length === 1
      ? ROLE_REQUIRED_MESSAGES[roles[0]!]
      : roles.length === 2 && roles.includes('USER') && roles.includes('ADMIN')
        ? 'auth.customers_and_admins_only'
        : 'forbidden';
  return new AppError(403, [{ code, params: {} }]);
}

export function toPublicUser({
  user,
  organization,
  company,
  individual,
  driver,
  truckNumber,
}: UserWithProfile): PublicUser {
  const name =
    company?.companyName ??
    individual?.fullName ??
    user.fullName ??
    driver?.fullName ??
    'Administrator';
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    userType: user.userType,
    name,
    createdAt: user.createdAt.toISOString(),
    locale: user.locale,
    ...(company && {
      company: {
        companyName: company.companyName,
        rc: company.rc,
        nIf: company.nIf,
        responsableName: company.responsableName,
        phone: company.phone,
        address: company.address,
      },
    }),
    ...(individual && {
      individual: {
        fullName: individual.fullName,
        nationalId: individual.nationalId,
        phone: individual.phone,
        address: individual.address,
      },
    }),
    ...(driver && { driver: { ...driver, truckNumber } }),
    ...(organization &&
      user.orgRole && {
        organization: { id: organization.id, name: organization.name, role: user.orgRole },
      }),
  };
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Role = UserRow['role'];
const ROLES = Object.keys(SESSION_LIMITS) as Role[];

/** For each role, the last request a session must have had since to still stand. */
function idleCutoffs(now: Date): Record<Role, Date> {
  return Object.fromEntries(
    ROLES.map((role) => [role, new Date(now.getTime() - SESSION_LIMITS[role].idleMs)]),
  ) as Record<Role, Date>;
}

/** A session as its account's list shows it: the device read from the user agent. */
function toSession(row: SessionRow, currentSessionId: string): Session {
  const parsed = row.userAgent ? new UAParser(row.userAgent).getResult() : undefined;
  const named = (name?: string, version?: string) =>
    name ? [name, version].filter(Boolean).join(' ') : null;
  return {
    id: row.id,
    browser: named(parsed?.browser.name, parsed?.browser.major),
    os: named(parsed?.os.name, parsed?.os.version),
    deviceType: parsed?.device.type ?? null,
    address: row.addressPrefix,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/** 400 on the field that chose it when a password is among the most common ones. */
function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw badRequest(
      'validation.password_too_common',
      {},
      {
        [field]: 'validation.password_too_common',
      },
    );
  }
}

interface AuthServiceDeps {
  db: Database;
  accounts: AccountsService;
  tokens: SessionTokens;
  messagesService: MessagesService;
  log: FastifyBaseLogger;
  clock: () => Date;
  publicUrl: string;
  adminMfa: AdminMfaPolicy;
}

export function createAuthService({
  db,
  accounts,
  tokens,
  messagesService,
  log,
  clock,
  publicUrl,
  adminMfa,
}: AuthServiceDeps) {
  const sessionChecks = createSessionChecks();

  /**
   * What ends a sign-in after the password (and again after the second factor's code): an account
   * the office disabled (docs/decisions/0016-audit-trail.md), a member their owner removed
   * (docs/decisions/0014-organizations.md). Said only to whoever knows the password.
   */
  function refuseAccountClosedToSignIn(
    user: Pick<UserRow, 'id' | 'role' | 'disabledAt' | 'organizationId'>,
  ) {
    if (user.disabledAt) {
      log.warn({ userId: user.id, reason: 'account disabled' }, 'login failed');
      throw unauthorized('account.disabled');
    }
    if (user.role === 'USER' && !user.organizationId) {
      log.warn({ userId: user.id, reason: 'removed from organization' }, 'login failed');
      throw unauthorized('org.member_removed');
    }
  }

  /**
   * The session's user while it stands, from a check of the last moment when there is one
   * (docs/decisions/0012-speed-at-scale.md, "Session checks remembered for a moment").
   */
  async function findStandingSession(sessionId: string, userId: string, now: Date) {
    const recalled = sessionChecks.recall(sessionId, userId, now);
    if (recalled) return recalled;
    const begun = sessionChecks.beginCheck();
    const found = await accounts.findActiveSessionUser(sessionId, userId, now, idleCutoffs(now));
    if (found) sessionChecks.remember(begun, sessionId, userId, found, now);
    return found;
  }

  async function loadPublicUser(userId: string): Promise<PublicUser> {
    const found = await accounts.findUserWithProfile(userId);
    if (!found) throw unauthorized('auth.session_expired');
    return toPublicUser(found);
  }

  /**
   * A new session and its token: what every way of signing in ends with. Its absolute end
   * depends on the role (SESSION_LIMITS) and is both the token's exp and the row's expires_at.
   */
  async function startSession(
    userId: string,
    origin?: SessionOrigin,
  ): Promise<{ token: string; user: PublicUser }> {
    const user = await loadPublicUser(userId);
    const now = clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIMITS[user.role].lifetimeMs);
    const sessionId = await accounts.insertSession(userId, expiresAt, now, origin);
    const token = await tokens.sign({ sessionId, userId }, expiresAt);
    return { token, user };
  }

  /** Ends the account's other sessions that still stand: how many it ended. */
  function endOtherSessions(auth: AuthContext, now: Date, tx?: Database): Promise<number> {
    const idleCutoff = idleCutoffs(now)[auth.role];
    return accounts.revokeOtherSessionsOfUser(auth.userId, auth.sessionId, now, idleCutoff, tx);
  }

  return {
    /**
     * The account's language is the one the form sent, else the browser's (Accept-Language),
     * else English (docs/decisions/0010-languages.md).
     */
    async register(
      input: RegistrationInput,
      acceptLanguage?: string,
    ): Promise<{ message: string; user: PublicUser }> {
      assertUncommonPassword(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      const locale = input.locale ?? negotiateLocale(acceptLanguage);
      try {
        const userId =
          'company' in input
            ? await accounts.insertCustomer(
                { email: input.email, passwordHash, userType: 'COMPANY', locale },
                { kind: 'company', values: input.company },
              )
            : await accounts.insertCustomer(
                { email: input.email, passwordHash, userType: 'INDIVIDUAL', locale },
                { kind: 'individual', values: input.individual },
              );
        log.info({ userId, userType: input.userType }, 'account registered');
        const message = englishMessage(
          'company' in input ? 'auth.company_registered' : 'auth.individual_registered',
        );
        return { message, user: await loadPublicUser(userId) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('auth.email_taken');
        throw error;
      }
    },

    /**
     * The password, then, for an account with a second factor, the code step: a short-lived
     * token naming the account instead of a session (second-factor-service.ts finishes it).
     */
    async login(email: string, password: string, origin?: SessionOrigin): Promise<LoginResponse> {
      const user = await accounts.findUserByEmail(email);
      if (!user) {
        await verifyAgainstDecoy(password);
        log.warn({ reason: 'unknown email' }, 'login failed');
        throw unauthorized('auth.invalid_credentials');
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        log.warn({ userId: user.id, reason: 'wrong password' }, 'login failed');
        throw unauthorized('auth.invalid_credentials');
      }
      refuseAccountClosedToSignIn(user);
      if ((await findSecondFactor(db, user.id))?.enabledAt) {
        log.info({ userId: user.id, role: user.role }, 'password accepted, code step next');
        return { mfaRequired: true, mfaToken: await tokens.signMfaChallenge(user.id) };
      }
      log.info({ userId: user.id, role: user.role }, 'login succeeded');
      return startSession(user.id, origin);
    },

    startSession,

    refuseAccountClosedToSignIn,

    /** Every revocation empties the session checks (session-checks.ts), wherever it was made. */
    forgetSessionChecks: sessionChecks.forgetAll,

    async logout(auth: AuthContext): Promise<{ message: string }> {
      await accounts.revokeSession(auth.sessionId, clock());
      sessionChecks.forgetAll();
      log.info({ userId: auth.userId }, 'logged out');
      return { message: englishMessage('auth.logged_out') };
    },

    /**
     * Customers and admins (a driver has no password). Every other session ends: whoever knew
     * the old password is signed out; the device that changed it stays signed in.
     */
    async changePassword(
      auth: AuthContext,
      { currentPassword, newPassword }: ChangePasswordInput,
    ): Promise<{ message: string }> {
      const account = await accounts.findEmailAccountById(auth.userId);
      if (!account) throw refuseRole(['USER', 'ADMIN']);
      if (!(await verifyPassword(account.passwordHash, currentPassword))) {
        log.warn(
          { userId: auth.userId, reason: 'wrong current password' },
          'password change refused',
        );
        throw badRequest(
          'auth.current_password_wrong',
          {},
          {
            currentPassword: 'auth.current_password_wrong',
          },
        );
      }
      assertUncommonPassword(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const now = clock();
      const ended = await db.transaction(async (tx) => {
        await accounts.setPasswordHash(auth.userId, passwordHash, now, tx);
        // A link mailed before the change would otherwise undo it (decision record 17).
        await voidResetTokensOfUser(tx, auth.userId, now);
        return endOtherSessions(auth, now, tx);
      });
      sessionChecks.forgetAll();
      log.info({ userId: auth.userId, endedSessions: ended }, 'password changed');
      return { message: englishMessage('auth.password_changed') };
    },

    /** Signs the account out everywhere but here (a lost phone, a shared computer). */
    async logoutOthers(auth: AuthContext): Promise<{ message: string; ended: number }> {
      const now = clock();
      const ended = await endOtherSessions(auth, now);
      sessionChecks.forgetAll();
      log.info({ userId: auth.userId, endedSessions: ended }, 'other sessions ended');
      return { message: englishMessage('auth.other_sessions_ended'), ended };
    },

    profile: (auth: AuthContext) => loadPublicUser(auth.userId),

    /** Any signed-in account (customer, admin, driver) chooses the language it is written to in. */
    async updateProfile(auth: AuthContext, input: ProfileUpdateInput): Promise<PublicUser> {
      await accounts.setUserLocale(auth.userId, input.locale, clock());
      log.info({ userId: auth.userId, locale: input.locale }, 'account language changed');
      return loadPublicUser(auth.userId);
    },

    /**
     * Resolves a bearer token to its caller; throws 401 for anything else, an idle or expired
     * session included. The session's last request moves forward at most once a minute, so
     * most requests only read.
     */
    async authenticate(token: string | undefined): Promise<AuthContext> {
      if (!token) throw unauthorized('auth.token_missing');
      const claims = await tokens.verify(token);
      const now = clock();
      const found = claims && (await findStandingSession(claims.sessionId, claims.userId, now));
      if (!claims || !found) throw unauthorized('auth.session_expired');
      const { user, driverId, lastSeenAt, secondFactor } = found;
      const staleBefore = new Date(now.getTime() - LAST_SEEN_PRECISION_MS);
      if (lastSeenAt < staleBefore) {
        await accounts.touchSession(claims.sessionId, now, staleBefore);
        sessionChecks.touch(claims.sessionId, now);
      }
      return {
        userId: user.id,
        sessionId: claims.sessionId,
        email: user.email,
        role: user.role,
        userType: user.userType,
        driverId,
        secondFactor,
        organizationId: user.organizationId,
        orgRole: user.orgRole,
      };
    },

    /**
     * 403 `auth.mfa_enrollment_required` for an administrator without a second factor while
     * ADMIN_MFA=required: only enrolment, the profile and logout are open to them.
     */
    assertEnrolled(auth: AuthContext): void {
      if (auth.role === 'ADMIN' && adminMfa === 'required' && !auth.secondFactor) {
        throw forbidden('auth.mfa_enrollment_required');
      }
    },

    mfaStatus: (auth: AuthContext): MfaStatus => ({
      enabled: auth.secondFactor,
      enrollmentRequired: auth.role === 'ADMIN' && adminMfa === 'required' && !auth.secondFactor,
    }),

    /** The caller's sessions that still stand, the one making the request marked. */
    async listSessions(auth: AuthContext): Promise<Session[]> {
      const now = clock();
      const rows = await accounts.listStandingSessionsOfUser(
        auth.userId,
        now,
        idleCutoffs(now)[auth.role],
      );
      return rows.map((row) => toSession(row, auth.sessionId));
    },

    /** Ends one of the caller's own sessions at once; anyone else's is a 404. */
    async endSession(auth: AuthContext, sessionId: string): Promise<{ message: string }> {
      if (!(await accounts.revokeSessionOfUser(auth.userId, sessionId, clock()))) {
        throw notFound('session.not_found');
      }
      sessionChecks.forgetAll();
      log.info({ userId: auth.userId, endedSessionId: sessionId }, 'session ended by its owner');
      return { message: englishMessage('session.ended') };
    },

    /**
     * Whether a session that authenticated earlier (a long-lived stream) still stands. An open
     * stream is not a request: it does not keep an unattended session from going idle.
     */
    async isSessionActive(auth: AuthContext): Promise<boolean> {
      const now = clock();
      return Boolean(
        await accounts.findActiveSessionUser(auth.sessionId, auth.userId, now, idleCutoffs(now)),
      );
    },

    assertRole(auth: AuthContext, roles: readonly UserRow['role'][]): void {
      if (!roles.includes(auth.role)) throw refuseRole(roles);
    },

    /**
     * Same answer whether or not the account exists. The mail is queued with the token, in one
     * transaction, and sent by the outbox worker, so the answer takes as long either way.
     */
    async requestPasswordReset(email: string): Promise<{ message: string }> {
      const user = await accounts.findUserByEmail(email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await db.transaction(async (tx) => {
          await insertPasswordResetToken(tx, {
            userId: user.id,
            tokenHash: hashResetToken(token),
            expiresAt: new Date(clock().getTime() + RESET_TOKEN_LIFETIME_MS),
          });
          await messagesService.queue(tx, [
            {
              channel: 'email',
              recipient: user.email,
              template: PASSWORD_RESET_TEMPLATE,
              params: { resetLink: `${publicUrl}/reset-password/${token}` },
              locale: user.locale,
            },
          ]);
        });
        log.info({ userId: user.id }, 'password reset requested');
      } else {
        log.info({ reason: 'unknown email' }, 'password reset requested');
      }
      return { message: englishMessage('auth.reset_requested') };
    },

    /**
     * Hashes first: a hash refused (service busy) or failed leaves the link working. Then the
     * link is used up and the password set in one transaction, so of two uses of one link
     * exactly one sets its password (docs/decisions/0017-security-review.md, "Password resets").
     */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      assertUncommonPassword(password, 'password');
      const passwordHash = await hashPassword(password);
      const tokenHash = hashResetToken(token);
      const now = clock();
      const userId = await db.transaction(async (tx) => {
        const owner = await consumePasswordResetToken(tx, tokenHash, now);
        if (!owner) return undefined;
        await accounts.setPasswordHash(owner, passwordHash, now, tx);
        await accounts.revokeSessionsOfUser(owner, now, tx);
        await voidResetTokensOfUser(tx, owner, now);
        return owner;
      });
      if (!userId) {
        log.warn({ reason: 'invalid, expired or used token' }, 'password reset refused');
        throw badRequest('auth.reset_token_invalid');
      }
      sessionChecks.forgetAll();
      log.info({ userId }, 'password reset');
      return { message: englishMessage('auth.password_reset') };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
