/**
 * `npm run seed:demo`: fills the database of `npm start` (DATABASE_URL or the embedded one in
 * DATA_DIR) with demo customers, trucks and orders, acting as the first administrator. Run it
 * while the server is stopped when the embedded database is used (one process owns its folder).
 */
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { bootstrapAdmin } from '../src/server/auth/admin-bootstrap';
import { createAccountsService } from '../src/server/users/accounts-service';
import { loadOrCreateJwtSecret } from '../src/server/auth/jwt-secret';
import { createSessionTokens } from '../src/server/auth/session-tokens';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';
import { users } from '../src/server/db/schema';
import { DEMO_PASSWORD, seedDemoData } from './demo-data';

const config = readConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
// Demo customers share one published password: they must never reach a real database.
if (config.isProduction) {
  console.error(
    'seed:demo refuses to run with NODE_ENV=production: demo accounts share a known password.',
  );
  process.exit(1);
}
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
try {
  await database.migrate();
  // The seed acts as the office through a session it signs itself, with the database in hand: a
  // second factor would prove nothing here, so this in-process app does not ask the admin for one.
  const app = await buildApp({
    config: { ...config, ADMIN_MFA: 'optional' },
    db: database.db,
    channels: database.channels,
  });
  await bootstrapAdmin(database.db, config, app.log);
  const [admin] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  // A short session of the first admin, signed like the server's own, so every change goes
  // through the API's rules and is recorded as that admin's.
  const expiresAt = new Date(Date.now() + 10 * 60_000);
  const sessionId = await createAccountsService({ db: database.db }).insertSession(
    admin!.id,
    expiresAt,
  );
  const tokens = createSessionTokens(
    config.JWT_SECRET ?? loadOrCreateJwtSecret(config.DATA_DIR),
    () => new Date(),
  );
  const adminToken = await tokens.sign({ sessionId, userId: admin!.id }, expiresAt);

  const result = await seedDemoData(app, adminToken);
  await app.close();
  if (!result.created) {
    console.log('The demo data is already there; nothing was changed.');
  } else {
    console.log(`Seeded ${result.orders} demo orders. Customers (password ${DEMO_PASSWORD}):`);
    for (const email of result.customerEmails) console.log(`  ${email}`);
  }
} finally {
  await database.close();
}
