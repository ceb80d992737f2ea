import { describe, expect, it, vi } from 'vitest';
import { createAreaTranslations, type Strings } from './area-translations';

function setUp(files: Record<string, () => Promise<Strings>>, initialAreas = ['common']) {
  const added: [string, Strings][] = [];
  const translations = createAreaTranslations(
    async () => files,
    (locale, strings) => added.push([locale, strings]),
    initialAreas,
  );
  return { translations, added };
}

describe('createAreaTranslations', () => {
  it('loads an area in the language asked for, once', async () => {
    const loader = vi.fn(async () => ({ admin: { title: 'Tableau' } }));
    const { translations, added } = setUp({ './fr/admin.json': loader });
    await Promise.all([translations.register('admin', 'fr'), translations.register('admin', 'fr')]);
    await translations.loadAll('fr');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(added).toEqual([['fr', { admin: { title: 'Tableau' } }]]);
  });

  it('never fetches English, which the area modules import themselves', async () => {
    const loader = vi.fn(async () => ({}));
    const { translations, added } = setUp({ './en/admin.json': loader });
    await translations.register('admin', 'en');
    expect(loader).not.toHaveBeenCalled();
    expect(added).toEqual([]);
  });

  it('on a switch, loads every area registered so far and only those', async () => {
    const { translations, added } = setUp({
      './ar/common.json': async () => ({ ui: 'ar common' }),
      './ar/admin.json': async () => ({ admin: 'ar admin' }),
      './ar/driver.json': async () => ({ driver: 'ar driver' }),
    });
    await translations.register('admin', 'en');
    await translations.loadAll('ar');
    expect(added.map(([, strings]) => Object.values(strings)[0]).sort()).toEqual([
      'ar admin',
      'ar common',
    ]);
  });

  it('shows English for an area a language has no file for yet', async () => {
    const { translations, added } = setUp({});
    await expect(translations.register('maps', 'fr')).resolves.toBeUndefined();
    expect(added).toEqual([]);
  });

  it('tells when the downloads started so far are over', async () => {
    let arrive: (strings: Strings) => void = () => undefined;
    const arrived = new Promise<Strings>((resolve) => (arrive = resolve));
    const { translations, added } = setUp({ './fr/ordering.json': () => arrived });
    void translations.register('ordering', 'fr');
    const settled = translations.settled().then(() => added.length);
    arrive({ ordering: 'fr' });
    await expect(settled).resolves.toBe(1);
  });

  it('asks again for a file that failed to download', async () => {
    const loader = vi
      .fn<() => Promise<Strings>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ auth: 'fr' });
    const { translations, added } = setUp({ './fr/auth.json': loader });
    await translations.register('auth', 'fr');
    expect(added).toEqual([]);
    await translations.loadAll('fr');
    expect(added).toEqual([['fr', { auth: 'fr' }]]);
  });
});
