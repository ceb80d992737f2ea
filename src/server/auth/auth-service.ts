import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { negotiateLocale } from '../../shared/i18n/locales';
import type { RegistrationInput } from '../../shared/schemas/auth-schemas';
import type { ProfileUpdateInput, PublicUser } from '../../shared/schemas/user-schemas';
import type { Database } from '../db/open-database';
import { isUniqueViolation } from '../db/unique-violation';
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../http/errors';
import { PASSWORD_RESET_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import {
  consumePasswordResetToken,
  expireOtherResetTokens,
  findActiveSessionUser,
  findUserByEmail,
  findUserWithProfile,
  insertCustomer,
  insertPasswordResetToken,
  insertSession,
  revokeSession,
  revokeSessionsOfUser,
  setPasswordHash,
  setUserLocale,
  type UserRow,
  type UserWithProfile,
} from './auth-queries';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hashing';
import { SESSION_LIFETIME_MS, type SessionTokens } from './session-tokens';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  duplicateEmail: 'An account with this email already exists',
  resetRequested:
    'If an account exists for this email, a password reset link has been sent. It expires in 1 hour.',
  invalidResetToken: 'This password reset token is invalid or has expired',
  passwordReset: 'Your password has been reset. You can now log in.',
  loggedOut: 'Logged out successfully',
  missingToken: 'Authentication token is missing. Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  adminOnly: 'Admin privileges are required',
  customersOnly: "This is for customers' accounts",
  driversOnly: 'Driver access only',
  companyRegistered: 'Company registration successful!',
  individualRegistered: 'Registration successful!',
} as const;

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
}

/** What a 403 says: the role the route is for. */
const ROLE_REQUIRED_MESSAGES: Record<UserRow['role'], string> = {
  ADMIN: authMessages.adminOnly,
  USER: authMessages.customersOnly,
  DRIVER: authMessages.driversOnly,
};
const ROLE_NAMES: Record<UserRow['role'], string> = {
  ADMIN: 'administrators',
  USER: 'customers',
  DRIVER: 'drivers',
};

function roleRequiredMessage(roles: readonly UserRow['role'][]): string {
  if (roles.length === 1) return ROLE_REQUIRED_MESSAGES[roles[0]!];
  return `This is for ${roles.map((role) => ROLE_NAMES[role]).join(' and ')} only`;
}

export function toPublicUser({
  user,
  company,
  individual,
  driver,
  truckNumber,
}: UserWithProfile): PublicUser {
  const name = company?.companyName ?? individual?.fullName ?? driver?.fullName ?? 'Administrator';
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
  };
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface AuthServiceDeps {
  db: Database;
  tokens: SessionTokens;
  messagesService: MessagesService;
  log: FastifyBaseLogger;
  clock: () => Date;
  publicUrl: string;
}

export function createAuthService({
  db,
  tokens,
  messagesService,
  log,
  clock,
  publicUrl,
}: AuthServiceDeps) {
  async function loadPublicUser(userId: string): Promise<PublicUser> {
    const found = await findUserWithProfile(db, userId);
    if (!found) throw new UnauthorizedError(authMessages.sessionExpired);
    return toPublicUser(found);
  }

  /** A new session and its token: what every way of signing in ends with. */
  async function startSession(userId: string): Promise<{ token: string; user: PublicUser }> {
    const expiresAt = new Date(clock().getTime() + SESSION_LIFETIME_MS);
    const sessionId = await insertSession(db, userId, expiresAt);
    const token = await tokens.sign({ sessionId, userId }, expiresAt);
    return { token, user: await loadPublicUser(userId) };
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
      const passwordHash = await hashPassword(input.password);
      const locale = input.locale ?? negotiateLocale(acceptLanguage);
      try {
        const userId =
          'company' in input
            ? await insertCustomer(
                db,
                { email: input.email, passwordHash, userType: 'COMPANY', locale },
                { kind: 'company', values: input.company },
              )
            : await insertCustomer(
                db,
                { email: input.email, passwordHash, userType: 'INDIVIDUAL', locale },
                { kind: 'individual', values: input.individual },
              );
        log.info({ userId, userType: input.userType }, 'account registered');
        const message =
          'company' in input ? authMessages.companyRegistered : authMessages.individualRegistered;
        return { message, user: await loadPublicUser(userId) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(authMessages.duplicateEmail);
        throw error;
      }
    },

    async login(email: string, password: string): Promise<{ token: string; user: PublicUser }> {
      const user = await findUserByEmail(db, email);
      if (!user) {
        await verifyAgainstDecoy(password);
        log.warn({ reason: 'unknown email' }, 'login failed');
        throw new UnauthorizedError(authMessages.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        log.warn({ userId: user.id, reason: 'wrong password' }, 'login failed');
        throw new UnauthorizedError(authMessages.invalidCredentials);
      }
      log.info({ userId: user.id, role: user.role }, 'login succeeded');
      return startSession(user.id);
    },

    startSession,

    async logout(auth: AuthContext): Promise<{ message: string }> {
      await revokeSession(db, auth.sessionId, clock());
      log.info({ userId: auth.userId }, 'logged out');
      return { message: authMessages.loggedOut };
    },

    profile: (auth: AuthContext) => loadPublicUser(auth.userId),

    /** Any signed-in account (customer, admin, driver) chooses the language it is written to in. */
    async updateProfile(auth: AuthContext, input: ProfileUpdateInput): Promise<PublicUser> {
      await setUserLocale(db, auth.userId, input.locale, clock());
      log.info({ userId: auth.userId, locale: input.locale }, 'account language changed');
      return loadPublicUser(auth.userId);
    },

    /** Resolves a bearer token to its caller; throws 401 for anything else. */
    async authenticate(token: string | undefined): Promise<AuthContext> {
      if (!token) throw new UnauthorizedError(authMessages.missingToken);
      const claims = await tokens.verify(token);
      const found =
        claims && (await findActiveSessionUser(db, claims.sessionId, claims.userId, clock()));
      if (!claims || !found) throw new UnauthorizedError(authMessages.sessionExpired);
      const { user, driverId } = found;
      return {
        userId: user.id,
        sessionId: claims.sessionId,
        email: user.email,
        role: user.role,
        userType: user.userType,
        driverId,
      };
    },

    /** Whether a session that authenticated earlier (a long-lived stream) still stands. */
    async isSessionActive(auth: AuthContext): Promise<boolean> {
      return Boolean(await findActiveSessionUser(db, auth.sessionId, auth.userId, clock()));
    },

    assertRole(auth: AuthContext, roles: readonly UserRow['role'][]): void {
      if (!roles.includes(auth.role)) throw new ForbiddenError(roleRequiredMessage(roles));
    },

    /**
     * Same answer whether or not the account exists. The mail is queued with the token, in one
     * transaction, and sent by the outbox worker, so the answer takes as long either way.
     */
    async requestPasswordReset(email: string): Promise<{ message: string }> {
      const user = await findUserByEmail(db, email);
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
      return { message: authMessages.resetRequested };
    },

    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const tokenHash = hashResetToken(token);
      const now = clock();
      const userId = await consumePasswordResetToken(db, tokenHash, now);
      if (!userId) {
        log.warn({ reason: 'invalid, expired or used token' }, 'password reset refused');
        throw new BadRequestError(authMessages.invalidResetToken);
      }
      await setPasswordHash(db, userId, await hashPassword(password), now);
      await revokeSessionsOfUser(db, userId, now);
      await expireOtherResetTokens(db, userId, tokenHash, now);
      log.info({ userId }, 'password reset');
      return { message: authMessages.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
