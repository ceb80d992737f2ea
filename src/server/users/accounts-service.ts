import type { Database } from '../db/open-database';
import {
  findActiveSessionUser,
  insertSession,
  listStandingSessionsOfUser,
  revokeOtherSessionsOfUser,
  revokeSession,
  revokeSessionOfUser,
  revokeSessionsOfUser,
  touchSession,
  type SessionOrigin,
} from './session-queries';
import {
  countAdmins,
  findEmailAccountById,
  findUserByEmail,
  findUserWithProfile,
  insertAdminIfAbsent,
  insertCustomer,
  setPasswordHash,
  setUserLocale,
  upsertAdmin,
  type UserRow,
} from './users-queries';

export type { SessionOrigin, SessionRow, SessionUser } from './session-queries';
export type { EmailAccount, UserRow, UserWithProfile } from './users-queries';

/**
 * Accounts (users and their company or individual profiles) and their sessions: what sign-in,
 * the fleet's drivers and the admin bootstrap read and change of them (docs/architecture.md,
 * "The parts"). A change another feature makes in its own transaction takes that transaction.
 */
export function createAccountsService({ db }: { db: Database }) {
  return {
    findUserByEmail: (email: string) => findUserByEmail(db, email),
    findUserWithProfile: (userId: string) => findUserWithProfile(db, userId),
    findEmailAccountById: (userId: string) => findEmailAccountById(db, userId),
    countAdmins: () => countAdmins(db),
    insertCustomer: (...args: DropDatabase<typeof insertCustomer>) => insertCustomer(db, ...args),
    upsertAdmin: (email: string, passwordHash: string, now: Date) =>
      upsertAdmin(db, email, passwordHash, now),
    insertAdminIfAbsent: (email: string, passwordHash: string) =>
      insertAdminIfAbsent(db, email, passwordHash),
    setPasswordHash: (userId: string, passwordHash: string, now: Date, tx: Database = db) =>
      setPasswordHash(tx, userId, passwordHash, now),
    setUserLocale: (userId: string, locale: UserRow['locale'], now: Date) =>
      setUserLocale(db, userId, locale, now),

    insertSession: (userId: string, expiresAt: Date, startedAt?: Date, origin?: SessionOrigin) =>
      insertSession(db, userId, expiresAt, startedAt, origin),
    listStandingSessionsOfUser: (userId: string, now: Date, idleCutoff: Date) =>
      listStandingSessionsOfUser(db, userId, now, idleCutoff),
    revokeSessionOfUser: (userId: string, sessionId: string, now: Date) =>
      revokeSessionOfUser(db, userId, sessionId, now),
    findActiveSessionUser: (...args: DropDatabase<typeof findActiveSessionUser>) =>
      findActiveSessionUser(db, ...args),
    touchSession: (sessionId: string, now: Date, staleBefore: Date) =>
      touchSession(db, sessionId, now, staleBefore),
    revokeSession: (sessionId: string, now: Date) => revokeSession(db, sessionId, now),
    revokeSessionsOfUser: (userId: string, now: Date, tx: Database = db) =>
      revokeSessionsOfUser(tx, userId, now),
    revokeOtherSessionsOfUser: (
      userId: string,
      keepSessionId: string,
      now: Date,
      idleCutoff: Date,
      tx: Database = db,
    ) => revokeOtherSessionsOfUser(tx, userId, keepSessionId, now, idleCutoff),
  };
}

/** A query's parameters after the database it runs on. */
type DropDatabase<Query> = Query extends (db: Database, ...rest: infer Rest) => unknown
  ? Rest
  : never;

export type AccountsService = ReturnType<typeof createAccountsService>;
