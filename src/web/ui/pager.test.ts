import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '#shared/i18n/locales';
import arCommon from '../i18n/ar/common.json';
import enCommon from '../i18n/en/common.json';
import frCommon from '../i18n/fr/common.json';
import { pageWindow, planPager, writeListTotal } from './pager';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the current page in the middle of five', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('stops at both ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe('planPager', () => {
  it('shows no pager when the items fit on one page', () => {
    expect(planPager(1, 6, 6, false).pages).toEqual([]);
    expect(planPager(1, 6, 0, false).pages).toEqual([]);
  });

  it('pages an exact total to its last page and no further', () => {
    expect(planPager(1, 6, 7, false)).toEqual({
      pages: [1, 2],
      hasPrevious: false,
      hasNext: true,
      narrowToSeeMore: false,
    });
    expect(planPager(2, 6, 7, false)).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it('pages a capped total up to the last page the cap allows, then says to narrow the list', () => {
    // 10 000 rows at 6 a page: 1 667 pages, the last one partly filled.
    expect(planPager(1666, 6, 10_000, true)).toEqual({
      pages: [1663, 1664, 1665, 1666, 1667],
      hasPrevious: true,
      hasNext: true,
      narrowToSeeMore: false,
    });
    expect(planPager(1667, 6, 10_000, true)).toMatchObject({
      hasNext: false,
      narrowToSeeMore: true,
    });
    expect(planPager(1667, 6, 10_000, false).narrowToSeeMore).toBe(false);
  });
});

describe('writeListTotal', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: {
      en: { translation: enCommon },
      fr: { translation: frCommon },
      ar: { translation: arCommon },
    },
    lng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const write = (total: number, capped: boolean, locale: Locale) =>
    writeListTotal(total, capped, locale, i18n.getFixedT(locale));

  it('groups an exact total for the language', () => {
    expect(write(7, false, 'en')).toBe('7');
    expect(write(1234, false, 'en')).toBe('1,234');
    expect(write(1234, false, 'fr')).toBe('1.234');
  });

  it('writes a capped total as at least that many, in each language', () => {
    expect(write(10_000, true, 'en')).toBe('10,000+');
    expect(write(10_000, true, 'fr')).toBe('10.000+');
    const arabic = write(10_000, true, 'ar');
    expect(arabic).toBe('أكثر من 10.000');
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });
});
