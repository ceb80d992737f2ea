import english from './messages/en.json';
import { fillPlaceholders } from './fill-placeholders';
import type { Locale } from './locales';
import {
  message,
  parseMessageKey,
  type Message,
  type MessageArgs,
  type MessageCode,
} from './message-key';

/** `{ "<code>": "text with {{placeholders}}" }` in one language. */
export type MessageCatalog = Readonly<Record<string, string>>;

/** English, the catalogue the others follow key for key; always at hand. */
export const englishMessages: MessageCatalog = english;

/** Each other catalogue in its own chunk: the web loads one only when that language is chosen. */
export const messageCatalogLoaders: Record<'fr' | 'ar', () => Promise<MessageCatalog>> = {
  fr: () => import('./messages/fr.json').then((module) => module.default),
  ar: () => import('./messages/ar.json').then((module) => module.default),
};

export function isMessageCode(code: string): boolean {
  return Object.hasOwn(englishMessages, code);
}

/**
 * A message in the catalogue's language (English for a code it lacks); undefined when the code
 * is in no catalogue.
 */
export function renderMessage(
  message: Message,
  catalog: MessageCatalog,
  locale: Locale,
): string | undefined {
  const template = catalog[message.code] ?? englishMessages[message.code];
  if (template === undefined) return undefined;
  return fillPlaceholders(template, message.params, {
    locale,
    lookUp: (code) => catalog[code] ?? englishMessages[code],
  });
}

/** The English words of a message: what the API's success answers say in every language. */
export function englishText(message: Message): string {
  return renderMessage(message, englishMessages, 'en') ?? message.code;
}

/**
 * A code's English words: what the API's success answers say (`{ message: 'Order cancelled
 * successfully' }`), in every language, as they always have; the web shows its own words.
 */
export function englishMessage<Code extends MessageCode>(
  code: Code,
  ...args: MessageArgs<Code>
): string {
  return englishText(message(code, ...args));
}

/** A message key in the catalogue's language (English by default); any other text unchanged. */
export function renderMessageKey(
  keyOrText: string,
  catalog: MessageCatalog = englishMessages,
  locale: Locale = 'en',
): string {
  const parsed = parseMessageKey(keyOrText);
  return (parsed && renderMessage(parsed, catalog, locale)) ?? keyOrText;
}
