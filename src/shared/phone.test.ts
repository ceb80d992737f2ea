import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, toE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['0612345678', '+212612345678'],
    ['06 12 34 56 78', '+212612345678'],
    ['+212612345678', '+212612345678'],
    ['00212612345678', '+212612345678'],
    ['212612345678', '+212612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('reads %s as %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each(['', 'abc', '12345', '+0612345678', '0612'])('refuses %o', (typed) => {
    expect(toE164(typed)).toBeUndefined();
  });
});

describe('masking', () => {
  it('keeps only the last two digits of a phone number', () => {
    expect(maskPhone('+212612345678')).toBe('+**********78');
  });

  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('amina@atlas.ma')).toBe('a***@atlas.ma');
    expect(maskEmail('broken')).toBe('***');
  });
});
