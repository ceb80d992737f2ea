import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { message, messageKey } from '#shared/i18n/message-key';
import { buildErrorBody } from './errors';

const requestIn = (acceptLanguage?: string) =>
  ({
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  }) as FastifyRequest;

describe('buildErrorBody', () => {
  const fieldErrors = {
    email: messageKey('validation.email_invalid'),
    password: messageKey('validation.password_required'),
  };
  const emailInvalid = [message('validation.email_invalid')];

  it('answers English with codes when no other language is asked for', () => {
    for (const header of [undefined, 'en-GB', 'xx', '*', 'de-DE,xx;q=0.5']) {
      expect(buildErrorBody(requestIn(header), 400, emailInvalid, fieldErrors)).toEqual({
        code: 'validation.email_invalid',
        message: 'Please enter a valid email',
        errors: { email: 'Please enter a valid email', password: 'Password is required' },
        errorCodes: { email: 'validation.email_invalid', password: 'validation.password_required' },
      });
    }
  });

  it('writes the message and the field messages in French or Arabic, codes unchanged', () => {
    const english = buildErrorBody(requestIn('en'), 400, emailInvalid, fieldErrors);
    const french = buildErrorBody(requestIn('fr-FR,fr;q=0.9'), 400, emailInvalid, fieldErrors);
    const arabic = buildErrorBody(requestIn('ar-MA'), 400, emailInvalid, fieldErrors);
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

  it('codes a text outside the catalogue by its status and keeps it as written', () => {
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
    expect(buildErrorBody(requestIn('ar'), 404, [message('not_found')])).toEqual({
      code: 'not_found',
      message: 'غير موجود',
    });
    expect(buildErrorBody(requestIn('fr'), 500, [message('internal')])).toEqual({
      code: 'internal',
      message: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    });
  });

  it('codes a composite refusal by its first message and writes every sentence', () => {
    const refusals = [
      message('dispatch.capacity_too_small', {
        truckNumber: 'T-1',
        capacity: 1000,
        weight: 2500.5,
      }),
      message('dispatch.license_expired', { date: '2026-05-09' }),
    ];
    expect(buildErrorBody(requestIn(), 409, refusals)).toEqual({
      code: 'dispatch.capacity_too_small',
      message:
        'Truck T-1 carries up to 1,000 kg, below the order weight of 2,500.5 kg. ' +
        "The driver's licence expired on 2026-05-09",
    });
    expect(buildErrorBody(requestIn('fr'), 409, refusals).message).toBe(
      "Le camion T-1 transporte jusqu'à 1.000 kg, moins que le poids de la commande (2.500,5 kg). " +
        'Le permis du chauffeur a expiré le 2026-05-09',
    );
  });

  it('names a quoted status in the language of the answer', () => {
    const final = [message('order.status_final', { status: 'CANCELLED' })];
    expect(buildErrorBody(requestIn(), 409, final).message).toBe(
      'This order is CANCELLED and can no longer change',
    );
    expect(buildErrorBody(requestIn('fr'), 409, final).message).toBe(
      'Cette commande est annulée et ne peut plus changer',
    );
  });
});
