import { describe, expect, it } from 'vitest';
import { applyDocumentLocale, chooseInitialLocale, toLocale } from './locale-preference';

describe('chooseInitialLocale', () => {
  it('keeps the language chosen before on this browser over the browser languages', () => {
    expect(chooseInitialLocale('ar', ['fr-FR', 'en'])).toBe('ar');
    expect(chooseInitialLocale('en', ['fr-MA'])).toBe('en');
  });

  it('follows the first supported browser language when nothing was chosen', () => {
    expect(chooseInitialLocale(null, ['fr-MA', 'ar', 'en'])).toBe('fr');
    expect(chooseInitialLocale(undefined, ['de-DE', 'ar-MA', 'fr'])).toBe('ar');
  });

  it('ignores a stored value that is not one of the languages', () => {
    expect(chooseInitialLocale('de', ['fr'])).toBe('fr');
    expect(chooseInitialLocale('', ['ar'])).toBe('ar');
  });

  it('falls back to English when neither gives a language we speak', () => {
    expect(chooseInitialLocale(null, ['de-DE', 'es'])).toBe('en');
    expect(chooseInitialLocale(null, [])).toBe('en');
    expect(chooseInitialLocale(null, undefined)).toBe('en');
  });
});

describe('toLocale', () => {
  it('reads i18next languages as ours, English otherwise', () => {
    expect(toLocale('fr')).toBe('fr');
    expect(toLocale('ar')).toBe('ar');
    expect(toLocale('cimode')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});

describe('applyDocumentLocale', () => {
  it('sets lang and reads Arabic right to left', () => {
    const root = { lang: 'en', dir: 'ltr' };
    applyDocumentLocale('ar', root);
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    applyDocumentLocale('fr', root);
    expect(root).toEqual({ lang: 'fr', dir: 'ltr' });
    applyDocumentLocale('en', root);
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
  });
});
