import { describe, expect, it } from 'vitest';
import {
  formatDh,
  formatKg,
  formatMad,
  formatShipmentRange,
  formatTonnes,
  humanizeEnum,
  shortenIdForDashboard,
  shortenIdForMobile,
} from './format';

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

describe('humanizeEnum', () => {
  it('shows underscores as spaces', () => {
    expect(humanizeEnum('ON_DELIVERY')).toBe('ON DELIVERY');
    expect(humanizeEnum('cash_on_delivery')).toBe('cash on delivery');
    expect(humanizeEnum('AVAILABLE')).toBe('AVAILABLE');
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
