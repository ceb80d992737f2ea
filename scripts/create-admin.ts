/**
 * `npm run create-admin -- --email admin@example.ma --password '…'`: creates that admin, or
 * makes the existing account an admin with this password. Uses the same configuration as
 * the server (DATABASE_URL or the embedded database in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { EmailSchema, NewPasswordSchema } from '../src/shared/schemas/auth-schemas';
import { upsertAdminAccount } from '../src/server/auth/admin-bootstrap';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) fail('Usage: npm run create-admin -- --email <email> --password <password>');
const password = NewPasswordSchema.safeParse(values.password ?? '');
if (!password.success) fail(`Password refused: ${password.error.issues[0]?.message}`);

const config = readConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
await database.migrate();
const outcome = await upsertAdminAccount(database.db, email.data, password.data);
await database.close();
console.log(`Admin ${email.data} ${outcome}.`);
