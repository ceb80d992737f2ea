/**
 * The rule every translation file keeps (docs/decisions/0010-languages.md): each language has
 * the keys of English and no others, none empty, with the same `{{placeholders}}`. Plural keys
 * (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) form one family per base key: each
 * language uses the forms its grammar needs, but always `_other`, which carries English's
 * placeholders.
 */
export type StringTree = { [key: string]: string | StringTree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

/** 'a.b.c' → text, nested objects flattened. */
export function flattenStrings(tree: StringTree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flattenStrings(value, path)) flat.set(inner, text);
  }
  return flat;
}

export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

interface KeyFamily {
  /** A plain key's text, or a plural family's `_other` form (undefined when it lacks one). */
  text: string | undefined;
  plural: boolean;
  empty: string[];
}

function familiesOf(strings: Map<string, string>): Map<string, KeyFamily> {
  const families = new Map<string, KeyFamily>();
  for (const [key, text] of strings) {
    const plural = PLURAL_SUFFIX.test(key);
    const base = key.replace(PLURAL_SUFFIX, '');
    const family = families.get(base) ?? { text: undefined, plural, empty: [] };
    if (!plural || key.endsWith('_other')) family.text = text;
    if (!text.trim()) family.empty.push(key);
    families.set(base, family);
  }
  return families;
}

/** The differences between English and one translation, as readable lines; empty when none. */
export function compareCatalogs(
  english: Map<string, string>,
  translation: Map<string, string>,
): string[] {
  const problems: string[] = [];
  const source = familiesOf(english);
  const target = familiesOf(translation);
  for (const [base, family] of source) {
    const translated = target.get(base);
    if (!translated) {
      problems.push(`missing ${base}`);
      continue;
    }
    for (const key of translated.empty) problems.push(`empty ${key}`);
    if (family.plural !== translated.plural) problems.push(`plural forms differ for ${base}`);
    if (translated.text === undefined) {
      problems.push(`${base} has no _other form`);
      continue;
    }
    const expected = placeholdersOf(family.text ?? '').join(', ');
    const found = placeholdersOf(translated.text).join(', ');
    if (expected !== found)
      problems.push(`${base}: placeholders {${found}} instead of {${expected}}`);
  }
  for (const base of target.keys()) if (!source.has(base)) problems.push(`extra ${base}`);
  return problems;
}
