import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './fill-placeholders';

const lookUp = (code: string) =>
  ({ 'value.order_status.cancelled': 'annulée' })[code as 'value.order_status.cancelled'];

describe('fillPlaceholders', () => {
  it('writes a bare placeholder as given, in every language', () => {
    expect(fillPlaceholders('at most {{max}} kg', { max: 40000 }, { locale: 'fr' })).toBe(
      'at most 40000 kg',
    );
  });

  it('writes figures and money in the language of the text', () => {
    const text = '{{weight, number}} kg, {{amount, money}} MAD';
    const values = { weight: 2500.5, amount: '1234.5' };
    expect(fillPlaceholders(text, values, { locale: 'en' })).toBe('2,500.5 kg, 1,234.50 MAD');
    expect(fillPlaceholders(text, values, { locale: 'fr' })).toBe('2.500,5 kg, 1.234,50 MAD');
    expect(fillPlaceholders(text, values, { locale: 'ar' })).toBe('2.500,5 kg, 1.234,50 MAD');
  });

  it('names a value of the catalogue, or keeps it', () => {
    const text = 'est {{status, order_status}}';
    expect(fillPlaceholders(text, { status: 'CANCELLED' }, { locale: 'fr', lookUp })).toBe(
      'est annulée',
    );
    expect(fillPlaceholders(text, { status: 'PENDING' }, { locale: 'fr', lookUp })).toBe(
      'est PENDING',
    );
  });

  it('keeps or empties a placeholder without a value, and never fills a value twice', () => {
    expect(fillPlaceholders('{{a}}-{{b}}', { a: '{{b}}' }, { locale: 'en' })).toBe('{{b}}-{{b}}');
    expect(fillPlaceholders('{{a}}-{{b}}', {}, { locale: 'en', missing: 'empty' })).toBe('-');
  });
});
