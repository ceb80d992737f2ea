import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { flattenStrings, type StringTree } from '../../../src/shared/i18n/catalog-parity';

/**
 * What a translated screen must show (docs/decisions/0010-languages.md): the language's
 * direction, no raw key and no English sentence of the product's own words.
 */

const webStrings = path.resolve('src/web/i18n');

function readTree(file: string): StringTree {
  return JSON.parse(readFileSync(file, 'utf8')) as StringTree;
}

/** The translations of one language, by key, across every area. */
export function stringsOf(locale: 'en' | 'fr' | 'ar'): Map<string, string> {
  const strings = new Map<string, string>();
  for (const file of readdirSync(path.join(webStrings, locale))) {
    for (const [key, text] of flattenStrings(readTree(path.join(webStrings, locale, file)))) {
      strings.set(key, text);
    }
  }
  return strings;
}

/** One text by key, failing loudly when the key is not there. */
export function stringOf(strings: Map<string, string>, key: string): string {
  const text = strings.get(key);
  if (text === undefined) throw new Error(`No string ${key}`);
  return text;
}

export function apiMessagesOf(locale: 'en' | 'fr' | 'ar'): Record<string, string> {
  return JSON.parse(
    readFileSync(path.resolve(`src/shared/i18n/messages/${locale}.json`), 'utf8'),
  ) as Record<string, string>;
}

/** Words that are the same in every language: the brand, and units written the Latin way. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Atlas Freight', 'Atlas']);

/**
 * English phrases of the product, two words or more, cut at their placeholders and tags: any
 * of them on an Arabic screen is a string that escaped translation.
 */
function englishPhrases(): string[] {
  // A text all three languages write alike is a name (a person's, a company's), not English.
  const [fr, ar] = [stringsOf('fr'), stringsOf('ar')];
  const [frMessages, arMessages] = [apiMessagesOf('fr'), apiMessagesOf('ar')];
  const texts = [
    ...[...stringsOf('en')].filter(
      // People's names (testimonials, the team) are written in each script; customers' data
      // may carry the same names, so they are not phrases to look for.
      ([key, text]) => !key.endsWith('.name') && (fr.get(key) !== text || ar.get(key) !== text),
    ),
    ...Object.entries(apiMessagesOf('en')).filter(
      ([code, text]) => frMessages[code] !== text || arMessages[code] !== text,
    ),
  ].map(([, text]) => text);
  const phrases = new Set<string>();
  for (const text of texts) {
    for (const fragment of text.split(/\{\{[^}]*\}\}|<\/?\d+\/?>|[\n·|]/)) {
      const phrase = fragment.trim().replace(/[.:,;!?…]+$/, '');
      if (SAME_IN_EVERY_LANGUAGE.has(phrase)) continue;
      if (/^[A-Za-z][A-Za-z'’-]*(\s+[A-Za-z'’-]+)+$/.test(phrase) && phrase.length >= 7) {
        phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

let phrases: string[] | undefined;

/** Top-level key names: a raw key on screen starts with one of them and a dot. */
const rawKeyPattern = new RegExp(
  `\\b(${[...new Set([...stringsOf('en').keys()].map((key) => key.split('.')[0]))].join('|')})\\.[a-zA-Z]`,
);

/** What escaped translation on the page now: raw keys and English phrases. */
async function untranslatedOn(page: Page): Promise<string[]> {
  const text = `${await page.title()}\n${await page.locator('body').innerText()}`;
  phrases ??= englishPhrases();
  const rawKey = text.match(rawKeyPattern)?.[0];
  const english = phrases.filter((phrase) =>
    new RegExp(`(^|[^A-Za-z])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`).test(
      text,
    ),
  );
  return rawKey ? [`raw key ${rawKey}`, ...english] : english;
}

/**
 * The screen in `locale`: its direction, and neither a raw key nor an English phrase once its
 * data has loaded (polled, since a list shows "Loading..." in the screen's language first).
 */
export async function expectTranslatedScreen(page: Page, locale: 'ar' | 'fr', screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await expect
    .poll(() => untranslatedOn(page), { message: `untranslated on ${screen}` })
    .toEqual([]);
}

/** The desktop sidebar hugs the right edge in Arabic. */
export async function expectSidebarOnTheRight(page: Page) {
  const sidebar = page.locator('aside').first();
  await expect(sidebar).toBeVisible();
  const box = (await sidebar.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.round(box.x + box.width), 'sidebar right edge').toBeGreaterThanOrEqual(width - 1);
  expect(box.x, 'sidebar left edge').toBeGreaterThan(width / 2);
}

/** The same screen at 375 px must not scroll sideways; the desktop size comes back after. */
export async function expectNoSidewaysScrollOnAPhone(page: Page, screen: string) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `sideways scroll on ${screen} at 375 px` },
    )
    .toBeLessThanOrEqual(0);
  await page.setViewportSize(desktop);
}
