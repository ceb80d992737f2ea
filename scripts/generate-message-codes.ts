/**
 * Writes src/shared/i18n/message-codes.ts from the English catalogue (src/shared/i18n/messages/
 * en.json): every code with the names of its `{{placeholders}}`, so that TypeScript checks each
 * `badRequest('code', { param })` and `messageKey(…)` against the catalogue. Run it after adding
 * or changing a message: `npx tsx scripts/generate-message-codes.ts`
 * (tests/i18n/message-codes.test.ts fails while the file is stale).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { placeholdersOf } from '../src/shared/i18n/catalog-parity';

const root = path.resolve(import.meta.dirname, '..');
export const ENGLISH_CATALOGUE = path.join(root, 'src/shared/i18n/messages/en.json');
export const MESSAGE_CODES_FILE = path.join(root, 'src/shared/i18n/message-codes.ts');

/** The TypeScript text of message-codes.ts for this catalogue, as prettier writes it. */
export async function messageCodesSource(
  catalogue: Readonly<Record<string, string>>,
): Promise<string> {
  const entries = Object.entries(catalogue).map(([code, text]) => {
    const names = placeholdersOf(text);
    const type = names.length === 0 ? 'never' : names.map((name) => `'${name}'`).join(' | ');
    return `  '${code}': ${type};`;
  });
  const text = [
    '// Written by scripts/generate-message-codes.ts from messages/en.json: do not edit by hand.',
    '',
    '/** Every message code of the catalogue, with the names of its placeholders (never: none). */',
    'export interface MessagePlaceholders {',
    ...entries,
    '}',
    '',
  ].join('\n');
  const options = await resolveConfig(MESSAGE_CODES_FILE);
  return format(text, { ...options, filepath: MESSAGE_CODES_FILE });
}

export function readEnglishCatalogue(): Record<string, string> {
  return JSON.parse(readFileSync(ENGLISH_CATALOGUE, 'utf8')) as Record<string, string>;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  writeFileSync(MESSAGE_CODES_FILE, await messageCodesSource(readEnglishCatalogue()));
}
