import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { identifyMessage } from '#shared/i18n/localize-message';
import { ORDER_STATUSES } from '#shared/order-status';
import { authMessages } from '../auth/auth-service';
import { explainRefusedTransition } from '../orders/order-lifecycle';
import { buildErrorBody, INTERNAL_ERROR_MESSAGE } from './errors';

const requestIn = (acceptLanguage?: string) =>
  ({
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  }) as FastifyRequest;

describe('buildErrorBody', () => {
  const fieldErrors = { email: 'Please enter a valid email', password: 'Password is required' };

  it('answers English with codes when no other language is asked for', () => {
    for (const header of [undefined, 'en-GB', 'xx', '*', 'de-DE,xx;q=0.5']) {
      expect(buildErrorBody(requestIn(header), 400, fieldErrors.email, fieldErrors)).toEqual({
        code: 'validation.email_invalid',
        message: 'Please enter a valid email',
        errors: fieldErrors,
        errorCodes: { email: 'validation.email_invalid', password: 'validation.password_required' },
      });
    }
  });

  it('writes the message and the field messages in French or Arabic, codes unchanged', () => {
    const english = buildErrorBody(requestIn('en'), 400, fieldErrors.email, fieldErrors);
    const french = buildErrorBody(requestIn('fr-FR,fr;q=0.9'), 400, fieldErrors.email, fieldErrors);
    const arabic = buildErrorBody(requestIn('ar-MA'), 400, fieldErrors.email, fieldErrors);
    expect(french).toEqual({
      code: english.code,
      message: 'Veuillez saisir une adresse e-mail valide',
      errors: {
        email: 'Veuillez saisir une adresse e-mail valide',
        password: 'Le mot de passe est obligatoire',
      },
      errorCodes: english.errorCodes,
    });
    expect(arabic.code).toBe(english.code);
    expect(arabic.errorCodes).toEqual(english.errorCodes);
    expect(arabic.message).toBe('يرجى إدخال بريد إلكتروني صالح');
  });

  it('codes a message outside the catalog by its status and keeps its English', () => {
    expect(buildErrorBody(requestIn('fr'), 409, 'Something new went wrong')).toEqual({
      code: 'conflict',
      message: 'Something new went wrong',
    });
    expect(buildErrorBody(requestIn('fr'), 423, 'Locked for a new reason').code).toBe('locked');
    expect(buildErrorBody(requestIn('fr'), 429, 'Slow down').code).toBe('rate_limited');
    expect(buildErrorBody(requestIn(), 418, 'Teapot').code).toBe('bad_request');
    expect(
      buildErrorBody(requestIn(), 400, 'Bad', { field: 'A new field rule' }).errorCodes,
    ).toEqual({ field: 'invalid' });
  });

  it('gives the generic answers their generic codes', () => {
    expect(buildErrorBody(requestIn('ar'), 404, 'Not found')).toEqual({
      code: 'not_found',
      message: 'غير موجود',
    });
    expect(buildErrorBody(requestIn('fr'), 500, INTERNAL_ERROR_MESSAGE)).toEqual({
      code: 'internal',
      message: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    });
  });
});

/** Every TypeScript file below a folder, tests aside. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

const srcFolder = path.join(import.meta.dirname, '..', '..');

/** Texts quoted where an error is made or a rule is given its message. */
const MESSAGE_PATTERNS = [
  /new (?:BadRequest|Unauthorized|Forbidden|NotFound|Conflict)Error\(\s*'([^'\n]+)'/g,
  /new AppError\(\s*\d+,\s*'([^'\n]+)'/g,
  /\bconst [A-Z_]*(?:MESSAGE|NOT_FOUND|DEACTIVATED)[A-Z_]* = '([^'\n]+)'/g,
  /\b(?:error|message):\s*'([^'\n]+)'/g,
  /\.(?:min|max|gt|int|regex|refine)\([^()]*?,\s*'([^'\n]+)'\s*,?\s*\)/g,
  /\.(?:int|refine)\(\s*'([^'\n]+)'\s*\)/g,
  /requiredText\(\s*'([^'\n]+)'\s*\)/g,
  /\(\s*'([A-Z][^'\n]*)',\s*\)/g,
];

function quotedMessages(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of MESSAGE_PATTERNS) {
      for (const match of source.matchAll(pattern)) {
        found.set(match[1]!, path.relative(srcFolder, file));
      }
    }
  }
  return found;
}

describe('every message the server and the shared rules write', () => {
  const server = quotedMessages(
    sourceFiles(path.join(srcFolder, 'server')).filter(
      // Configuration problems stop the process at start and never answer a client.
      (file) => path.basename(file) !== 'config.ts',
    ),
  );
  const shared = quotedMessages(sourceFiles(path.join(srcFolder, 'shared', 'schemas')));

  it('are found', () => {
    expect(server.size).toBeGreaterThan(10);
    expect(shared.size).toBeGreaterThan(50);
  });

  it.each([...server, ...shared].sort())('is in the catalog: %s (%s)', (message) => {
    expect(identifyMessage(message)).toBeDefined();
  });

  it('include the account messages and every refused status change', () => {
    for (const message of Object.values(authMessages)) {
      expect(identifyMessage(message), message).toBeDefined();
    }
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const message = explainRefusedTransition(from, to);
        expect(identifyMessage(message), message).toBeDefined();
      }
    }
  });
});
