import { describe, expect, it } from 'vitest';
import { textDirection, visualPieces } from './bidi-runs';

describe('visualPieces', () => {
  it('leaves a Latin line in an English document as one piece', () => {
    expect(visualPieces('AT-2026-000123 Casablanca', 'ltr')).toEqual([
      { text: 'AT-2026-000123 Casablanca', font: 'latin', shaped: false },
    ]);
  });

  it('keeps an Arabic name whole, in reading order, for the shaper to reverse', () => {
    expect(visualPieces('محمد العلوي', 'rtl')).toEqual([
      { text: 'محمد العلوي', font: 'arabic', shaped: true },
    ]);
  });

  it('orders the runs of a mixed line from left to right', () => {
    // In an Arabic paragraph the number comes first (rightmost), the word on its left; the
    // space between them is right to left and goes with the word, handed over in reading order.
    expect(visualPieces('1.234,50 درهم', 'rtl').map((piece) => piece.text)).toEqual([
      ' درهم',
      '1.234,50',
    ]);
    // In a French one the Arabic name sits where it is written, read from its right.
    expect(visualPieces('Client : محمد العلوي (Rabat)', 'ltr').map((piece) => piece.text)).toEqual([
      'Client : ',
      'محمد العلوي',
      ' (Rabat)',
    ]);
  });

  it('mirrors brackets in right-to-left text and drops direction marks', () => {
    const pieces = visualPieces('\u200fمحمد (العلوي)', 'rtl');
    expect(pieces.map((piece) => piece.text)).toEqual(['(', 'العلوي', ') ', 'محمد']);
    expect(pieces.map((piece) => piece.font)).toEqual(['latin', 'arabic', 'latin', 'arabic']);
  });
});

describe('textDirection', () => {
  it('follows the first strong letter', () => {
    expect(textDirection('  123 محمد Ali')).toBe('rtl');
    expect(textDirection('Ali محمد')).toBe('ltr');
    expect(textDirection('123', 'rtl')).toBe('rtl');
  });
});
