import type { FastifyBaseLogger } from 'fastify';
import { englishMessage } from '#shared/i18n/message-catalogs';
import type { AccountStatusResult } from '#shared/schemas/account-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { conflict, notFound } from '../http/errors';
import { lockEmailAccountStatus, setAccountDisabledAt } from './account-status-queries';
import { revokeSessionsOfUser } from './session-queries';

interface AccountStatusServiceDeps {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Called once a disabling has ended sessions (AuthService.forgetSessionChecks). */
  onSessionsRevoked: () => void;
}

/**
 * The office disables a customer's or an administrator's account and enables it again
 * (docs/decisions/0016-audit-trail.md, "Disabled accounts"). Disabling ends every session of the
 * account in its transaction, and a disabled account cannot sign in (auth-service.ts) nor use a
 * session it had (session-queries.ts); its orders and profile stay as they are.
 */
export function createAccountStatusService({
  db,
  clock,
  log,
  onSessionsRevoked,
}: AccountStatusServiceDeps) {
  return {
    async setAccountDisabled(
      userId: string,
      disabled: boolean,
      office: OfficeActor,
    ): Promise<AccountStatusResult> {
      if (!isUuid(userId)) throw notFound('account.not_found');
      // Nobody locks themselves out of the office; another admin can.
      if (disabled && userId === office.userId) throw conflict('account.cannot_disable_self');
      const now = clock();
      await db.transaction(async (tx) => {
        const current = await lockEmailAccountStatus(tx, userId);
        if (!current) throw notFound('account.not_found');
        const disabledAt = disabled ? (current.disabledAt ?? now) : null;
        await setAccountDisabledAt(tx, userId, disabledAt, now);
        if (disabled) await revokeSessionsOfUser(tx, userId, now);
        await recordOfficeAction(tx, {
          actor: office,
          action: disabled ? 'account.disable' : 'account.enable',
          record: { type: 'user', id: userId },
          before: { disabled: current.disabledAt !== null },
          after: { disabled },
        });
      });
      if (disabled) onSessionsRevoked();
      log.info({ userId, disabled }, disabled ? 'account disabled' : 'account enabled');
      return {
        message: englishMessage(disabled ? 'account.disable_done' : 'account.enable_done'),
        userId,
        disabled,
      };
    },
  };
}

export type AccountStatusService = ReturnType<typeof createAccountStatusService>;
