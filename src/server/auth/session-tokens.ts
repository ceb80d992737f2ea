import { jwtVerify, SignJWT } from 'jose';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionClaims {
  sessionId: string;
  userId: string;
}

/** Signed JWTs whose id names a row of the sessions table, so logout can revoke them. */
export function createSessionTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
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
    /** Undefined for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<SessionClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (!payload.sub || !payload.jti) return undefined;
        return { userId: payload.sub, sessionId: payload.jti };
      } catch {
        return undefined;
      }
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
