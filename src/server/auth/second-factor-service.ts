import type { FastifyBaseLogger } from 'fastify';
import { englishMessage } from '#shared/i18n/message-catalogs';
import type { MfaSetupResponse, MfaVerifySchema, SignedIn } from '#shared/schemas/mfa-schemas';
import type { z } from 'zod';
import type { Database } from '../db/open-database';
import { badRequest, conflict, unauthorized } from '../http/errors';
import {
  createAccountsService,
  type AccountsService,
  type SessionOrigin,
} from '../users/accounts-service';
import type { AuthContext, AuthService } from './auth-service';
import { verifyPassword } from './password-hashing';
import type { SecondFactorKeys } from './second-factor-keys';
import {
  claimTimeStep,
  consumeRecoveryCode,
  deleteSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  upsertPendingSecondFactor,
} from './second-factor-queries';
import type { SessionTokens } from './session-tokens';

interface SecondFactorServiceDeps {
  db: Database;
  accounts: AccountsService;
  authService: Pick<
    AuthService,
    'startSession' | 'forgetSessionChecks' | 'refuseAccountClosedToSignIn'
  >;
  tokens: SessionTokens;
  keys: SecondFactorKeys;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * A second factor by TOTP (RFC 6238) and its recovery codes
 * (docs/decisions/0015-second-factor-and-sessions.md): set up, confirmed with a first code,
 * asked after the password, turned off with the password and a code. A code's time step is
 * accepted once per account: a replayed code, even within its 30 seconds, is refused.
 */
export function createSecondFactorService({
  db,
  accounts,
  authService,
  tokens,
  keys,
  log,
  clock,
}: SecondFactorServiceDeps) {
  /**
   * Takes the code's time step for the account, or throws 401: a code that matches no step near
   * now, or one whose step was already accepted (a replay). `confirming`: the factor is being
   * turned on by this code; otherwise it must be in use.
   */
  async function acceptCode(
    tx: Database,
    userId: string,
    sealedSecret: string,
    code: string,
    confirming: boolean,
  ): Promise<void> {
    const now = clock();
    const step = keys.matchingStep(keys.open(sealedSecret), code, now);
    if (step === undefined) {
      log.warn({ userId, reason: 'wrong code' }, 'second factor code refused');
      throw unauthorized('auth.mfa_code_invalid');
    }
    if (!(await claimTimeStep(tx, userId, step, !confirming, now))) {
      log.warn({ userId, reason: 'code already used' }, 'second factor code refused');
      throw unauthorized('auth.mfa_code_used');
    }
  }

  return {
    /** A new secret to scan; replaces one not yet confirmed. 409 when one is already in use. */
    async setup(auth: AuthContext): Promise<MfaSetupResponse> {
      const secret = keys.newSecret();
      if (!(await upsertPendingSecondFactor(db, auth.userId, keys.seal(secret), clock()))) {
        throw conflict('mfa.already_enabled');
      }
      const otpauthUrl = keys.otpauthUrl(secret, auth.email ?? auth.userId);
      log.info({ userId: auth.userId }, 'second factor set-up started');
      return { secret, otpauthUrl, qrSvg: await keys.qrSvg(otpauthUrl) };
    },

    /** Confirms the set-up with a first code; answers the recovery codes, shown this once. */
    async enable(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
      const factor = await findSecondFactor(db, auth.userId);
      if (factor?.enabledAt) throw conflict('mfa.already_enabled');
      if (!factor) throw conflict('mfa.setup_required');
      const { shown, hashes } = keys.newRecoveryCodes(auth.userId);
      await db.transaction(async (tx) => {
        await acceptCode(tx, auth.userId, factor.sealedSecret, code, true);
        await replaceRecoveryCodes(tx, auth.userId, hashes);
      });
      // Cached session checks still say "no second factor" (session-checks.ts).
      authService.forgetSessionChecks();
      log.info({ userId: auth.userId }, 'second factor turned on');
      return { recoveryCodes: shown };
    },

    /** Turns the factor off with the password and a current code. */
    async disable(
      auth: AuthContext,
      { password, code }: { password: string; code: string },
    ): Promise<{ message: string }> {
      const account = await accounts.findEmailAccountById(auth.userId);
      const factor = await findSecondFactor(db, auth.userId);
      if (!account || !factor?.enabledAt) throw conflict('mfa.not_enabled');
      if (!(await verifyPassword(account.passwordHash, password))) {
        log.warn({ userId: auth.userId, reason: 'wrong password' }, 'second factor kept');
        throw badRequest('mfa.password_wrong', {}, { password: 'mfa.password_wrong' });
      }
      await acceptCode(db, auth.userId, factor.sealedSecret, code, false);
      await deleteSecondFactor(db, auth.userId);
      authService.forgetSessionChecks();
      log.info({ userId: auth.userId }, 'second factor turned off');
      return { message: englishMessage('mfa.disabled') };
    },

    /** The code step of sign-in: the current code or an unused recovery code, then a session. */
    async verify(
      input: z.output<typeof MfaVerifySchema>,
      origin?: SessionOrigin,
    ): Promise<SignedIn> {
      const userId = await tokens.verifyMfaChallenge(input.mfaToken);
      const factor = userId ? await findSecondFactor(db, userId) : undefined;
      if (!userId || !factor?.enabledAt) throw unauthorized('auth.mfa_challenge_expired');
      if ('code' in input) {
        await acceptCode(db, userId, factor.sealedSecret, input.code, false);
      } else if (
        !(await consumeRecoveryCode(
          db,
          userId,
          keys.hashRecoveryCode(userId, input.recoveryCode),
          clock(),
        ))
      ) {
        log.warn({ userId, reason: 'wrong or used recovery code' }, 'second factor code refused');
        throw unauthorized('auth.mfa_recovery_code_invalid');
      } else {
        log.info({ userId }, 'recovery code used');
      }
      // Closed between the password and the code: disabled, or removed from its organization.
      const account = await accounts.findEmailAccountById(userId);
      if (!account) throw unauthorized('auth.mfa_challenge_expired');
      authService.refuseAccountClosedToSignIn(account);
      log.info({ userId }, 'login succeeded with a second factor');
      return authService.startSession(userId, origin);
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

/**
 * `npm run create-admin -- --email … --reset-mfa`: clears an administrator's lost second factor
 * and recovery codes; with ADMIN_MFA=required they enrol again at their next sign-in. A customer's
 * address is never touched here.
 */
export async function resetAdminSecondFactor(
  db: Database,
  email: string,
): Promise<'reset' | 'no-second-factor' | 'not-an-admin'> {
  const user = await createAccountsService({ db }).findUserByEmail(email);
  if (user?.role !== 'ADMIN') return 'not-an-admin';
  return (await deleteSecondFactor(db, user.id)) ? 'reset' : 'no-second-factor';
}
