import { describe, expect, it } from 'vitest';
import {
  formatCm,
  formatDh,
  formatDuration,
  formatKg,
  formatKm,
  formatMad,
  formatShipmentRange,
  formatTonnes,
  shortenIdForDashboard,
  shortenIdForMobile,
} from './format';

/** What Intl writes for `value` in a language's Moroccan locale: the tests follow the runtime's ICU. */
function intl(locale: string, value: number, minimum: number, maximum: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minimum,
    maximumFractionDigits: maximum,
  }).format(value);
}

describe('money', () => {
  it('writes MAD with thousands separators and two decimals', () => {
    expect(formatMad(1234.5)).toBe('1,234.50 MAD');
    expect(formatMad(0)).toBe('0.00 MAD');
    expect(formatMad(70)).toBe('70.00 MAD');
    expect(formatMad(1_234_567.891)).toBe('1,234,567.89 MAD');
    expect(formatMad(1.005)).toBe('1.01 MAD');
  });

  it('writes Dh on customer screens', () => {
    expect(formatDh(1234.5)).toBe('1,234.50 Dh');
    expect(formatDh(5000)).toBe('5,000.00 Dh');
  });
});

describe('weights', () => {
  it('writes kilograms with up to two decimals', () => {
    expect(formatKg(12)).toBe('12 Kg');
    expect(formatKg(12.5)).toBe('12.5 Kg');
    expect(formatKg(0.125)).toBe('0.13 Kg');
    expect(formatKg(1500)).toBe('1,500 Kg');
  });

  it('converts kilograms to tonnes', () => {
    expect(formatTonnes(1500)).toBe('1.5 t');
    expect(formatTonnes(1000)).toBe('1 t');
    expect(formatTonnes(12)).toBe('0.012 t');
    expect(formatTonnes(40_000)).toBe('40 t');
    expect(formatTonnes(0)).toBe('0 t');
  });
});

describe('ids', () => {
  const id = '3f2b9c1e-7a4d-4e8b-9c2d-5a6b7c8d9e0f';

  it('keeps the last 10 characters on mobile', () => {
    expect(shortenIdForMobile(id)).toBe('5a6b7c8d9e0f'.slice(-10));
    expect(shortenIdForMobile(id)).toBe('6b7c8d9e0f');
    expect(shortenIdForMobile('abc')).toBe('abc');
  });

  it('keeps the first 10 characters and an ellipsis on the dashboard', () => {
    expect(shortenIdForDashboard(id)).toBe('3f2b9c1e-7…');
    expect(shortenIdForDashboard('0123456789')).toBe('0123456789');
    expect(shortenIdForDashboard('01234567890')).toBe('0123456789…');
  });
});

describe('formatShipmentRange', () => {
  it('names both cities and the distance (docs/product.md, decision 13)', () => {
    expect(formatShipmentRange('Casablanca', 'Rabat', 110.76)).toBe(
      'Casablanca → Rabat (110.8 km)',
    );
    expect(formatShipmentRange('Tangier', 'Dakhla', 2345.67)).toBe('Tangier → Dakhla (2,345.7 km)');
  });
});

describe('distances and durations', () => {
  it('writes kilometres with one decimal, as pricing does', () => {
    expect(formatKm(112.44)).toBe('112.4 km');
    expect(formatKm(2345.67)).toBe('2,345.7 km');
  });

  it('writes hours and minutes, as pricing does', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(90_000)).toBe('1500 h');
  });
});

describe('other languages', () => {
  it('keeps English byte for byte when the locale is named', () => {
    expect(formatMad(1234.5, 'en')).toBe('1,234.50 MAD');
    expect(formatDh(1234.5, 'en')).toBe('1,234.50 Dh');
    expect(formatKg(12, 'en')).toBe('12 Kg');
    expect(formatTonnes(1500, 'en')).toBe('1.5 t');
    expect(formatKm(112.4, 'en')).toBe('112.4 km');
    expect(formatDuration(125, 'en')).toBe('2 h 5 min');
    expect(formatCm(12.5, 'en')).toBe('12.5 cm');
  });

  it('writes French figures through fr-MA', () => {
    expect(formatMad(1234.5, 'fr')).toBe(`${intl('fr-MA', 1234.5, 2, 2)} MAD`);
    expect(formatMad(1234.5, 'fr')).toMatch(/^1.234,50 MAD$/);
    expect(formatDh(5000, 'fr')).toBe(`${intl('fr-MA', 5000, 2, 2)} DH`);
    expect(formatKg(12.5, 'fr')).toBe('12,5 kg');
    expect(formatTonnes(1500, 'fr')).toBe('1,5 t');
    expect(formatKm(112.4, 'fr')).toBe('112,4 km');
    expect(formatDuration(125, 'fr')).toBe('2 h 5 min');
  });

  it('writes Arabic figures through ar-MA with Arabic units', () => {
    expect(formatMad(1234.5, 'ar')).toBe(`${intl('ar-MA', 1234.5, 2, 2)} درهم`);
    expect(formatDh(1234.5, 'ar')).toBe(`${intl('ar-MA', 1234.5, 2, 2)} درهم`);
    expect(formatKg(12, 'ar')).toBe(`${intl('ar-MA', 12, 0, 2)} كغ`);
    expect(formatTonnes(1500, 'ar')).toBe(`${intl('ar-MA', 1.5, 0, 3)} طن`);
    expect(formatKm(112.4, 'ar')).toBe(`${intl('ar-MA', 112.4, 1, 1)} كم`);
    expect(formatCm(30, 'ar')).toBe(`${intl('ar-MA', 30, 0, 2)} سم`);
    expect(formatDuration(45, 'ar')).toBe(`${intl('ar-MA', 45, 0, 0)} د`);
    expect(formatDuration(125, 'ar')).toBe(
      `${intl('ar-MA', 2, 0, 0)} س ${intl('ar-MA', 5, 0, 0)} د`,
    );
  });

  it("names the cities of a shipment range in the reader's language", () => {
    expect(formatShipmentRange('Tangier', 'Fes', 300, 'fr')).toBe('Tanger → Fès (300,0 km)');
    expect(formatShipmentRange('Casablanca', 'Rabat', 110.76, 'ar')).toBe(
      `الدار البيضاء → الرباط (${intl('ar-MA', 110.8, 1, 1)} كم)`,
    );
  });
});
