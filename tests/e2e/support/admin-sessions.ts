import { mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { totpCode } from '../../support/second-factor';
import type { ApiSession } from './app-api';

/*
 * The one administrator account of the run has a second factor (ADMIN_MFA=required), and a code
 * is accepted once per 30-second step: the workers cannot each sign it in with a code whenever
 * a test asks. So the global setup signs it in many times with the password while it has no
 * factor yet, then turns the factor on (those sessions then count as enrolled), and leaves the
 * sessions, the secret and the recovery codes in a file. A test takes sessions and recovery
 * codes no other test took, whichever worker runs it: each is claimed by creating a file named
 * after it, which only one process can do (docs/decisions/0015-second-factor-and-sessions.md).
 */

/** Sessions made for the run: more than the run's tests ask for. */
export const ADMIN_SESSION_POOL_SIZE = 150;

/** Sign-ins in flight while the pool is made: below PASSWORD_HASH_QUEUE_LIMIT's default 100. */
const SIGN_INS_AT_ONCE = 6;

interface AdminSecondFactor {
  secret: string;
  recoveryCodes: string[];
  sessions: ApiSession[];
}

const stateFile = (dataDir: string) => path.join(dataDir, 'e2e-admin-second-factor.json');
const claimsDir = (dataDir: string) => path.join(dataDir, 'e2e-admin-claims');

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through the global setup');
  return dir;
}

async function post<T>(baseUrl: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The global setup's part: sessions with the password, then the second factor turned on. */
export async function prepareAdminSessions(
  baseUrl: string,
  dir: string,
  credentials: { email: string; password: string },
): Promise<void> {
  // A few sign-ins at a time: each waits mostly on the server's one hashing thread and the
  // database, so one after the other left the machine idle between them.
  const sessions: ApiSession[] = [];
  while (sessions.length < ADMIN_SESSION_POOL_SIZE) {
    const batch = Math.min(SIGN_INS_AT_ONCE, ADMIN_SESSION_POOL_SIZE - sessions.length);
    const made = Array.from({ length: batch }, () =>
      post<ApiSession>(baseUrl, '/api/auth/login', credentials),
    );
    sessions.push(...(await Promise.all(made)));
  }
  const token = sessions[0]!.token;
  const { secret } = await post<{ secret: string }>(
    baseUrl,
    '/api/auth/mfa/setup',
    undefined,
    token,
  );
  const { recoveryCodes } = await post<{ recoveryCodes: string[] }>(
    baseUrl,
    '/api/auth/mfa/enable',
    { code: totpCode(secret) },
    token,
  );
  const state: AdminSecondFactor = { secret, recoveryCodes, sessions };
  writeFileSync(stateFile(dir), JSON.stringify(state), { mode: 0o600 });
  mkdirSync(claimsDir(dir));
}

/** Index `i` of `kind` if no one took it yet: the first process to create its file has it. */
function claim(kind: string, index: number): boolean {
  try {
    closeSync(openSync(path.join(claimsDir(dataDir()), `${kind}-${index}`), 'wx'));
    return true;
  } catch {
    return false;
  }
}

function readState(): AdminSecondFactor {
  return JSON.parse(readFileSync(stateFile(dataDir()), 'utf8')) as AdminSecondFactor;
}

function claimNext<T>(kind: string, items: readonly T[]): T {
  for (let index = 0; index < items.length; index++) {
    if (claim(kind, index)) return items[index]!;
  }
  throw new Error(
    `Every ${kind} the global setup made was used (tests/e2e/support/admin-sessions.ts)`,
  );
}

/** A session on the administrator's account that no other test has. */
export const claimAdminSession = (): ApiSession => claimNext('session', readState().sessions);

/** One of the administrator's recovery codes that no other test used: a sign-in on the form. */
export const claimAdminRecoveryCode = (): string =>
  claimNext('recovery-code', readState().recoveryCodes);
