import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './migrations-before';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/password-hashing';
import { readConfig } from '../../src/server/config';
import { createPgliteChannels } from '../../src/server/db/database-channels';
import * as schema from '../../src/server/db/schema';
import type { ZodApp } from '../../src/server/http/zod-app';
import type { NotificationList } from '../../src/shared/schemas/notification-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { bearer } from './factories';

/**
 * Migration 0005 on a database that already has accounts and notifications
 * (docs/decisions/0010-languages.md): every account reads as English, and a notification written
 * before keeps the English text it was written with, whatever language its reader picks later.
 */
const PASSWORD = 'Sahara@2026';
const OLD_TITLE = 'We received your order MA-OLD1-2345';
const OLD_BODY = 'Casablanca → Rabat. We will confirm it and assign a truck shortly.';

describe('migration 0005: account languages', () => {
  const oldFolder = migrationsBefore('0005_account_languages');
  const client = new PGlite();
  let app: ZodApp | undefined;
  afterAll(async () => {
    await app?.close();
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('gives existing accounts English and keeps the text of existing notifications', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: oldFolder });
    const passwordHash = await hashPassword(PASSWORD);
    await client.query(
      `insert into users (id, email, password_hash, role, user_type)
         values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a01', 'old@atlas.test', $1, 'USER', 'INDIVIDUAL')`,
      [passwordHash],
    );
    await client.exec(`
      insert into individual_profiles (user_id, full_name, national_id, phone, address)
        values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a01', 'Old Customer', 'OLD1', '0661234567', 'Rabat');
      insert into notifications (user_id, title, body)
        values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a01', '${OLD_TITLE}', '${OLD_BODY}');
    `);

    await migrate(db, { migrationsFolder });

    const users = await client.query<{ locale: string }>(`select locale from users`);
    expect(users.rows).toEqual([{ locale: 'en' }]);
    const notices = await client.query(`select kind, params, title, body from notifications`);
    expect(notices.rows).toEqual([{ kind: null, params: null, title: OLD_TITLE, body: OLD_BODY }]);

    // The database refuses a language the product does not have, and a notification with
    // neither facts nor text.
    await expect(client.exec(`update users set locale = 'xx'`)).rejects.toThrow(
      /users_locale_check/,
    );
    await expect(
      client.exec(
        `insert into notifications (user_id) values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a01')`,
      ),
    ).rejects.toThrow(/notifications_text_check/);

    // Through the API: the account is English, and its old notification keeps its words even
    // once the account has chosen French.
    app = await buildApp({
      config: readConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: '.tmp/test-data',
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
        PUBLIC_URL: 'http://atlas.test',
      }),
      db: drizzle({ client, schema }),
      channels: createPgliteChannels(client),
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'old@atlas.test', password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, user } = login.json() as { token: string; user: PublicUser };
    expect(user.locale).toBe('en');

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { locale: 'fr' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/dashboard/notifications',
      headers: bearer(token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as NotificationList).notifications).toMatchObject([
      { title: OLD_TITLE, body: OLD_BODY, orderId: null, trackingNumber: null },
    ]);
  });
});
