import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/shared/audit-actions';
import { WEBHOOK_EVENTS } from '../../src/shared/shippers-api';
import { placeholdersOf } from '../../src/shared/i18n/catalog-parity';
import { LOCALES } from '../../src/shared/i18n/locales';
import {
  MESSAGE_CODES_FILE,
  messageCodesSource,
  readEnglishCatalogue,
} from '../../scripts/generate-message-codes';

/*
 * Messages are thrown and written by code (src/shared/i18n/message-key.ts); TypeScript checks
 * every code and its placeholders against message-codes.ts, written from the English catalogue.
 * These tests hold the rest: the file is current, the three catalogues agree, and the codes the
 * code writes as plain strings are in them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const english = readEnglishCatalogue();
const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(
      readFileSync(path.join(root, 'src/shared/i18n/messages', `${locale}.json`), 'utf8'),
    ) as Record<string, string>,
  ]),
);

const PLACEHOLDER_KIND = /\{\{\s*\w+\s*,\s*(\w+)\s*\}\}/g;
const FIGURE_KINDS = new Set(['number', 'money']);

/** Every TypeScript file below a folder, tests aside. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the message catalogue', () => {
  it('has its codes and placeholders for TypeScript in message-codes.ts', async () => {
    const written = readFileSync(MESSAGE_CODES_FILE, 'utf8');
    // Stale: run `npx tsx scripts/generate-message-codes.ts`.
    expect(written).toBe(await messageCodesSource(english));
  });

  it.each(LOCALES)('%s has every code with the placeholders of English', (locale) => {
    const catalogue = catalogues[locale]!;
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [code, text] of Object.entries(english)) {
      expect(placeholdersOf(catalogue[code] ?? ''), `${locale} ${code}`).toEqual(
        placeholdersOf(text),
      );
    }
  });

  it.each(LOCALES)('%s writes each placeholder as a known kind', (locale) => {
    for (const [code, text] of Object.entries(catalogues[locale]!)) {
      for (const [, kind] of text.matchAll(PLACEHOLDER_KIND)) {
        const known =
          FIGURE_KINDS.has(kind!) ||
          Object.keys(english).some((key) => key.startsWith(`value.${kind}.`));
        expect(known, `${locale} ${code}: {{…, ${kind}}}`).toBe(true);
      }
    }
  });

  it('has every code the server and the shared rules write as a string', () => {
    const namespaces = new Set(
      Object.keys(english).flatMap((code) => (code.includes('.') ? [code.split('.')[0]] : [])),
    );
    const quotedCode = /'([a-z_]+)\.([a-z0-9_.]+)(?:\?[^']*)?'/g;
    // The audit trail's action names (src/shared/audit-actions.ts) and the webhook events
    // (src/shared/shippers-api.ts) are dotted too, not messages.
    const actionNames = new Set<string>([...AUDIT_ACTIONS, ...WEBHOOK_EVENTS]);
    const unknown: string[] = [];
    let seen = 0;
    for (const folder of ['src/server', 'src/shared']) {
      // The mail, SMS and notification texts have catalogues of their own (messageText's keys).
      const files = sourceFiles(path.join(root, folder)).filter(
        (file) => !/src\/server\/messages\/[\w-]+-text\.ts$/.test(file),
      );
      for (const file of files) {
        for (const [, namespace, rest] of readFileSync(file, 'utf8').matchAll(quotedCode)) {
          if (!namespaces.has(namespace!)) continue;
          seen += 1;
          const code = `${namespace}.${rest}`;
          if (actionNames.has(code)) continue;
          if (!Object.hasOwn(english, code)) unknown.push(`${path.relative(root, file)}: ${code}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});
