import { describe, expect, it } from 'vitest';
import { formattersFor } from './use-formatters';

describe('formattersFor', () => {
  it('writes English as the specification does', () => {
    const format = formattersFor('en');
    expect(format.mad(1234.5)).toBe('1,234.50 MAD');
    expect(format.dh(1234.5)).toBe('1,234.50 Dh');
    expect(format.kg(12)).toBe('12 Kg');
    expect(format.tonnes(1500)).toBe('1.5 t');
    expect(format.km(112.4)).toBe('112.4 km');
    expect(format.duration(125)).toBe('2 h 5 min');
    expect(format.cm(30)).toBe('30 cm');
    expect(format.number(1234567, 0, 0)).toBe('1,234,567');
    expect(format.date('2026-01-05T12:00:00.000Z')).toBe('5 Jan 2026');
    expect(format.numericDate('2026-01-05T12:00:00.000Z')).toBe('2026-01-05');
    expect(format.dayMonth('2026-01-05')).toBe('5 Jan');
    expect(format.city('Tangier')).toBe('Tangier');
  });

  it('keeps one object per language', () => {
    expect(formattersFor('fr')).toBe(formattersFor('fr'));
    expect(formattersFor('fr')).not.toBe(formattersFor('ar'));
  });

  it('names cities in the reader language, inside a street address too', () => {
    const arabic = formattersFor('ar');
    expect(arabic.city('Casablanca')).toBe('الدار البيضاء');
    expect(arabic.place({ city: 'Rabat', address: 'Rabat' })).toBe('الرباط');
    expect(arabic.place({ city: 'Rabat', address: '12 Avenue Hassan II, Rabat' })).toBe(
      '12 Avenue Hassan II, الرباط',
    );
    expect(formattersFor('en').place({ city: 'Rabat', address: '12 Avenue, Rabat' })).toBe(
      '12 Avenue, Rabat',
    );
    expect(formattersFor('fr').city('Fes')).toBe('Fès');
  });
});
