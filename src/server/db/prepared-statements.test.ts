import { describe, expect, it } from 'vitest';
import { statementName } from './prepared-statements';

describe('statementName', () => {
  it('keeps a name PostgreSQL keeps whole', () => {
    const name = 'x'.repeat(63);
    expect(statementName('order_counts')).toBe('order_counts');
    expect(statementName(name)).toBe(name);
  });

  it('tells apart long names alike in their first 63 bytes, within 63 bytes', () => {
    const list = 'customer_order_page_ids_cancelled_confirmed_delivered_in_transit';
    const names = [list, `${list}_deep`, `${list}_first_5`, `${list}_first_6`].map(statementName);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(statementName(`${list}_deep`)).toBe(statementName(`${list}_deep`));
  });
});
