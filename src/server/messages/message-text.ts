import { fillPlaceholders } from '#shared/i18n/fill-placeholders';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';
import ar from './texts/ar.json';
import en from './texts/en.json';
import fr from './texts/fr.json';

/*
 * The words of every mail, SMS and in-app notification, one file per language
 * (src/server/messages/texts; docs/decisions/0010-languages.md). English is the specification's
 * own text; French and Arabic have the same keys and `{{placeholders}}`
 * (tests/i18n/translation-files.test.ts checks it).
 */
type TextTree = { readonly [key: string]: string | TextTree };

/** 'order.placed.title' and every other dotted path to a text of en.json. */
type TextPath<Tree> = {
  [Key in keyof Tree & string]: Tree[Key] extends string ? Key : `${Key}.${TextPath<Tree[Key]>}`;
}[keyof Tree & string];
export type TextKey = TextPath<typeof en>;

const catalogs: Readonly<Record<Locale, TextTree>> = { en, fr, ar };

function lookUp(tree: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` in `locale` with its placeholders filled the product's one way
 * (#shared/i18n/fill-placeholders: a value that itself holds `{{…}}`, such as a reason someone
 * typed, is left as typed; a missing one is left empty). A key missing in a translation falls
 * back to English, never to the key itself.
 */
export function messageText(
  locale: Locale,
  key: TextKey,
  params: Readonly<Record<string, string | undefined>> = {},
): string {
  const template = lookUp(catalogs[locale], key) ?? lookUp(catalogs[DEFAULT_LOCALE], key) ?? key;
  return fillPlaceholders(template, params, { locale, missing: 'empty' });
}
