import { describe, expect, it } from 'vitest';
import { isLocale, negotiateLocale, textDirection } from './locales';

describe('negotiateLocale', () => {
  it('reads an Accept-Language header by weight', () => {
    expect(negotiateLocale('fr-MA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLocale('en;q=0.5, ar;q=0.9')).toBe('ar');
    expect(negotiateLocale('de-DE, ar-MA;q=0.7, fr;q=0.6')).toBe('ar');
  });

  it('reads a browser list in its order', () => {
    expect(negotiateLocale(['de-DE', 'fr-FR', 'en-US'])).toBe('fr');
    expect(negotiateLocale(['AR'])).toBe('ar');
  });

  it('falls back to English for unknown, wildcard, refused or missing languages', () => {
    expect(negotiateLocale('xx')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale('fr;q=0')).toBe('en');
    expect(negotiateLocale('fr;q=abc')).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });
});

describe('locales', () => {
  it('knows its three languages and their direction', () => {
    expect(isLocale('fr')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('fr')).toBe('ltr');
  });
});
