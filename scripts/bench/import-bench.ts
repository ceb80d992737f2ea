/**
 * `npx tsx scripts/bench/import-bench.ts` (also the end of `npm run bench`): a 5 000-row XLSX
 * import on PostgreSQL (docs/decisions/0021-shippers-api.md, "Imports"), through the real routes:
 * the upload (read and every row checked; target under 5 s), then the confirmation (5 000 orders
 * placed through the lifecycle; target under 15 s).
 *
 *   BENCH_DATABASE_URL  PostgreSQL server for the scratch database
 *                       (postgres://postgres@127.0.0.1:5432/postgres)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open-database';
import { IMPORT_COLUMNS } from '../../src/shared/import-columns';
import { MAX_IMPORT_ROWS } from '../../src/shared/schemas/import-schemas';
import { connectToBenchServer, createScratchDatabase } from './bench-database';

const TARGETS = { checkMs: 5_000, confirmMs: 15_000 };
const PASSWORD = 'Sahara@Dunes26';

async function buildFile(rows: number): Promise<Buffer> {
  const values: Record<string, string | number> = {
    receiver_name: 'Salma Idrissi',
    receiver_phone: '0612345678',
    receiver_address: '12 rue Ibn Battouta',
    weight_kg: 2.5,
    length_cm: 30,
    width_cm: 20,
    height_cm: 15,
    cod_amount_mad: 350,
  };
  const cities = ['Rabat', 'Fès', 'طنجة', 'Marrakech', 'Agadir'];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('parcels');
  sheet.addRow(IMPORT_COLUMNS.map((column) => column.name));
  for (let index = 0; index < rows; index += 1) {
    const row: Record<string, string | number> = {
      ...values,
      reference: `BENCH-${index}`,
      receiver_city: cities[index % cities.length]!,
    };
    sheet.addRow(IMPORT_COLUMNS.map((column) => row[column.name] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(content: Buffer) {
  const boundary = '----atlas-import-bench';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function main() {
  const server = await connectToBenchServer();
  const scratch = await createScratchDatabase(server);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  const config = readConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/bench-data',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://atlas.test',
  });
  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    channels: database.channels,
    runOutboxWorker: false,
  });
  try {
    await app.ready();
    const email = `bench-${Date.now()}@atlas.test`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: PASSWORD,
        userType: 'Company',
        company: {
          companyName: 'Bench SARL',
          rc: 'RC-CAS-1',
          nIf: 'IF-1',
          responsableName: 'Youssef Amrani',
          phone: '+212661234567',
          address: '12 Avenue Hassan II, Casablanca',
        },
      },
    });
    if (registered.statusCode !== 201) throw new Error(registered.body);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    const { token } = signedIn.json() as { token: string };
    await database.db.execute(
      sql`update organizations set pickup_city = 'Casablanca', pickup_address = 'Zerktouni'`,
    );
    const authorization = { authorization: `Bearer ${token}` };

    const { headers, payload } = multipart(await buildFile(MAX_IMPORT_ROWS));
    let started = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/dashboard/imports',
      headers: { ...authorization, ...headers },
      payload,
    });
    const checkMs = performance.now() - started;
    if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
    const { id, valid } = uploaded.json() as { id: string; valid: number };

    started = performance.now();
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/dashboard/imports/${id}/confirm`,
      headers: authorization,
    });
    const confirmMs = performance.now() - started;
    if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
    const { created } = confirmed.json() as { created: number };

    console.table([
      {
        Step: `check ${MAX_IMPORT_ROWS} rows (XLSX)`,
        'Time (ms)': Math.round(checkMs),
        'Target (ms)': TARGETS.checkMs,
        Result: `${valid} valid`,
      },
      {
        Step: `confirm ${valid} rows`,
        'Time (ms)': Math.round(confirmMs),
        'Target (ms)': TARGETS.confirmMs,
        Result: `${created} orders`,
      },
    ]);
    if (checkMs > TARGETS.checkMs || confirmMs > TARGETS.confirmMs) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
    await server.end();
  }
}

await main();
