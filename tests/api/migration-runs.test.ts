import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './migrations-before';

/**
 * Migration 0026 on a database with orders on the road (docs/decisions/0024-runs-and-planning.md):
 * each in-transit order becomes a started run of one (its pickup done if it was picked up), and a
 * truck is busy exactly while it has a run not ended, so a truck carrying only a return is free.
 */
describe('migration 0026: orders on the road become runs', () => {
  const oldFolder = migrationsBefore('0026_runs');
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('makes a started run of each in-transit order and frees a truck that only carries a return', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: oldFolder });
    const [org, user] = [randomUUID(), randomUUID()];
    const [driverA, driverB, truckA, truckB] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const [onRoad, returning] = [randomUUID(), randomUUID()];
    await client.exec(`
      insert into organizations (id, name) values ('${org}', 'Atlas');
      insert into users (id, email, password_hash, role, user_type, organization_id, org_role)
        values ('${user}', 'atlas@atlas.test', 'x', 'USER', 'COMPANY', '${org}', 'owner');
      insert into users (id, role) values ('${driverA}', 'DRIVER'), ('${driverB}', 'DRIVER');
      insert into drivers (id, user_id, full_name, phone, national_id, license, license_expire) values
        ('${driverA}', '${driverA}', 'Hamid Tazi', '+212612345678', 'CIN1', 'LIC1', '2030-01-01'),
        ('${driverB}', '${driverB}', 'Said Idrissi', '+212612345679', 'CIN2', 'LIC2', '2030-01-01');
      insert into trucks (id, truck_number, truck_type, model, truck_year, capacity_kg, technical_date, status, driver_id) values
        ('${truckA}', '1-A-1', 'Van', 'Renault', 2020, 1000, '2026-06-01', 'ON_DELIVERY', '${driverA}'),
        ('${truckB}', '1-A-2', 'Van', 'Renault', 2020, 1000, '2026-06-01', 'ON_DELIVERY', '${driverB}');
      insert into orders (id, tracking_number, user_id, organization_id, status, pickup_loc,
        delivery_loc, pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm,
        width_cm, height_cm, price_centimes, distance_km, duration_minutes, truck_id, driver_id,
        exit_date, picked_up_at) values
        ('${onRoad}', 'MA-RUN1-0000', '${user}', '${org}', 'IN_TRANSIT', 'Casablanca', 'Rabat',
          33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 10000, 87, 90, '${truckA}', '${driverA}',
          '2026-11-20T09:00:00Z', '2026-11-20T09:30:00Z'),
        ('${returning}', 'MA-RUN2-0000', '${user}', '${org}', 'RETURNING', 'Casablanca', 'Rabat',
          33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 10000, 87, 90, '${truckB}', '${driverB}',
          '2026-11-20T09:00:00Z', null);
    `);

    await migrate(db, { migrationsFolder });

    const runs = await client.query<{
      truck_id: string;
      status: string;
      run_date: string;
      id: string;
    }>(`select id, truck_id, status::text, run_date::text from runs`);
    expect(runs.rows).toEqual([
      { id: expect.any(String), truck_id: truckA, status: 'started', run_date: '2026-11-20' },
    ]);
    const stops = await client.query<{ kind: string; outcome: string | null; position: number }>(
      `select kind, outcome, position from run_stops where order_id = '${onRoad}' order by position`,
    );
    expect(stops.rows).toEqual([
      { kind: 'pickup', outcome: 'done', position: 0 },
      { kind: 'delivery', outcome: null, position: 1 },
    ]);
    const orders = await client.query<{ id: string; run_id: string | null }>(
      `select id, run_id from orders order by tracking_number`,
    );
    expect(orders.rows).toEqual([
      { id: onRoad, run_id: runs.rows[0]!.id },
      { id: returning, run_id: null },
    ]);
    const trucks = await client.query<{ id: string; status: string }>(
      `select id, status::text from trucks order by truck_number`,
    );
    expect(trucks.rows).toEqual([
      { id: truckA, status: 'ON_DELIVERY' },
      { id: truckB, status: 'AVAILABLE' },
    ]);
  });
});
