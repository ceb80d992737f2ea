import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The borders between the server's features (docs/architecture.md, "The parts") are lint rules
 * (eslint.config.js): this proves they fail on a crossing and let a lawful import through.
 */

const eslint = new ESLint();

async function importErrors(filePath: string, from: string): Promise<string[]> {
  const code = `import { thing } from '${from}';\n\nexport const used = thing;\n`;
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
