import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../users/accounts-service';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface SessionLimit {
  /** The session ends after this long without a request. */
  idleMs: number;
  /** And this long after it started, however used: the token's exp and the row's expires_at. */
  lifetimeMs: number;
}

/**
 * docs/decisions/0011-hardening.md: an administrator's session is worth more to an attacker, so
 * it ends after an hour unused and at the end of a working day; customers and drivers, on their
 * own phones, stay signed in while they come back within a month.
 */
export const SESSION_LIMITS: Readonly<Record<UserRow['role'], SessionLimit>> = {
  ADMIN: { idleMs: HOUR_MS, lifetimeMs: 12 * HOUR_MS },
  USER: { idleMs: 30 * DAY_MS, lifetimeMs: 90 * DAY_MS },
  DRIVER: { idleMs: 30 * DAY_MS, lifetimeMs: 90 * DAY_MS },
};

/** last_seen_at is written at most this often per session, not on every request. */
export const LAST_SEEN_PRECISION_MS = MINUTE_MS;

export interface SessionClaims {
  sessionId: string;
  userId: string;
}

/** How long the code step may follow the password (docs/decisions/0015-second-factor-and-sessions.md). */
export const MFA_CHALLENGE_LIFETIME_MS = 5 * MINUTE_MS;
/** Marks a token as the code step's, which names an account but is never a session. */
const MFA_CHALLENGE_PURPOSE = 'mfa';

/** Tokens verified lately: enough for every session active at once on one process. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signed JWTs whose id names a row of the sessions table, so logout can revoke them. */
export function createSessionTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
  /**
   * A token's signature and claims never change, so each is checked once: the HMAC through
   * WebCrypto cost about a tenth of a list request's CPU. Only its expiry is read again; whether
   * the session still stands is the sessions table's answer, asked on every request.
   */
  const verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();
  return {
    async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setJti(claims.sessionId)
        .setIssuedAt(Math.floor(clock().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The code step's token: the account whose password was right, for a few minutes. */
    async signMfaChallenge(userId: string): Promise<string> {
      const now = clock().getTime();
      return new SignJWT({ purpose: MFA_CHALLENGE_PURPOSE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor((now + MFA_CHALLENGE_LIFETIME_MS) / 1000))
        .sign(key);
    },
    /** The account a code step's token names; undefined unless valid, unexpired and one of those. */
    async verifyMfaChallenge(token: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        return payload.purpose === MFA_CHALLENGE_PURPOSE && payload.sub ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
    /** Undefined for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > clock().getTime() ? known.claims : undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (!payload.sub || !payload.jti || payload.exp === undefined || payload.purpose) {
          return undefined;
        }
        const claims = { userId: payload.sub, sessionId: payload.jti };
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return undefined;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;

/**
 * The account a code step's token claims, unverified: only the key its attempts are counted on
 * (a forged one counts against the account it names, which the limit protects anyway).
 */
export function mfaChallengeSubject(token: string): string {
  try {
    return decodeJwt(token).sub ?? 'unnamed';
  } catch {
    return 'unreadable';
  }
}
