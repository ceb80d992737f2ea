import { describe, expect, it } from 'vitest';
import { amountInFrenchWords, integerInFrenchWords } from './amount-in-french-words';

describe('integerInFrenchWords', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [61, 'soixante et un'],
    [70, 'soixante-dix'],
    [71, 'soixante et onze'],
    [77, 'soixante-dix-sept'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [90, 'quatre-vingt-dix'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [180, 'cent quatre-vingts'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [1000, 'mille'],
    [1001, 'mille un'],
    [2000, 'deux mille'],
    [21_000, 'vingt et un mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [2_000_000, 'deux millions'],
    [200_000_000, 'deux cents millions'],
    [80_080_080, 'quatre-vingts millions quatre-vingt mille quatre-vingts'],
    [1_000_000_000, 'un milliard'],
    [
      999_999_999_999,
      'neuf cent quatre-vingt-dix-neuf milliards neuf cent quatre-vingt-dix-neuf millions ' +
        'neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf',
    ],
  ])('%i → %s', (value, words) => {
    expect(integerInFrenchWords(value)).toBe(words);
  });

  it('refuses what it cannot say', () => {
    expect(() => integerInFrenchWords(-1)).toThrow(RangeError);
    expect(() => integerInFrenchWords(1.5)).toThrow(RangeError);
    expect(() => integerInFrenchWords(1e12)).toThrow(RangeError);
  });
});

describe('amountInFrenchWords', () => {
  it.each([
    [123456, 'mille deux cent trente-quatre dirhams et cinquante-six centimes'],
    [0, 'zéro dirham'],
    [100, 'un dirham'],
    [101, 'un dirham et un centime'],
    [50, 'cinquante centimes'],
    [1, 'un centime'],
    [35000, 'trois cent cinquante dirhams'],
    [2100, 'vingt et un dirhams'],
    [8000, 'quatre-vingts dirhams'],
    [10_000_000, 'cent mille dirhams'],
    [100_000_000, 'un million de dirhams'],
    [100_000_100, 'un million un dirhams'],
    [-12_000, 'moins cent vingt dirhams'],
  ])('%i centimes → %s', (centimes, words) => {
    expect(amountInFrenchWords(centimes)).toBe(words);
  });

  it('refuses a fraction of a centime', () => {
    expect(() => amountInFrenchWords(10.5)).toThrow(RangeError);
  });
});
