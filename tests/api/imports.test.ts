import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../src/server/db/schema';
import { IMPORT_COLUMNS } from '../../src/shared/import-columns';
import type {
  ImportConfirmation,
  ImportDetail,
  ImportSummary,
} from '../../src/shared/schemas/import-schemas';
import { MAX_IMPORT_ROWS } from '../../src/shared/schemas/import-schemas';
import { queryRows } from '../resilience/table-fingerprints';
import {
  bearer,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

/*
 * Spreadsheet imports (docs/decisions/0021-shippers-api.md, "Imports"): CSV and XLSX files read
 * and checked by the API's rules, row by row and column by column, nothing created until the
 * confirmation, which is made once whatever the number of calls.
 */

let testApp: TestApp;
let owner: LoggedIn;
let accountant: LoggedIn;
let stranger: LoggedIn;

const HEADER = IMPORT_COLUMNS.map((column) => column.name);

/** A row of the template's columns: a valid parcel unless told otherwise. */
function row(overrides: Record<string, string> = {}): string[] {
  const values: Record<string, string> = {
    receiver_name: 'Salma Idrissi',
    receiver_phone: '0612345678',
    receiver_address: '12 rue Ibn Battouta',
    receiver_city: 'Rabat',
    weight_kg: '2.5',
    length_cm: '30',
    width_cm: '20',
    height_cm: '15',
    cod_amount_mad: '350',
    ...overrides,
  };
  return HEADER.map((name) => values[name] ?? '');
}

const csvOf = (lines: string[][], separator = ',') =>
  lines
    .map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(separator))
    .join('\r\n');

function multipart(fileName: string, content: Buffer | string, field = 'file') {
  const boundary = '----atlas-import-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(who: LoggedIn, fileName: string, content: Buffer | string) {
  const { payload, headers } = multipart(fileName, content);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/imports',
    headers: { ...bearer(who.token), ...headers },
    payload,
  });
}

async function uploaded(fileName: string, content: Buffer | string): Promise<ImportSummary> {
  const response = await upload(owner, fileName, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportSummary;
}

const call = (
  who: LoggedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => testApp.app.inject({ method, url, headers: bearer(who.token), ...(payload && { payload }) });

async function confirm(id: string): Promise<ImportConfirmation> {
  const response = await call(owner, 'POST', `/api/dashboard/imports/${id}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportConfirmation;
}

const ordersOfImport = async (id: string) =>
  (
    await queryRows<{ count: number }>(
      testApp.database.db,
      sql`select count(*)::int as count from orders where import_id = ${id}`,
    )
  )[0]!.count;

async function workbookOf(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('parcels'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function memberOf(role: 'accountant' | 'staff'): Promise<LoggedIn> {
  const payload = individualPayload({ email: uniqueEmail(role) });
  const registered = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId: owner.user.organization!.id, orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, TEST_PASSWORD);
}

beforeAll(async () => {
  testApp = await buildTestApp({ runOutboxWorker: false });
  [owner, stranger] = await Promise.all([loginAs(testApp, 'company'), loginAs(testApp, 'company')]);
  accountant = await memberOf('accountant');
  await testApp.database.db
    .update(organizations)
    .set({ pickupCity: 'Casablanca', pickupAddress: '5 boulevard Zerktouni' })
    .where(eq(organizations.id, owner.user.organization!.id));
});
afterAll(async () => {
  await testApp.close();
});

describe('templates', () => {
  it('serves a CSV and an XLSX template whose example row is accepted as is', async () => {
    const csv = await call(owner, 'GET', '/api/dashboard/imports/template.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).toBe(HEADER.join(','));
    const xlsx = await call(owner, 'GET', '/api/dashboard/imports/template.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [parcels, cities] = workbook.worksheets;
    expect(parcels!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const citiesText = JSON.stringify(cities!.getSheetValues());
    expect(citiesText).toContain('Tangier');
    expect(citiesText).toContain('Tanger');
    expect(citiesText).toContain('طنجة');

    for (const [name, content] of [
      ['template.csv', csv.body],
      ['template.xlsx', xlsx.rawPayload],
    ] as const) {
      const summary = await uploaded(name, content);
      expect(summary, name).toMatchObject({ rows: 1, valid: 1, errors: [], status: 'checked' });
    }
  });
});

describe('checking a file', () => {
  it('reads a French CSV (BOM, semicolons, French headers, decimal commas) with errors per row and column', async () => {
    const frenchHeader = [
      'Nom destinataire',
      'Téléphone destinataire',
      'Adresse destinataire',
      'Ville destinataire',
      'Poids (kg)',
      'Longueur (cm)',
      'Largeur (cm)',
      'Hauteur (cm)',
      'Référence',
    ];
    const line = (city: string, phone = '0612345678', weight = '2,5', reference = '') => [
      'Youssef Alami',
      phone,
      '3 rue Atlas',
      city,
      weight,
      '30',
      '20',
      '15',
      reference,
    ];
    const text = `\uFEFF${csvOf(
      [
        frenchHeader,
        line('Fès', '0612345678', '2,5', 'FR-1'),
        line('طنجة'),
        line('Atlantis'),
        ['', '', '', '', '', '', '', '', ''],
        line('Rabat', '12'),
        line('Meknès', '0612345678', 'lourd', 'FR-1'),
      ],
      ';',
    )}\r\n`;
    const summary = await uploaded('commandes.csv', text);
    expect(summary).toMatchObject({ rows: 5, valid: 2, status: 'checked', created: null });
    expect(summary.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 4, field: 'receiver_city', code: 'order.city_not_listed' },
      { row: 6, field: 'receiver_phone', code: 'validation.phone_invalid' },
      { row: 7, field: 'weight_kg', code: 'order.weight_required' },
    ]);
    // The message is the request's language; row 7's repeated reference is found once its weight is fixed.
    const french = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/imports/${summary.id}`,
      headers: { ...bearer(owner.token), 'accept-language': 'fr' },
    });
    const detail = french.json() as ImportDetail;
    expect(detail.items.map((item) => item.row)).toEqual([2, 3, 4, 6, 7]);
    expect(detail.items[0]!.values).toMatchObject({ receiver_city: 'Fès', weight_kg: '2,5' });
    expect(detail.errors[0]!.message).toMatch(/ville|liste/i);
  });

  it('reads XLSX cell values only: formulas and dates refused, rich text and links as text, a phone kept as a number', async () => {
    const content = await workbookOf((sheet) => {
      sheet.addRow(HEADER);
      sheet.addRow(row({ reference: 'XL-1' }));
      const formulaRow = sheet.addRow(row({ reference: 'XL-2' }));
      formulaRow.getCell(HEADER.indexOf('receiver_city') + 1).value = {
        formula: 'HYPERLINK("http://evil.test","Rabat")',
        result: 'Rabat',
      };
      formulaRow.getCell(HEADER.indexOf('notes') + 1).value = { formula: '1+1', result: 2 };
      const richRow = sheet.addRow(row({ reference: 'XL-3' }));
      richRow.getCell(HEADER.indexOf('receiver_name') + 1).value = {
        richText: [{ text: 'Nadia ' }, { font: { bold: true }, text: 'Bennani' }],
      };
      richRow.getCell(HEADER.indexOf('receiver_email') + 1).value = {
        text: 'nadia@example.ma',
        hyperlink: 'mailto:nadia@example.ma',
      };
      richRow.getCell(HEADER.indexOf('receiver_phone') + 1).value = 612345678;
      const dateRow = sheet.addRow(row({ reference: 'XL-4' }));
      dateRow.getCell(HEADER.indexOf('description') + 1).value = new Date('2026-11-27');
    });
    const summary = await uploaded('orders.xlsx', content);
    expect(summary).toMatchObject({ rows: 4, valid: 2 });
    expect(summary.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 3, field: 'receiver_city', code: 'import.formula_not_accepted' },
      { row: 3, field: 'notes', code: 'import.formula_not_accepted' },
      { row: 5, field: 'description', code: 'import.date_not_accepted' },
    ]);
    const detail = (
      await call(owner, 'GET', `/api/dashboard/imports/${summary.id}`)
    ).json() as ImportDetail;
    const [, formula, rich] = detail.items;
    // Nothing of the formula cell was taken, not even its cached result.
    expect(formula!.values.receiver_city).toBeUndefined();
    expect(formula!.values.notes).toBeUndefined();
    expect(rich!.values).toMatchObject({
      receiver_name: 'Nadia Bennani',
      receiver_email: 'nadia@example.ma',
      receiver_phone: '0612345678',
    });
  });

  it.each([
    [
      'a PNG image',
      'photo.png',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'import.file_type',
    ],
    [
      'a zip that is no workbook',
      'archive.xlsx',
      Buffer.from('504b030414000000080000000000', 'hex'),
      'import.file_type',
    ],
    [
      'text that is not UTF-8',
      'latin1.csv',
      Buffer.from('nom;ville\nJos\xe9;F\xe8s\n', 'latin1'),
      'import.file_type',
    ],
    ['a header row alone', 'empty.csv', `${HEADER.join(',')}\r\n\r\n`, 'import.empty'],
  ])('refuses %s with a 400 and a clear message', async (_, name, content, code) => {
    const response = await upload(owner, name, content);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code });
    expect((response.json() as { message: string }).message.length).toBeGreaterThan(20);
  });

  it('refuses a workbook whose archive unpacks to far more than it weighs, before unpacking it', async () => {
    const workbook = await workbookOf((sheet) => sheet.addRow(HEADER));
    // The central directory's first entry declares 4 GB unpacked, as a zip bomb does.
    const entry = workbook.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(entry).toBeGreaterThan(0);
    workbook.writeUInt32LE(0xfffffff0, entry + 24);
    const response = await upload(owner, 'bomb.xlsx', workbook);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'import.file_too_large' });
  });

  it('refuses unknown columns naming them, in the reader language', async () => {
    const text = csvOf([
      [...HEADER, 'colour', 'gift_wrap'],
      [...row(), 'red', 'yes'],
    ]);
    const { payload, headers } = multipart('extra.csv', text);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/imports',
      headers: { ...bearer(owner.token), ...headers, 'accept-language': 'fr' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; message: string };
    expect(body.code).toBe('import.unknown_columns');
    expect(body.message).toContain('colour, gift_wrap');
    expect(body.message).toContain('Colonnes inconnues');
  });

  it('refuses a file over IMPORT_MAX_BYTES, a request without a file and more rows than allowed', async () => {
    const large = await upload(owner, 'large.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(large.statusCode, large.body).toBe(400);
    expect(large.json()).toMatchObject({ code: 'import.file_too_large' });

    const { payload, headers } = multipart('orders.csv', csvOf([HEADER, row()]), 'attachment');
    const noFile = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/imports',
      headers: { ...bearer(owner.token), ...headers },
      payload,
    });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'import.file_missing' });
    const json = await call(owner, 'POST', '/api/dashboard/imports', { file: 'orders.csv' });
    expect(json.statusCode, json.body).toBe(400);

    const tooMany = await upload(
      owner,
      'many.csv',
      csvOf([HEADER, ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => row())]),
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'import.too_many_rows' });
    const [{ count }] = await queryRows<{ count: number }>(
      testApp.database.db,
      sql`select count(*)::int as count from parcel_imports where file_name in ('large.csv', 'orders.csv', 'many.csv')`,
    );
    expect(count).toBe(0);
  });

  it('lets an accountant do nothing and another organization see nothing', async () => {
    const forbidden = await upload(accountant, 'orders.csv', csvOf([HEADER, row()]));
    expect(forbidden.statusCode, forbidden.body).toBe(403);
    const summary = await uploaded('mine.csv', csvOf([HEADER, row()]));
    for (const [method, url] of [
      ['GET', `/api/dashboard/imports/${summary.id}`],
      ['POST', `/api/dashboard/imports/${summary.id}/confirm`],
      ['DELETE', `/api/dashboard/imports/${summary.id}/rows/2`],
      ['GET', `/api/dashboard/imports/${summary.id}/tracking-numbers.csv`],
      ['GET', '/api/dashboard/imports/not-an-id'],
    ] as const) {
      const response = await call(stranger, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await ordersOfImport(summary.id)).toBe(0);
  });
});

describe('fixing and confirming', () => {
  it('fixes a row, drops another, creates only the valid rows once, and lists their tracking numbers', async () => {
    const summary = await uploaded(
      'fix.csv',
      csvOf([
        HEADER,
        row({ reference: 'FIX-1' }),
        row({ reference: 'FIX-2', receiver_phone: 'call me' }),
        row({ reference: 'FIX-3', receiver_city: 'Nowhere' }),
        row({ reference: 'FIX-4', receiver_city: 'الدار البيضاء', weight_kg: '0' }),
      ]),
    );
    expect(summary).toMatchObject({ rows: 4, valid: 1 });

    const fixed = await call(owner, 'PATCH', `/api/dashboard/imports/${summary.id}/rows/3`, {
      values: { receiver_phone: '+212612345678' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ valid: 2 });
    const unknown = await call(owner, 'PATCH', `/api/dashboard/imports/${summary.id}/rows/3`, {
      values: { colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    const dropped = await call(owner, 'DELETE', `/api/dashboard/imports/${summary.id}/rows/4`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ rows: 3, valid: 2 });
    expect(await ordersOfImport(summary.id)).toBe(0);

    const first = await confirm(summary.id);
    expect(first).toMatchObject({ status: 'confirmed', created: 2 });
    expect(first.trackingNumbers).toHaveLength(2);
    expect(first.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 5, field: 'weight_kg' },
    ]);
    const second = await confirm(summary.id);
    expect(second).toEqual(first);
    expect(await ordersOfImport(summary.id)).toBe(2);

    const orders = await queryRows<{ reference: string; user_id: string; delivery_loc: string }>(
      testApp.database.db,
      sql`select reference, user_id, delivery_loc from orders where import_id = ${summary.id} order by reference`,
    );
    expect(orders).toEqual([
      { reference: 'FIX-1', user_id: owner.user.id, delivery_loc: 'Rabat' },
      { reference: 'FIX-2', user_id: owner.user.id, delivery_loc: 'Rabat' },
    ]);

    const detail = (
      await call(owner, 'GET', `/api/dashboard/imports/${summary.id}`)
    ).json() as ImportDetail;
    expect(
      detail.items.filter((item) => item.trackingNumber).map((item) => item.trackingNumber),
    ).toEqual(first.trackingNumbers);
    const late = await call(owner, 'PATCH', `/api/dashboard/imports/${summary.id}/rows/5`, {
      values: { weight_kg: '3' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'import.already_confirmed' });
    expect(
      (await call(owner, 'DELETE', `/api/dashboard/imports/${summary.id}/rows/5`)).statusCode,
    ).toBe(409);

    const csv = await call(
      owner,
      'GET',
      `/api/dashboard/imports/${summary.id}/tracking-numbers.csv`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Row,Reference,Tracking number,Receiver,City,Price (MAD),Amount to collect (MAD)',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      ['2', 'FIX-1', first.trackingNumbers[0]],
      ['3', 'FIX-2', first.trackingNumbers[1]],
    ]);
  });

  it('refuses at confirmation a row whose reference was taken since the upload', async () => {
    const lines = (reference: string, other: string) =>
      csvOf([HEADER, row({ reference }), row({ reference: other })]);
    const early = await uploaded('early.csv', lines('TAKEN-1', 'EARLY-2'));
    const late = await uploaded('late.csv', lines('TAKEN-1', 'LATE-2'));
    expect(late.valid).toBe(2);
    await confirm(early.id);
    const result = await confirm(late.id);
    expect(result.created).toBe(1);
    expect(result.errors).toMatchObject([
      { row: 2, field: 'reference', code: 'parcel.reference_taken' },
    ]);
    expect(await ordersOfImport(late.id)).toBe(1);
  });

  it('creates the orders once when two confirmations arrive together', async () => {
    const summary = await uploaded('twice.csv', csvOf([HEADER, row(), row(), row()]));
    const [a, b] = await Promise.all([
      call(owner, 'POST', `/api/dashboard/imports/${summary.id}/confirm`),
      call(owner, 'POST', `/api/dashboard/imports/${summary.id}/confirm`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect((a.json() as ImportConfirmation).created).toBe(3);
    expect(await ordersOfImport(summary.id)).toBe(3);
  });

  it('places no row twice when a confirmation that died after placing is tried again', async () => {
    const summary = await uploaded('retried.csv', csvOf([HEADER, row(), row(), row()]));
    const first = await confirm(summary.id);
    expect(first.created).toBe(3);
    // As a process that died between placing the orders and marking the import would leave it.
    await testApp.database.db.execute(
      sql`update parcel_imports set status = 'checked', confirmed_at = null, created_count = null
        where id = ${summary.id}`,
    );
    const again = await confirm(summary.id);
    expect(again.created).toBe(3);
    expect(await ordersOfImport(summary.id)).toBe(3);
    expect(again.trackingNumbers).toEqual(first.trackingNumbers);
  });

  it(`accepts and confirms a file of ${MAX_IMPORT_ROWS} rows`, async () => {
    // PGlite places each order in one process with the test itself; a full file takes minutes
    // there, so PGlite runs a tenth of it (the full file runs on PostgreSQL and in npm run bench).
    const count = usesPostgres() ? MAX_IMPORT_ROWS : MAX_IMPORT_ROWS / 10;
    const content = await workbookOf((sheet) => {
      sheet.addRow(HEADER);
      for (let index = 0; index < count; index += 1)
        sheet.addRow(row({ reference: `BIG-${index}` }));
    });
    let started = performance.now();
    const summary = await uploaded('big.xlsx', content);
    const checkedMs = performance.now() - started;
    expect(summary).toMatchObject({ rows: count, valid: count, errors: [] });
    started = performance.now();
    const result = await confirm(summary.id);
    const confirmedMs = performance.now() - started;
    expect(result.created).toBe(count);
    expect(await ordersOfImport(summary.id)).toBe(count);
    console.log(
      `${count} rows: checked in ${Math.round(checkedMs)} ms, confirmed in ${Math.round(confirmedMs)} ms`,
    );
  }, 300_000);
});
