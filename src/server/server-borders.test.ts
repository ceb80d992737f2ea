import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The borders between the server's features (docs/architecture.md, "The parts") are lint rules
 * (eslint.config.js): this proves they fail on a crossing and let a lawful import through.
 */

const eslint = new ESLint();

// Loading the configuration and its plugins takes seconds on a busy machine: once, up front.
beforeAll(() => eslint.calculateConfigForFile('src/server/app.ts'), 60_000);

async function importErrors(
  filePath: string,
  from: string,
  imported = '{ thing }',
): Promise<string[]> {
  const code = `import ${imported} from '${from}';\n\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe("a feature's queries", () => {
  it.each([
    ['src/server/fleet/fleet-service.ts', '../orders/orders-queries'],
    ['src/server/fleet/fleet-queries.ts', '../auth/auth-queries'],
    ['src/server/app.ts', './users/session-queries'],
    ['src/server/orders/nested/x.ts', '../../admin/payments-queries.ts'],
    ['src/server/orders/nested/x.ts', '../order-page-queries'],
  ])('may not be imported from another folder (%s importing %s)', async (file, from) => {
    expect(await importErrors(file, from)).toEqual([
      expect.stringContaining("A feature's queries are its own"),
    ]);
  });

  it.each([
    ['src/server/orders/orders-service.ts', './orders-queries'],
    ['src/server/admin/admin-service.ts', '../orders/order-reads'],
    ['src/server/auth/auth-service.ts', '../users/accounts-service'],
    ['src/server/admin/payments-queries.ts', '../db/searched-page'],
  ])('leave the entries and the same folder open (%s importing %s)', async (file, from) => {
    expect(await importErrors(file, from)).toEqual([]);
  });
});

describe('SQL', () => {
  it.each([
    ['src/server/fleet/fleet-service.ts', 'drizzle-orm'],
    ['src/server/http/idempotency.ts', 'drizzle-orm/pg-core'],
    ['src/server/events/order-event-notice.ts', '../db/schema'],
  ])('is not written outside *-queries files (%s importing %s)', async (file, from) => {
    expect(await importErrors(file, from)).toEqual([
      expect.stringContaining('SQL belongs in a *-queries.ts file'),
    ]);
  });

  it.each([
    ['src/server/fleet/fleet-queries.ts', 'drizzle-orm', '{ thing }'],
    ['src/server/db/list-total.ts', './schema', '{ thing }'],
    ['src/server/fleet/fleet-service.ts', '../db/schema', 'type { thing }'],
    ['src/server/http/log-redaction.ts', 'drizzle-orm/errors', '{ thing }'],
  ])('is written in *-queries files and db/ (%s importing %s)', async (file, from, imported) => {
    expect(await importErrors(file, from, imported)).toEqual([]);
  });
});
