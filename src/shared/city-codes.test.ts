import { describe, expect, it } from 'vitest';
import { cities, cityLabel } from './cities';
import { cityCode } from './city-codes';

describe('cityCode', () => {
  it('gives every city of the list its own code of three capital letters', () => {
    const codes = cities.map((city) => cityCode(city.city));
    expect(codes).toHaveLength(cities.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(new Set(codes).size).toBe(cities.length);
    // The same code from the French and the Arabic name: a city missing from the table would
    // fall back to XXX from its Arabic name.
    for (const city of cities) {
      expect(cityCode(cityLabel(city.city, 'ar'))).toBe(cityCode(city.city));
      expect(cityCode(cityLabel(city.city, 'fr'))).toBe(cityCode(city.city));
    }
  });

  it('uses airport codes where they exist, whatever the spelling', () => {
    expect(cityCode('Casablanca')).toBe('CAS');
    expect(cityCode('Rabat')).toBe('RBA');
    expect(cityCode('Fès')).toBe('FEZ');
    expect(cityCode('Tanger')).toBe('TNG');
    expect(cityCode('الدار البيضاء')).toBe('CAS');
    expect(cityCode('Dakhla')).toBe('VIL');
  });

  it('falls back to the first three letters, without accents, for a city outside the list', () => {
    expect(cityCode('Élancourt')).toBe('ELA');
    expect(cityCode('Lyon')).toBe('LYO');
    expect(cityCode('Ré')).toBe('REX');
  });
});
