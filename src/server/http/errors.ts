import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** ErrorBody for route schemas (responses in the OpenAPI document). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

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

/** One place that turns every failure into `{ message, errors? }` with the right status. */
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
      return reply.status(400).send({ message: first, errors } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, errors: error.errors } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return reply.status(429).send({ message: error.message });
      return reply.status(status).send({ message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
