import type { MessagePlaceholders } from './message-codes';

/**
 * Messages by code (docs/decisions/0010-languages.md, "Errors and validation messages"): the
 * server's refusals and the shared rules' messages name a code of the catalogue
 * (messages/<language>.json) and the values of its placeholders; the words are written only when
 * a reader's language is known. TypeScript checks the code and the placeholders against the
 * English catalogue (message-codes.ts is written from it).
 */
export type MessageCode = keyof MessagePlaceholders;

/** A placeholder's value: a number is formatted in the reader's language where the text says so. */
export type MessageValue = string | number;

export type MessageParams<Code extends MessageCode> = {
  readonly [Name in MessagePlaceholders[Code]]: MessageValue;
};

/** A code with its values, the arguments after it: none for a text without placeholders. */
export type MessageArgs<Code extends MessageCode> = [MessagePlaceholders[Code]] extends [never]
  ? []
  : [params: MessageParams<Code>];

/** One message, not yet in words. */
export interface Message {
  readonly code: MessageCode;
  readonly params: Readonly<Record<string, MessageValue>>;
}

export function message<Code extends MessageCode>(code: Code, ...args: MessageArgs<Code>): Message {
  return { code, params: args[0] ?? {} };
}

/**
 * A message as one string, so that it can travel where only text goes (a zod issue's message, a
 * react-hook-form error): the code, then its values as a query string ('validation.too_long?max=100').
 */
export type MessageKey = MessageCode | `${MessageCode}?${string}`;

/**
 * The key of one code: typed by that code alone, so that joining a few (`a ? messageKey(…) :
 * messageKey(…)`) stays a small union; MessageKey itself has two members per code of the catalogue.
 */
export type MessageKeyOf<Code extends MessageCode> = Code | `${Code}?${string}`;

export function messageKey<Code extends MessageCode>(
  code: Code,
  ...args: MessageArgs<Code>
): MessageKeyOf<Code> {
  return keyOf(message(code, ...args)) as MessageKeyOf<Code>;
}

/** A message as its key. */
export function keyOf({ code, params }: Message): MessageKey {
  const values = Object.entries(params);
  if (values.length === 0) return code;
  const query = values
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${code}?${query}`;
}

/** What a code looks like: lower-case words joined by dots, never a sentence. */
const CODE = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*$/;

/**
 * The message a key names; undefined for any other text (a sentence the server already wrote in
 * the reader's language). Whether the code is in the catalogue is the renderer's question.
 */
export function parseMessageKey(text: string): Message | undefined {
  const mark = text.indexOf('?');
  const code = mark === -1 ? text : text.slice(0, mark);
  const query = mark === -1 ? undefined : text.slice(mark + 1);
  if (!CODE.test(code)) return undefined;
  const params: Record<string, string> = {};
  if (query !== undefined) {
    for (const pair of query.split('&')) {
      const equals = pair.indexOf('=');
      if (equals === -1) return undefined;
      try {
        params[pair.slice(0, equals)] = decodeURIComponent(pair.slice(equals + 1));
      } catch {
        return undefined;
      }
    }
  }
  return { code: code as MessageCode, params };
}
