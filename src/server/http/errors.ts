import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { negotiateLocale, type Locale } from '#shared/i18n/locales';
import {
  englishMessages,
  englishText,
  renderMessage,
  type MessageCatalog,
} from '#shared/i18n/message-catalogs';
import type { MessagePlaceholders } from '#shared/i18n/message-codes';
import {
  message,
  parseMessageKey,
  type Message,
  type MessageArgs,
  type MessageCode,
  type MessageKey,
  type MessageParams,
} from '#shared/i18n/message-key';
import arabicMessages from '#shared/i18n/messages/ar.json';
import frenchMessages from '#shared/i18n/messages/fr.json';
import { isDatabaseUnavailable } from '../db/database-faults';

/** Composite messages (several refusals at once) join their sentences with this. */
const SENTENCE_SEPARATOR = '. ';

/** Field → the message key of what is wrong with it (`{ email: 'validation.email_invalid' }`). */
export type FieldErrors = Readonly<Record<string, MessageKey>>;

/**
 * A refusal the client may read, by code (docs/decisions/0010-languages.md, "Errors and
 * validation messages"): the status, one message or several (a composite refusal: every reason
 * at once, coded by the first), and messages per field. The words are written by the error
 * handler, in the request's language; `message` is the English, for the logs.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: readonly [Message, ...Message[]],
    readonly fieldErrors?: FieldErrors,
  ) {
    super(messages.map(englishText).join(SENTENCE_SEPARATOR));
  }
}

/** 503 with Retry-After: a part of the service has more work waiting than it takes on. */
export class ServiceBusyError extends AppError {
  constructor(
    busy: Message,
    readonly retryAfterSeconds: number,
  ) {
    super(503, [busy]);
  }
}

/** The values of a code's placeholders (none for a text without), then the fields' messages. */
type RefusalArgs<Code extends MessageCode> = [MessagePlaceholders[Code]] extends [never]
  ? [params?: MessageParams<Code>, fieldErrors?: FieldErrors]
  : [params: MessageParams<Code>, fieldErrors?: FieldErrors];

function refusal<Code extends MessageCode>(
  statusCode: number,
  code: Code,
  [params, fieldErrors]: RefusalArgs<Code>,
): AppError {
  return new AppError(statusCode, [{ code, params: params ?? {} }], fieldErrors);
}

export const badRequest = <Code extends MessageCode>(code: Code, ...args: RefusalArgs<Code>) =>
  refusal(400, code, args);
export const unauthorized = <Code extends MessageCode>(code: Code, ...args: RefusalArgs<Code>) =>
  refusal(401, code, args);
export const forbidden = <Code extends MessageCode = 'forbidden'>(
  code: Code = 'forbidden' as Code,
  ...args: RefusalArgs<Code>
) => refusal(403, code, args);
export const notFound = <Code extends MessageCode = 'not_found'>(
  code: Code = 'not_found' as Code,
  ...args: RefusalArgs<Code>
) => refusal(404, code, args);
export const conflict = <Code extends MessageCode>(code: Code, ...args: RefusalArgs<Code>) =>
  refusal(409, code, args);

/** Several refusals at once (dispatch: capacity, licence, inspection), coded by the first. */
export function conflictOf(
  messages: readonly [Message, ...Message[]],
  fieldErrors?: FieldErrors,
): AppError {
  return new AppError(409, messages, fieldErrors);
}

/** A refusal with a status of its own (423 Locked, 422, 429). */
export function refusedWith<Code extends MessageCode>(
  statusCode: number,
  code: Code,
  ...args: MessageArgs<Code>
): AppError {
  return new AppError(statusCode, [message(code, ...args)]);
}

/**
 * Every error the API answers (docs/decisions/0010-languages.md, "Errors and validation
 * messages"): `message` and the field messages in the request's language, `code` and
 * `errorCodes` the same in every language, so that a client never matches English text.
 */
export interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string>;
  errorCodes?: Record<string, string>;
}

/** ErrorBody for route schemas (responses in the OpenAPI document). */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  errorCodes: z.record(z.string(), z.string()).optional(),
});

const CATALOGS: Readonly<Record<Locale, MessageCatalog>> = {
  en: englishMessages,
  fr: frenchMessages,
  ar: arabicMessages,
};

/** The language of the request's Accept-Language (English when none of ours). */
export function localeOf(request: FastifyRequest): Locale {
  return negotiateLocale(request.headers['accept-language']);
}

/** A message of the catalogue in this language; its code when no catalogue has it. */
export function messageTextIn(locale: Locale, text: Message): string {
  return renderMessage(text, CATALOGS[locale], locale) ?? text.code;
}

/** A failure without a message of ours is still coded, by its status. */
const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  423: 'locked',
  429: 'rate_limited',
};

function genericCode(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

/** A field message outside the catalogue. */
const GENERIC_FIELD_CODE = 'invalid';

/** Seconds a client should wait before trying again: about what a brief outage or failover lasts. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Body failures Fastify itself answers, by its error code. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, MessageCode>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.empty_json_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.invalid_json_body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.content_length_mismatch',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

/** A message key as its message; undefined for a text outside the catalogue. */
function knownMessage(keyOrText: string): Message | undefined {
  const parsed = parseMessageKey(keyOrText);
  return parsed && Object.hasOwn(englishMessages, parsed.code) ? parsed : undefined;
}

/** A field's message key (or a text outside the catalogue) written in the request's language. */
function fieldText(locale: Locale, keyOrText: string): { text: string; code: string } {
  const known = knownMessage(keyOrText);
  return known
    ? { text: messageTextIn(locale, known), code: known.code }
    : { text: keyOrText, code: GENERIC_FIELD_CODE };
}

/**
 * The body of an error with this status, its messages (or a text outside the catalogue, coded by
 * the status) and field messages, written in the request's language. A composite refusal takes
 * the code of its first message. An idempotent replay answers the first body as it was stored.
 */
export function buildErrorBody(
  request: FastifyRequest,
  status: number,
  messages: readonly Message[] | string,
  fieldErrors?: Readonly<Record<string, string>>,
): ErrorBody {
  const locale = localeOf(request);
  const body: ErrorBody =
    typeof messages === 'string' || messages.length === 0
      ? { code: genericCode(status), message: typeof messages === 'string' ? messages : '' }
      : {
          code: messages[0]!.code,
          message: messages.map((part) => messageTextIn(locale, part)).join(SENTENCE_SEPARATOR),
        };
  if (fieldErrors) {
    const fields = Object.entries(fieldErrors).map(
      ([field, keyOrText]) => [field, fieldText(locale, keyOrText)] as const,
    );
    body.errors = Object.fromEntries(fields.map(([field, { text }]) => [field, text]));
    body.errorCodes = Object.fromEntries(fields.map(([field, { code }]) => [field, code]));
  }
  return body;
}

interface FieldIssue {
  path: string[];
  message: string;
}

type BranchIssue = { path: PropertyKey[]; code: string; message: string };

/**
 * A union (Company or Individual registration) reports one nested issue holding every
 * branch's failures. The branch whose literal discriminator matched (no `invalid_value`)
 * is the one the client meant; its failures belong under their own fields.
 */
function flattenIssue(
  path: string[],
  code: string,
  message: string,
  params: unknown,
): FieldIssue[] {
  const branches = (params as { errors?: BranchIssue[][] } | undefined)?.errors;
  if (code === 'invalid_union' && Array.isArray(branches)) {
    const meant = branches.filter((issues) => !issues.some((i) => i.code === 'invalid_value'));
    if (meant.length === 1) {
      return meant[0]!.flatMap((inner) =>
        flattenIssue([...path, ...inner.path.map(String)], inner.code, inner.message, inner),
      );
    }
  }
  return [{ path, message }];
}

/**
 * Failures Fastify's router meets before any hook runs (a path parameter over its 100-character
 * limit, a malformed percent-encoding): the same coded body as every other error, and no-store.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const refused = message(tooLong ? 'request.url_too_long' : 'request.bad_url');
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(buildErrorBody(request, status, [refused]));
}

/** The zod issues of a request, field by field (the first issue of a field wins). */
function validationFieldErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const flattened = flattenIssue(
      path,
      issue.keyword,
      issue.message ?? 'request.invalid_value',
      issue.params,
    );
    for (const { path: fieldPath, message: text } of flattened) {
      const field = fieldPath.join('.') || String(error.validationContext ?? 'body');
      errors[field] ??= text;
    }
  }
  return errors;
}

/**
 * One place that turns every failure into `{ code, message, errors?, errorCodes? }` with the
 * right status, in the request's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationFieldErrors(error);
      const first = Object.values(errors)[0] ?? 'bad_request';
      const firstMessage = knownMessage(first);
      return reply
        .status(400)
        .send(buildErrorBody(request, 400, firstMessage ? [firstMessage] : first, errors));
    }
    if (error instanceof AppError) {
      if (error instanceof ServiceBusyError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(buildErrorBody(request, error.statusCode, error.messages, error.fieldErrors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_MESSAGES[error.code];
      return reply
        .status(status)
        .send(
          buildErrorBody(request, status, known ? [{ code: known, params: {} }] : error.message),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(buildErrorBody(request, 503, [message('service.database_unavailable')]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(buildErrorBody(request, 500, [message('internal')]));
  });
}
