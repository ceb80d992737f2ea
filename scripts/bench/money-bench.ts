/**
 * `npm run bench:money` (also the end of `npm run bench`): the merchants' money at scale, on
 * PostgreSQL (docs/decisions/0020-merchant-money.md).
 *
 * - An organization's balance, read through the merchant's service, with 1 000 and then
 *   1 000 000 ledger rows in the database: it is one row of kept totals, so it stays flat.
 * - A payout batch over 1 000 organizations holding 100 000 payable rows, built through the
 *   office's service (target: under 10 s).
 *
 * The 500-line statement PDF is measured by scripts/bench/statement-pdf.ts.
 *
 *   BENCH_DATABASE_URL  PostgreSQL server for the scratch database
 *                       (postgres://postgres@127.0.0.1:5432/postgres)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ribCheckKey } from '../../src/shared/moroccan-identifiers';
import type { AuthContext } from '../../src/server/auth/auth-service';
import { openDatabase, type OpenDatabase } from '../../src/server/db/open-database';
import { createMerchantMoneyService } from '../../src/server/ledger/merchant-money-service';
import { createMessagesService } from '../../src/server/messages/messages-service';
import { createNotificationsService } from '../../src/server/notifications/notifications-service';
import { createPayoutsService } from '../../src/server/payouts/payouts-service';
import { createSettingsService } from '../../src/server/settings/settings-service';
import { connectToBenchServer, createScratchDatabase } from './bench-database';

const ORGANIZATIONS = 1_000;
const BALANCE_SCALES = [1_000, 1_000_000];
const BALANCE_READS = 2_000;
const PAYABLE_ROWS = 100_000;
const TARGETS = { payoutBatchMs: 10_000 };

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const first22 = '0115190000012050005349';
const VALID_RIB = first22 + ribCheckKey(first22);

async function run(database: OpenDatabase, statements: string[]) {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/** Organizations 1…N (ids derived from their number) with an owner and a valid RIB. */
async function seedOrganizations(database: OpenDatabase) {
  await run(database, [
    `create function pg_temp.org_uuid(n int) returns uuid language sql immutable
      as $$ select (lpad(to_hex(n), 8, '0') || '-0000-4000-8000-000000000000')::uuid $$`,
    `insert into users (id, email, password_hash, role) values
      ('${ADMIN_ID}', 'admin@bench.ma', 'not-a-hash', 'ADMIN')`,
    `insert into organizations (id, name, rib, rib_holder)
      select pg_temp.org_uuid(i), 'Merchant ' || i, '${VALID_RIB}', 'Holder ' || i
      from generate_series(1, ${ORGANIZATIONS}) as i`,
  ]);
}

/**
 * Ledger rows `from`…`to − 1`, spread over the organizations, with running balances and the kept
 * totals. `payable` rows get their (released) open items; the others stand for history that
 * earlier batches took (no open item, counted in payout). In SQL: a million rows take seconds.
 */
async function seedLedgerRows(database: OpenDatabase, from: number, to: number, payable: boolean) {
  const rows = `insert into merchant_ledger_entries (organization_id, type, amount_centimes,
        balance_after_centimes, created_at)
      select pg_temp.org_uuid(1 + i % ${ORGANIZATIONS}), 'adjustment', 100,
        100 * (1 + i / ${ORGANIZATIONS}), now() - interval '1 year' + i * interval '1 second'
      from generate_series(${from}, ${to - 1}) as i
      returning id, organization_id, amount_centimes`;
  await run(database, [
    payable
      ? `with new_rows as (${rows})
         insert into ledger_open_items (entry_id, organization_id, amount_centimes, released)
         select id, organization_id, amount_centimes, true from new_rows`
      : rows,
    `insert into organization_balances as b (organization_id, balance_centimes,
        adjustments_centimes, entry_count)
      select organization_id, sum(amount_centimes), sum(amount_centimes), count(*)
      from merchant_ledger_entries group by organization_id
      on conflict (organization_id) do update set
        balance_centimes = excluded.balance_centimes,
        adjustments_centimes = excluded.adjustments_centimes,
        entry_count = excluded.entry_count`,
    `update organization_balances b set payable_centimes = coalesce(
        (select sum(amount_centimes) from ledger_open_items o
          where o.organization_id = b.organization_id), 0),
        in_payout_centimes = b.balance_centimes - coalesce(
        (select sum(amount_centimes) from ledger_open_items o
          where o.organization_id = b.organization_id), 0)`,
    `analyze`,
  ]);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function measureBalanceReads(database: OpenDatabase) {
  const settings = createSettingsService({
    db: database.db,
    clock: () => new Date(),
    log: pino({ level: 'warn' }),
  });
  const service = createMerchantMoneyService({ db: database.db, settings });
  const owner: AuthContext = {
    userId: '00000001-0000-4000-8000-000000000000',
    sessionId: 'bench',
    email: 'owner1@bench.ma',
    role: 'USER',
    userType: 'COMPANY',
    driverId: null,
    secondFactor: false,
    organizationId: '00000001-0000-4000-8000-000000000000',
    orgRole: 'owner',
  };
  for (let i = 0; i < 100; i += 1) await service.readBalance(owner);
  const times: number[] = [];
  for (let i = 0; i < BALANCE_READS; i += 1) {
    const start = performance.now();
    await service.readBalance(owner);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}

async function measurePayoutBatch(database: OpenDatabase) {
  const log = pino({ level: 'warn' });
  const service = createPayoutsService({
    db: database.db,
    log,
    clock: () => new Date(),
    messagesService: createMessagesService({ db: database.db }),
    notificationsService: createNotificationsService({
      db: database.db,
      messagesService: createMessagesService({ db: database.db }),
      clock: () => new Date(),
    }),
  });
  const start = performance.now();
  const result = await service.createBatch(
    {},
    { userId: ADMIN_ID, role: 'ADMIN', ip: '127.0.0.1' },
  );
  return { ms: performance.now() - start, organizations: result.included.length };
}

const server = await connectToBenchServer();
const scratch = await createScratchDatabase(server);
// Seeding a million rows takes longer than the app's statement timeout allows a request.
const database = await openDatabase(
  { kind: 'postgres', url: scratch.url },
  { connectTimeoutMs: 10_000, statementTimeoutMs: 600_000 },
);
const failures: string[] = [];
try {
  await seedOrganizations(database);
  const balances: Array<{ rows: number; p50Ms: number; p99Ms: number }> = [];
  let seeded = 0;
  for (const rows of BALANCE_SCALES) {
    await seedLedgerRows(database, seeded, rows, false);
    seeded = rows;
    const figures = await measureBalanceReads(database);
    balances.push({ rows, ...figures });
    console.log(
      `balance read at ${rows.toLocaleString('en')} ledger rows: p50 ${figures.p50Ms.toFixed(2)} ms, p99 ${figures.p99Ms.toFixed(2)} ms`,
    );
  }
  const [small, large] = balances;
  const growth = large!.p50Ms / small!.p50Ms;
  console.log(`balance p50 from 1 000 to 1 000 000 rows: ×${growth.toFixed(2)} (flat: ≤ ×1.5)`);
  if (growth > 1.5) failures.push(`balance read grew ×${growth.toFixed(2)}`);

  // 100 000 payable rows on top of the million, spread over every organization.
  await seedLedgerRows(database, seeded, seeded + PAYABLE_ROWS, true);
  const batch = await measurePayoutBatch(database);
  console.log(
    `payout batch: ${batch.organizations} organizations, ${PAYABLE_ROWS.toLocaleString('en')} rows in ${Math.round(batch.ms)} ms (target < ${TARGETS.payoutBatchMs} ms)`,
  );
  if (batch.ms > TARGETS.payoutBatchMs) failures.push('payout batch too slow');
} finally {
  await database.close();
  await scratch.drop();
  await server.end();
}
if (failures.length > 0) {
  console.log(`Targets missed: ${failures.join('; ')}`);
  process.exitCode = 1;
} else console.log('Every money target met.');
