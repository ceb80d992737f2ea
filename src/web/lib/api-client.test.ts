import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { apiRequest, ApiError } from './api-client';

const sent: Headers[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(async () => {
  sent.length = 0;
  // The unit files share their modules (vitest.config.ts): another file may have left i18n in
  // another language.
  await i18n.changeLanguage('en');
  // The session helpers read the browser's storage; node has none.
  vi.stubGlobal('window', { localStorage: { getItem: () => null } });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('apiRequest', () => {
  it('asks for the language the screens show', async () => {
    answer(200, { ok: true });
    await apiRequest('/health');
    expect(sent[0]?.get('accept-language')).toBe('en');
    await i18n.changeLanguage('ar');
    await apiRequest('/health');
    expect(sent[1]?.get('accept-language')).toBe('ar');
  });

  it("keeps a refusal's code, message and field errors with their codes", async () => {
    answer(400, {
      code: 'validation.failed',
      message: 'Adresse e-mail invalide',
      errors: { email: 'Adresse e-mail invalide' },
      errorCodes: { email: 'validation.email_invalid' },
    });
    const error = await apiRequest('/auth/login').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation.failed',
      message: 'Adresse e-mail invalide',
      errors: { email: 'Adresse e-mail invalide' },
      errorCodes: { email: 'validation.email_invalid' },
    });
  });

  it('names a refusal that came without a body of ours', async () => {
    answer(502, 'Bad gateway');
    await expect(apiRequest('/orders')).rejects.toMatchObject({ status: 502, code: 'unknown' });
  });
});
