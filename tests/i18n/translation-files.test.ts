import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareCatalogs,
  flattenStrings,
  type StringTree,
} from '../../src/shared/i18n/catalog-parity';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '../../src/shared/audit-actions';
import { LOCALES } from '../../src/shared/i18n/locales';

const root = path.resolve(__dirname, '../..');
const translations = LOCALES.filter((locale) => locale !== 'en');

/** Every set of translation files: the web's per area, the API's messages, the mails and SMS. */
const catalogs: { name: string; fileOf(locale: string): string }[] = [
  ...readdirSync(path.join(root, 'src/web/i18n/en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      name: `web ${file}`,
      fileOf: (locale: string) => path.join(root, 'src/web/i18n', locale, file),
    })),
  {
    name: 'API messages',
    fileOf: (locale) => path.join(root, 'src/shared/i18n/messages', `${locale}.json`),
  },
  {
    name: 'mail, SMS and notification texts',
    fileOf: (locale) => path.join(root, 'src/server/messages/texts', `${locale}.json`),
  },
];

const read = (file: string) => flattenStrings(JSON.parse(readFileSync(file, 'utf8')) as StringTree);

describe('translation files', () => {
  for (const catalog of catalogs) {
    const english = catalog.fileOf('en');
    it(`${catalog.name}: English exists and has no empty text`, () => {
      expect(existsSync(english), english).toBe(true);
      const empty = [...read(english)].filter(([, text]) => !text.trim()).map(([key]) => key);
      expect(empty).toEqual([]);
    });
    for (const locale of translations) {
      it(`${catalog.name}: ${locale} has the keys and placeholders of English`, () => {
        const file = catalog.fileOf(locale);
        expect(existsSync(file), file).toBe(true);
        expect(compareCatalogs(read(english), read(file))).toEqual([]);
      });
    }
  }

  it('no language has a web file English lacks', () => {
    const englishFiles = readdirSync(path.join(root, 'src/web/i18n/en')).sort();
    for (const locale of translations) {
      expect(readdirSync(path.join(root, 'src/web/i18n', locale)).sort()).toEqual(englishFiles);
    }
  });

  it('the audit trail names every action and record type (English; the others follow it)', () => {
    const admin = read(path.join(root, 'src/web/i18n/en/admin.json'));
    const missing = [
      ...AUDIT_ACTIONS.map((action) => `admin.audit.actions.${action}`),
      ...AUDIT_RECORD_TYPES.map((type) => `admin.audit.recordTypes.${type}`),
    ].filter((key) => !admin.has(key));
    expect(missing).toEqual([]);
  });
});
