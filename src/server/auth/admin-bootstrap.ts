import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/open-database';
import { countAdmins, findUserByEmail, upsertAdmin } from './auth-queries';
import { hashPassword } from './password-hashing';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** Random, and always inside the product's own password rule. */
export function generateAdminPassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1!`;
}

export async function upsertAdminAccount(db: Database, email: string, password: string) {
  return upsertAdmin(db, email, await hashPassword(password), new Date());
}

/**
 * docs/product.md, decision 8: ADMIN_EMAIL/ADMIN_PASSWORD create or update that admin at every
 * start. With no admin at all and neither variable, a first start creates admin@localhost with a
 * random password printed once: a working admin login, and no default password anywhere.
 */
export async function bootstrapAdmin(
  db: Database,
  config: Partial<Pick<AppConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>>,
  log: FastifyBaseLogger,
): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  if (email && password) {
    const outcome = await upsertAdminAccount(db, email, password);
    log.info({ email }, `admin account ${outcome} from ADMIN_EMAIL`);
    return;
  }
  if (email) {
    const existing = await findUserByEmail(db, email);
    if (existing?.role === 'ADMIN') return;
    if (existing) {
      await upsertAdmin(db, email, existing.passwordHash, new Date());
      log.info({ email }, 'existing account made admin from ADMIN_EMAIL');
      return;
    }
    printGeneratedPassword(log, email, await createWithGeneratedPassword(db, email));
    return;
  }
  if ((await countAdmins(db)) > 0) return;
  printGeneratedPassword(
    log,
    DEFAULT_ADMIN_EMAIL,
    await createWithGeneratedPassword(db, DEFAULT_ADMIN_EMAIL),
  );
}

async function createWithGeneratedPassword(db: Database, email: string): Promise<string> {
  const password = generateAdminPassword();
  await upsertAdminAccount(db, email, password);
  return password;
}

/** The one deliberate secret in the log: shown once, on the start that created it. */
function printGeneratedPassword(log: FastifyBaseLogger, email: string, password: string): void {
  log.warn(
    { email },
    `Admin account created. Log in as ${email} with the password ${password} — it is shown only this once; change it with npm run create-admin.`,
  );
}
