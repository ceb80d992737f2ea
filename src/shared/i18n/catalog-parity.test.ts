import { describe, expect, it } from 'vitest';
import { compareCatalogs } from './catalog-parity';

describe('compareCatalogs', () => {
  const en = new Map([
    ['title', 'Order {{id}}'],
    ['count_one', 'One order'],
    ['count_other', '{{count}} orders'],
  ]);

  it('accepts a translation with its own plural forms', () => {
    const ar = new Map([
      ['title', 'الطلب {{id}}'],
      ['count_zero', 'لا طلبات'],
      ['count_one', 'طلب واحد'],
      ['count_two', 'طلبان'],
      ['count_few', '{{count}} طلبات'],
      ['count_many', '{{count}} طلبًا'],
      ['count_other', '{{count}} طلب'],
    ]);
    expect(compareCatalogs(en, ar)).toEqual([]);
  });

  it('names missing, extra and empty keys and changed placeholders', () => {
    const fr = new Map([
      ['title', 'Commande {{number}}'],
      ['count_one', ''],
      ['count_other', '{{count}} commandes'],
      ['stray', 'Texte'],
    ]);
    expect(compareCatalogs(en, fr)).toEqual([
      'title: placeholders {number} instead of {id}',
      'empty count_one',
      'extra stray',
    ]);
    expect(compareCatalogs(en, new Map([['title', 'Commande {{id}}']]))).toEqual(['missing count']);
  });

  it('requires the _other form of a plural family', () => {
    const fr = new Map([
      ['title', 'Commande {{id}}'],
      ['count_one', 'Une commande'],
    ]);
    expect(compareCatalogs(en, fr)).toEqual(['count has no _other form']);
  });
});
