import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './migrations-before';

/**
 * Migration 0004 on a database that already has drivers (docs/decisions/0009-drivers.md,
 * "Accounts"): each one gets a DRIVER account, phones are read as E.164, and a phone two drivers
 * share stays with the earliest of them.
 */
describe('migration 0004: drivers become users', () => {
  const oldFolder = migrationsBefore('0004_drivers_cash_positions');
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('gives every existing driver a DRIVER account and an E.164 phone, the earliest keeping a shared one', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`
      insert into users (email, password_hash, role, user_type)
        values ('boss@atlas.test', 'x', 'ADMIN', null);
      insert into drivers (full_name, phone, national_id, license, license_expire, created_at) values
        ('Hamid Tazi', '0612 34 56 78', 'CIN1', 'LIC1', '2030-01-01', '2026-01-01T08:00:00Z'),
        ('Rachid Alami', '+212612345678', 'CIN2', 'LIC2', '2030-01-01', '2026-02-01T08:00:00Z'),
        ('Said Idrissi', '00212 700-112233', 'CIN3', 'LIC3', '2030-01-01', '2026-03-01T08:00:00Z'),
        ('Nadia Berrada', 'call the depot', 'CIN4', 'LIC4', '2030-01-01', '2026-04-01T08:00:00Z');
    `);

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{
      full_name: string;
      phone_e164: string | null;
      role: string;
      email: string | null;
      password_hash: string | null;
    }>(`
      select d.full_name, d.phone_e164, u.role, u.email, u.password_hash
      from drivers d join users u on u.id = d.user_id
      order by d.created_at
    `);
    expect(rows.map((row) => [row.full_name, row.phone_e164])).toEqual([
      ['Hamid Tazi', '+212612345678'],
      ['Rachid Alami', null],
      ['Said Idrissi', '+212700112233'],
      ['Nadia Berrada', null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ role: 'DRIVER', email: null, password_hash: null });
    }
    const admins = await client.query<{ role: string }>(
      `select role from users where email = 'boss@atlas.test'`,
    );
    expect(admins.rows).toEqual([{ role: 'ADMIN' }]);
  });
});
