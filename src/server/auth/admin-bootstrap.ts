import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/open-database';
import { createAccountsService } from '../users/accounts-service';
import { hashPassword } from './password-hashing';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** Where a production start leaves a generated admin password, inside DATA_DIR. */
export const GENERATED_PASSWORD_FILE = 'admin-password.txt';

/**
 * A start that must not go on; main.ts prints the message alone and exits 1, as for a bad
 * configuration. Written for the operator, never sent to a client.
 */
export class AdminBootstrapError extends Error {}

const CUSTOMER_EMAIL_REFUSAL =
  'ADMIN_EMAIL names an existing customer account; it is never made an administrator. Choose another address for the administrator.';
const DEFAULT_EMAIL_REFUSAL = `There is no administrator, and ${DEFAULT_ADMIN_EMAIL} is an existing customer account; set ADMIN_EMAIL and ADMIN_PASSWORD to create the administrator.`;

export type AdminBootstrapConfig = Pick<
  AppConfig,
  'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'DATA_DIR' | 'isProduction'
>;

/** Random, and always inside the product's own password rule. */
export function generateAdminPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

/** 'not-an-admin': the address is a customer's, whose account was left as it was. */
export async function upsertAdminAccount(db: Database, email: string, password: string) {
  return createAccountsService({ db }).upsertAdmin(email, await hashPassword(password), new Date());
}

/**
 * docs/product.md, decision 8: ADMIN_EMAIL/ADMIN_PASSWORD create that admin at the start that
 * finds it absent; a later start never changes its password (docs/decisions/0017-security-review.md,
 * "ADMIN_PASSWORD"), which `npm run create-admin` alone sets. With no admin at all and neither
 * variable, a first start creates admin@localhost with a random password: a working admin login,
 * and no default password anywhere. An address that already belongs to a customer stops the
 * start instead: whoever registered it first would otherwise become an administrator, with every
 * session they have open.
 */
export async function bootstrapAdmin(
  db: Database,
  config: AdminBootstrapConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  const accounts = createAccountsService({ db });
  if (email && password) {
    if (await accounts.insertAdminIfAbsent(email, await hashPassword(password))) {
      log.info({ email }, 'admin account created from ADMIN_EMAIL and ADMIN_PASSWORD');
      return;
    }
    const account = await accounts.findUserByEmail(email);
    if (account?.role !== 'ADMIN') throw new AdminBootstrapError(CUSTOMER_EMAIL_REFUSAL);
    log.info(
      { email },
      'ADMIN_PASSWORD ignored: the admin account exists (npm run create-admin sets its password)',
    );
    return;
  }
  if (email) {
    await ensureAdmin(db, email, CUSTOMER_EMAIL_REFUSAL, config, log);
    return;
  }
  if ((await accounts.countAdmins()) > 0) return;
  await ensureAdmin(db, DEFAULT_ADMIN_EMAIL, DEFAULT_EMAIL_REFUSAL, config, log);
}

/** That address is an admin's afterwards, created with a generated password if it was free. */
async function ensureAdmin(
  db: Database,
  email: string,
  refusal: string,
  config: AdminBootstrapConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  const existing = await createAccountsService({ db }).findUserByEmail(email);
  if (!existing && (await createWithGeneratedPassword(db, email, config, log))) return;
  // Taken before this start, or just now: by a sign-up, or by another instance starting too.
  const account = existing ?? (await createAccountsService({ db }).findUserByEmail(email));
  if (account?.role !== 'ADMIN') throw new AdminBootstrapError(refusal);
}

/**
 * Never overwrites an account that exists by now, so two instances starting together cannot
 * each reveal a password of which only one works. False when the address is taken.
 */
async function createWithGeneratedPassword(
  db: Database,
  email: string,
  config: AdminBootstrapConfig,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const password = generateAdminPassword();
  if (
    !(await createAccountsService({ db }).insertAdminIfAbsent(email, await hashPassword(password)))
  )
    return false;
  if (config.isProduction) {
    const file = writeGeneratedPassword(config.DATA_DIR, password);
    log.warn(
      { email, file },
      `Admin account created. Log in as ${email} with the password in ${file}, then delete that file; change the password with npm run create-admin.`,
    );
  } else {
    // Local runs only: the one deliberate secret in the log, shown once, on the start that made it.
    log.warn(
      { email },
      `Admin account created. Log in as ${email} with the password ${password} — it is shown only this once; change it with npm run create-admin.`,
    );
  }
  return true;
}

/**
 * Production logs are shipped and kept; the password goes to a file only this user can read.
 * A file left from an earlier start is removed first, so the new one is created with mode 0600
 * rather than inheriting looser permissions.
 */
function writeGeneratedPassword(dataDir: string, password: string): string {
  const file = path.resolve(dataDir, GENERATED_PASSWORD_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  // The umask may have taken bits from 0600 at creation; this sets the mode exactly.
  chmodSync(file, 0o600);
  return file;
}
