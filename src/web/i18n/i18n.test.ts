import { afterEach, describe, expect, it, vi } from 'vitest';

/** The i18n module as a browser with `stored` remembered and `languages` preferred loads it. */
async function loadI18n(stored: string | null, languages: string[]) {
  vi.resetModules();
  const root = { lang: 'en', dir: 'ltr' };
  const storage = new Map(stored ? [['atlas-freight.locale', stored]] : []);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
  });
  vi.stubGlobal('navigator', { languages, language: languages[0] });
  vi.stubGlobal('document', { documentElement: root });
  const module = await import('./i18n');
  await module.firstTranslations;
  return { ...module, root, storage };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first language', () => {
  it('is English for a browser in another language, with <html lang dir> set', async () => {
    const { i18n, root } = await loadI18n(null, ['de-DE']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('ui.language')).toBe('Language');
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
  });

  it("follows the browser's languages, the landing page's words loaded before the first render", async () => {
    const { i18n, root } = await loadI18n(null, ['ar-MA', 'en']);
    expect(i18n.language).toBe('ar');
    expect(i18n.t('ui.language')).toBe('اللغة');
    expect(i18n.t('public.header.login')).not.toBe('Login');
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  it('prefers the choice remembered on this browser', async () => {
    const { i18n } = await loadI18n('fr', ['ar']);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('ui.language')).toBe('Langue');
  });
});

describe('an area loaded later', () => {
  it("arrives with its words in the language shown, before its screen's route resolves", async () => {
    const { i18n, registerArea, areaTranslationsLoaded } = await loadI18n('fr', []);
    registerArea('dashboard');
    await areaTranslationsLoaded();
    expect(i18n.t('dashboard.profile.title')).not.toBe('dashboard.profile.title');
    expect(i18n.getResource('fr', 'translation', 'dashboard.profile.title')).toBeTypeOf('string');
  });
});

describe('setLocale', () => {
  it("switches with every loaded area's words, remembers the choice, and sets <html lang dir>", async () => {
    const { i18n, registerArea, root, storage } = await loadI18n(null, ['en']);
    registerArea('auth');
    const { setLocale } = await import('./set-locale');
    await expect(setLocale('ar')).resolves.toBe('signed-out');
    expect(i18n.language).toBe('ar');
    expect(i18n.getResource('ar', 'translation', 'auth')).toBeTypeOf('object');
    expect(i18n.t('ui.language')).toBe('اللغة');
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(storage.get('atlas-freight.locale')).toBe('ar');
  });

  it('lets the last of two quick choices win', async () => {
    const { i18n } = await loadI18n(null, ['en']);
    const { setLocale } = await import('./set-locale');
    await Promise.all([setLocale('ar'), setLocale('fr')]);
    expect(i18n.language).toBe('fr');
  });
});

describe('formatted values in the screens’ words', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes {{value, number}} and {{value, money}} as the product’s other texts do', async () => {
    const { i18n } = await loadI18n('fr', ['fr']);
    i18n.addResource('fr', 'translation', 'test.weight', '{{kg, number}} kg, {{price, money}} MAD');
    i18n.addResource('en', 'translation', 'test.weight', '{{kg, number}} kg, {{price, money}} MAD');
    expect(i18n.t('test.weight', { kg: 40000.5, price: 12 })).toBe('40.000,5 kg, 12,00 MAD');
    expect(i18n.t('test.weight', { lng: 'en', kg: 40000.5, price: 12 })).toBe(
      '40,000.5 kg, 12.00 MAD',
    );
  });
});
