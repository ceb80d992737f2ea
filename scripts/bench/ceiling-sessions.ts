import { verify as verifyArgon2 } from '@node-rs/argon2';
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import { SESSION_CHECK_REUSE_MS } from '../../src/server/auth/session-checks';
import { LAST_SEEN_PRECISION_MS, SESSION_LIMITS } from '../../src/server/auth/session-tokens';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { publicUserOf, type ProfileRow } from './ceiling-answers';
import {
  INSERT_SESSION,
  LOGIN_ACCOUNT,
  PROFILE,
  SESSION_USER,
  TOUCH_SESSION,
} from './ceiling-statements';

type Role = PublicUser['role'];

export interface Caller {
  userId: string;
  role: Role;
  /** A customer's organization: what their orders are read by. */
  organizationId: string | null;
}

interface SessionUserRow {
  id: string;
  role: Role;
  organization_id: string | null;
  last_seen_at: Date;
}

const callerOf = (row: SessionUserRow): Caller => ({
  userId: row.id,
  role: row.role,
  organizationId: row.organization_id,
});

/**
 * The app's session check, by hand: its JWT (HS256, the session id as jti, the user as sub,
 * src/server/auth/session-tokens.ts), then the session row, which must be unrevoked, unexpired
 * and used since the idle limit of the user's role; its last request moves at most once a minute.
 * A session found standing is taken as standing for SESSION_CHECK_REUSE_MS, as the app does
 * (src/server/auth/session-checks.ts; the ceiling revokes nothing, so it never forgets early).
 */
export function createCeilingSessions(pool: pg.Pool, jwtSecret: string) {
  const key = new TextEncoder().encode(jwtSecret);
  const checked = new Map<string, { row: SessionUserRow; at: number }>();

  async function profileOf(userId: string): Promise<PublicUser | undefined> {
    const { rows } = await pool.query<ProfileRow>({ ...PROFILE, values: [userId] });
    return rows[0] && publicUserOf(rows[0]);
  }

  return {
    profileOf,

    /** The caller of a bearer token, or undefined for anything but a standing session. */
    async authenticate(header: string | undefined): Promise<Caller | undefined> {
      const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!token) return undefined;
      let claims: { sub?: string; jti?: string };
      try {
        ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch {
        return undefined;
      }
      if (!claims.sub || !claims.jti) return undefined;
      const now = Date.now();
      const recent = checked.get(claims.jti);
      if (recent?.row.id === claims.sub && now - recent.at < SESSION_CHECK_REUSE_MS) {
        return callerOf(recent.row);
      }
      const idleCutoff = (role: Role) => new Date(now - SESSION_LIMITS[role].idleMs);
      const { rows } = await pool.query<SessionUserRow>({
        ...SESSION_USER,
        values: [
          claims.jti,
          claims.sub,
          new Date(now),
          idleCutoff('ADMIN'),
          idleCutoff('USER'),
          idleCutoff('DRIVER'),
        ],
      });
      const row = rows[0];
      if (!row) return undefined;
      const staleBefore = new Date(now - LAST_SEEN_PRECISION_MS);
      if (row.last_seen_at < staleBefore) {
        await pool.query({ ...TOUCH_SESSION, values: [claims.jti, new Date(now), staleBefore] });
      }
      checked.set(claims.jti, { row, at: now });
      return callerOf(row);
    },

    /** A new session and its token for the right password; undefined otherwise. */
    async logIn(
      email: string,
      password: string,
    ): Promise<{ token: string; user: PublicUser } | undefined> {
      const { rows } = await pool.query<{ id: string; role: Role; password_hash: string | null }>({
        ...LOGIN_ACCOUNT,
        values: [email.trim().toLowerCase()],
      });
      const account = rows[0];
      if (!account?.password_hash) return undefined;
      const matches = await verifyArgon2(account.password_hash, password).catch(() => false);
      if (!matches) return undefined;
      const now = Date.now();
      const expiresAt = new Date(now + SESSION_LIMITS[account.role].lifetimeMs);
      const [session, user] = await Promise.all([
        pool.query<{ id: string }>({
          ...INSERT_SESSION,
          values: [account.id, expiresAt, new Date(now)],
        }),
        profileOf(account.id),
      ]);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.id)
        .setJti(session.rows[0]!.id)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, user: user! };
    },
  };
}

export type CeilingSessions = ReturnType<typeof createCeilingSessions>;
