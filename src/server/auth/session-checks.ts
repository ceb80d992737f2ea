import type { SessionUser } from '../users/accounts-service';

/**
 * How long a session found standing is taken as standing without asking the database again: the
 * longest a revocation that this process was not told of can go unseen here (docs/decisions/
 * 0012-speed-at-scale.md, "Session checks remembered for a moment").
 */
export const SESSION_CHECK_REUSE_MS = 2_000;
/** What the database notifies on when sessions are revoked or a driver deactivated (migration 0008). */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';
/** Sessions remembered at once; past this the oldest check is forgotten first. */
const MAX_REMEMBERED = 10_000;

interface RememberedCheck {
  userId: string;
  found: SessionUser;
  /** The app's clock when the database said so, in ms. */
  checkedAt: number;
}

/**
 * The sessions this process found standing in the last SESSION_CHECK_REUSE_MS, by session id.
 * Every revocation empties it: those this process makes at once, every other through the
 * database's notification (auth-service.ts).
 */
export function createSessionChecks() {
  const checks = new Map<string, RememberedCheck>();
  /** Moves on each forgetAll: a check begun before a revocation is not remembered after it. */
  let generation = 0;

  return {
    /** Call before asking the database; hand what it answers to remember. */
    beginCheck: () => generation,

    /** The session's user if the database found it standing a moment ago (by the app's clock). */
    recall(sessionId: string, userId: string, now: Date): SessionUser | undefined {
      const check = checks.get(sessionId);
      if (!check || check.userId !== userId) return undefined;
      const age = now.getTime() - check.checkedAt;
      // A clock that went back (a test's, say) proves nothing: asked again.
      return age >= 0 && age < SESSION_CHECK_REUSE_MS ? check.found : undefined;
    },

    remember(
      begun: number,
      sessionId: string,
      userId: string,
      found: SessionUser,
      now: Date,
    ): void {
      if (begun !== generation) return;
      checks.delete(sessionId);
      if (checks.size >= MAX_REMEMBERED) checks.delete(checks.keys().next().value!);
      checks.set(sessionId, { userId, found, checkedAt: now.getTime() });
    },

    /** The session was used: its last request is now (its check keeps its age). */
    touch(sessionId: string, lastSeenAt: Date): void {
      const check = checks.get(sessionId);
      if (check) check.found = { ...check.found, lastSeenAt };
    },

    forgetAll(): void {
      generation += 1;
      checks.clear();
    },
  };
}

export type SessionChecks = ReturnType<typeof createSessionChecks>;
