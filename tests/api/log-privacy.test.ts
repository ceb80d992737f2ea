/**
 * A failed query must not carry personal data into the log (docs/decisions/0011-hardening.md,
 * "Logs"): Drizzle's message lists the query's parameters and PostgreSQL's `detail` quotes the
 * refused row, so a logged database error keeps only its SQLSTATE, constraint and table.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { individualPayload, TEST_PASSWORD, uniqueEmail } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

interface LogLine {
  msg?: string;
  err?: Record<string, unknown> & { cause?: Record<string, unknown> };
}

let testApp: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await buildTestApp({
    // The time-out test's locked insert is cancelled after 3 s rather than the tests' usual 30.
    env: { LOG_LEVEL: 'info', DB_STATEMENT_TIMEOUT_MS: '3000' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  // Rules of this test's own database that refuse one account and one national ID, as a
  // constraint the code did not expect would: the insert fails and the request answers 500.
  await testApp.database.db.execute(
    sql.raw(
      `ALTER TABLE users ADD CONSTRAINT log_privacy_refused_email CHECK (email <> 'refused-probe@example.ma')`,
    ),
  );
  await testApp.database.db.execute(
    sql.raw(
      `ALTER TABLE individual_profiles ADD CONSTRAINT log_privacy_refused_national_id CHECK (national_id <> 'ZX998877')`,
    ),
  );
});
afterAll(() => testApp.close());
beforeEach(() => {
  logLines.length = 0;
});

const register = (payload: ReturnType<typeof individualPayload>) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload });

/** The logged error of the failed request. */
function failureLogged(message: string): NonNullable<LogLine['err']> {
  const line = logLines.map((text) => JSON.parse(text) as LogLine).find((l) => l.msg === message);
  expect(line?.err, logLines.join('')).toBeDefined();
  return line!.err!;
}

/** Every string in a logged error and what it wraps. */
function databaseFaultOf(err: NonNullable<LogLine['err']>): Record<string, unknown> {
  let current: Record<string, unknown> | undefined = err;
  while (current && current.type !== 'DatabaseError') {
    current = current.cause as Record<string, unknown> | undefined;
  }
  expect(current, JSON.stringify(err)).toBeDefined();
  return current!;
}

describe('a refused insert in the log', () => {
  it('names the constraint and the SQLSTATE, never the row, the email or the password hash', async () => {
    const payload = individualPayload({
      email: 'refused-probe@example.ma',
      nationalId: 'QQ445566',
      phone: '0677001122',
    });
    const response = await register(payload);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again.',
    });

    const err = failureLogged('request failed');
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.query).toContain('insert into "users"');
    expect(databaseFaultOf(err)).toMatchObject({
      code: '23514',
      constraint: 'log_privacy_refused_email',
      table: 'users',
    });
    const log = logLines.join('');
    for (const secret of ['refused-probe', 'QQ445566', '0677001122', '$argon2', TEST_PASSWORD]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/Failing row|params:/);
  });

  it('keeps the national ID and the phone number of a refused profile out', async () => {
    const payload = individualPayload({
      email: uniqueEmail('privacy'),
      nationalId: 'ZX998877',
      phone: '0699887766',
    });
    const response = await register(payload);
    expect(response.statusCode).toBe(500);

    const err = failureLogged('request failed');
    expect(databaseFaultOf(err)).toMatchObject({
      code: '23514',
      constraint: 'log_privacy_refused_national_id',
      table: 'individual_profiles',
    });
    const log = logLines.join('');
    for (const secret of ['ZX998877', '0699887766', payload.email, '$argon2']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/Failing row|params:/);
  });
});

describe.skipIf(!usesPostgres())('a statement cancelled by its time-out in the log', () => {
  it('is logged with SQLSTATE 57014 and answered 503, without the values it carried', async () => {
    const direct = new pg.Client({ connectionString: testApp.databaseUrl });
    await direct.connect();
    const payload = individualPayload({
      email: uniqueEmail('slow'),
      nationalId: 'KT334455',
      phone: '0655443322',
    });
    try {
      await direct.query('BEGIN');
      await direct.query('LOCK TABLE individual_profiles IN ACCESS EXCLUSIVE MODE');
      const response = await register(payload);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await direct.query('ROLLBACK');
      await direct.end();
    }
    expect(databaseFaultOf(failureLogged('database unavailable')).code).toBe('57014');
    const log = logLines.join('');
    for (const secret of ['KT334455', '0655443322', payload.email, '$argon2']) {
      expect(log).not.toContain(secret);
    }
  });
});
