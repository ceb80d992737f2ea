/**
 * The API's and the shared rules' messages in other languages (docs/decisions/0010-languages.md,
 * "Errors and validation messages"). The rules keep writing the specification's English; the
 * catalog (messages/<language>.json) names every such text with a stable code, templates with
 * `{{placeholders}}` included, so that an English text can be recognised (its code and values)
 * and written again in French or Arabic. The server does it for every error it answers; the web
 * does it for the messages its own forms produce.
 *
 * Nothing here runs when the module loads: the English catalog is indexed on first use, so a
 * bundle that imports the module without calling it stays as small as before.
 */
import english from './messages/en.json';

/** `{ "<code>": "text with {{placeholders}}" }` in one language. */
export type MessageCatalog = Record<string, string>;

export interface IdentifiedMessage {
  code: string;
  /** The values of the template's placeholders, as the English text wrote them. */
  params: Record<string, string>;
}

/** The catalog the code's own texts come from. */
export const englishMessages: MessageCatalog = english;

/** Codes under this prefix name a value quoted inside other messages (a status), not a message. */
const VALUE_CODE_PREFIX = 'value.';
/** Composite messages (several refusals at once) join their sentences with this. */
const SENTENCE_SEPARATOR = '. ';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
/**
 * What a placeholder matches: anything but a sentence break, so that a template ending in a
 * placeholder never swallows the next sentence of a composite message.
 */
const PLACEHOLDER_PATTERN = '((?:(?!\\. )[\\s\\S])+?)';
/**
 * A status quoted in a message ('This order is already {{status}}') is one word (IN_TRANSIT,
 * failed): 'This order is already picked up' is another message, not that one.
 */
const WORD_PLACEHOLDERS = new Set(['status', 'from', 'to']);
const WORD_PATTERN = '([A-Za-z_]+)';

interface TemplateMatcher {
  code: string;
  pattern: RegExp;
  names: string[];
  /** Characters of fixed text: the template with more of it is the more specific one. */
  literalLength: number;
}

interface CatalogIndex {
  statics: Map<string, string>;
  templates: TemplateMatcher[];
}

let index: CatalogIndex | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function compileTemplate(code: string, template: string): TemplateMatcher {
  const names: string[] = [];
  let source = '';
  let literalLength = 0;
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const literal = template.slice(last, match.index);
    const name = match[1]!;
    source +=
      escapeRegExp(literal) + (WORD_PLACEHOLDERS.has(name) ? WORD_PATTERN : PLACEHOLDER_PATTERN);
    literalLength += literal.length;
    names.push(name);
    last = match.index + match[0].length;
  }
  const tail = template.slice(last);
  source += escapeRegExp(tail);
  literalLength += tail.length;
  return { code, pattern: new RegExp(`^${source}$`), names, literalLength };
}

/** The English catalog, indexed once: fixed texts by text, templates as anchored patterns. */
function catalogIndex(): CatalogIndex {
  if (index) return index;
  const statics = new Map<string, string>();
  const templates: TemplateMatcher[] = [];
  for (const [code, text] of Object.entries(englishMessages)) {
    if (/\{\{\s*\w+\s*\}\}/.test(text)) templates.push(compileTemplate(code, text));
    else statics.set(text, code);
  }
  // Most specific first: 'Too big: expected string to have <={{maximum}} characters' before a
  // template that would read the same text with a wider placeholder.
  templates.sort((a, b) => b.literalLength - a.literalLength || a.names.length - b.names.length);
  index = { statics, templates };
  return index;
}

/** The code (and the placeholders' values) of an English text of the catalog; else undefined. */
export function identifyMessage(text: string): IdentifiedMessage | undefined {
  const { statics, templates } = catalogIndex();
  const code = statics.get(text);
  if (code !== undefined) return { code, params: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    template.names.forEach((name, position) => {
      params[name] = match[position + 1]!;
    });
    return { code: template.code, params };
  }
  return undefined;
}

/** A template with its placeholders filled; a placeholder without a value stays as written. */
export function renderMessage(template: string, params: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? params[name]! : whole,
  );
}

/** A quoted value (an order status) in the catalog's language when the catalog names it. */
function translateValue(value: string, catalog: MessageCatalog): string {
  const code = catalogIndex().statics.get(value);
  if (code === undefined || !code.startsWith(VALUE_CODE_PREFIX)) return value;
  return catalog[code] ?? value;
}

/** One known message in the catalog's language; undefined when not known there. */
function translateWhole(text: string, catalog: MessageCatalog): string | undefined {
  const identified = identifyMessage(text);
  if (!identified) return undefined;
  const target = catalog[identified.code];
  if (target === undefined || target === '') return undefined;
  const params = Object.fromEntries(
    Object.entries(identified.params).map(([name, value]) => [
      name,
      translateValue(value, catalog),
    ]),
  );
  return renderMessage(target, params);
}

/**
 * Sentences of a composite message ('Truck X carries up to …. The driver's licence expired on
 * …'), each translated on its own; the longest run of sentences that is one message wins.
 * Undefined when no sentence is known.
 */
function translateSentences(text: string, catalog: MessageCatalog): string | undefined {
  const sentences = text.split(SENTENCE_SEPARATOR);
  if (sentences.length < 2) return undefined;
  const translated: string[] = [];
  let anyKnown = false;
  let start = 0;
  while (start < sentences.length) {
    let end = sentences.length;
    let found: string | undefined;
    for (; end > start; end--) {
      found = translateWhole(sentences.slice(start, end).join(SENTENCE_SEPARATOR), catalog);
      if (found !== undefined) break;
    }
    if (found === undefined) {
      translated.push(sentences[start]!);
      start += 1;
    } else {
      translated.push(found);
      anyKnown = true;
      start = end;
    }
  }
  return anyKnown ? translated.join(SENTENCE_SEPARATOR) : undefined;
}

/**
 * An English message in the catalog's language: a fixed text, a template with its values, or a
 * composite of several joined with '. '. Unknown texts, and any text without a catalog (English),
 * come back unchanged.
 */
export function translateMessage(text: string, catalog: MessageCatalog | undefined): string {
  if (!catalog || catalog === englishMessages) return text;
  return translateWhole(text, catalog) ?? translateSentences(text, catalog) ?? text;
}

/**
 * The code of a message, or of the first sentence of a composite one; undefined when unknown.
 * What an error body's `code` is made of.
 */
export function identifyMessageCode(text: string): string | undefined {
  const whole = identifyMessage(text)?.code;
  if (whole !== undefined) return whole;
  const [first] = text.split(SENTENCE_SEPARATOR);
  return first !== undefined && first !== text ? identifyMessage(first)?.code : undefined;
}

/** Each catalog in its own chunk: the web loads one only when that language is chosen. */
export const messageCatalogLoaders: Record<'fr' | 'ar', () => Promise<MessageCatalog>> = {
  fr: () => import('./messages/fr.json').then((module) => module.default),
  ar: () => import('./messages/ar.json').then((module) => module.default),
};
