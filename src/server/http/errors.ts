import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { negotiateLocale, type Locale } from '#shared/i18n/locales';
import {
  identifyMessageCode,
  translateMessage,
  type MessageCatalog,
} from '#shared/i18n/localize-message';
import arabicMessages from '#shared/i18n/messages/ar.json';
import frenchMessages from '#shared/i18n/messages/fr.json';
import { isDatabaseUnavailable } from '../db/database-faults';

/** An error whose message is safe to show the client, with the status that goes with it. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, message, errors);
  }
}
/** 503 with Retry-After: a part of the service has more work waiting than it takes on. */
export class ServiceBusyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
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

/** The server's catalogs; English is the code's own text. */
const CATALOGS: Readonly<Record<Locale, MessageCatalog | undefined>> = {
  en: undefined,
  fr: frenchMessages,
  ar: arabicMessages,
};

/** The catalog of the request's Accept-Language; undefined for English. */
export function messageCatalogOf(request: FastifyRequest): MessageCatalog | undefined {
  return CATALOGS[negotiateLocale(request.headers['accept-language'])];
}

/** A message outside the catalog is still coded, by its status. */
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

/** A field message outside the catalog. */
const GENERIC_FIELD_CODE = 'invalid';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The database is unreachable or too slow (docs/decisions/0011-hardening.md, "Database outages"). */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Please try again in a few seconds.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again: about what a brief outage or failover lasts. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The body of an error with this status and English message (and field messages), coded and
 * written in the request's language. A composite message (several refusals joined with '. ')
 * takes the code of its first. An idempotent replay answers the first body as it was stored.
 */
export function buildErrorBody(
  request: FastifyRequest,
  status: number,
  message: string,
  errors?: Record<string, string>,
): ErrorBody {
  const catalog = messageCatalogOf(request);
  const body: ErrorBody = {
    code: identifyMessageCode(message) ?? genericCode(status),
    message: translateMessage(message, catalog),
  };
  if (errors) {
    const fields = Object.entries(errors);
    body.errors = Object.fromEntries(
      fields.map(([field, text]) => [field, translateMessage(text, catalog)]),
    );
    body.errorCodes = Object.fromEntries(
      fields.map(([field, text]) => [field, identifyMessageCode(text) ?? GENERIC_FIELD_CODE]),
    );
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
  const message = tooLong ? 'This address is too long' : 'This address is not valid';
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(buildErrorBody(request, status, message));
}

/**
 * One place that turns every failure into `{ code, message, errors?, errorCodes? }` with the
 * right status, in the request's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        const flattened = flattenIssue(
          path,
          issue.keyword,
          issue.message ?? 'Invalid value',
          issue.params,
        );
        for (const { path: fieldPath, message } of flattened) {
          const field = fieldPath.join('.') || String(error.validationContext ?? 'body');
          errors[field] ??= message;
        }
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send(buildErrorBody(request, 400, first, errors));
    }
    if (error instanceof AppError) {
      if (error instanceof ServiceBusyError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(buildErrorBody(request, error.statusCode, error.message, error.errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(buildErrorBody(request, status, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(buildErrorBody(request, 503, DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(buildErrorBody(request, 500, INTERNAL_ERROR_MESSAGE));
  });
}
