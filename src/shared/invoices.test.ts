import { describe, expect, it } from 'vitest';
import {
  businessMonthOf,
  formatInvoiceNumber,
  INVOICE_NUMBER_PATTERN,
  monthPeriod,
  previousMonth,
  splitTaxIncluded,
} from './invoices';

describe('invoice numbers', () => {
  it('are the kind, the year and six digits', () => {
    expect(formatInvoiceNumber('invoice', 2026, 1)).toBe('FA-2026-000001');
    expect(formatInvoiceNumber('credit_note', 2027, 123456)).toBe('AV-2027-123456');
    expect(INVOICE_NUMBER_PATTERN.test('FA-2026-000042')).toBe(true);
  });
});

describe('months', () => {
  it('turn over at midnight in Morocco', () => {
    // 23:30 UTC on 31 October 2026 is already 1 November in Casablanca (UTC+1).
    expect(businessMonthOf(new Date('2026-10-31T23:30:00Z'))).toBe('2026-11');
    expect(previousMonth('2026-01')).toBe('2025-12');
    const { from, to } = monthPeriod('2026-11');
    expect(from.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('splitTaxIncluded', () => {
  it('takes HT rounded half up and TVA as the rest', () => {
    expect(splitTaxIncluded(12_000, 20)).toEqual({ htCentimes: 10_000, vatCentimes: 2_000 });
    // 100 / 1.2 = 83.33…
    expect(splitTaxIncluded(100, 20)).toEqual({ htCentimes: 83, vatCentimes: 17 });
    // 1 / 1.2 = 0.8333 → 1; 3 / 1.2 = 2.5 → 3 (half up).
    expect(splitTaxIncluded(3, 20)).toEqual({ htCentimes: 3, vatCentimes: 0 });
    expect(splitTaxIncluded(10_750, 7.5)).toEqual({ htCentimes: 10_000, vatCentimes: 750 });
    expect(splitTaxIncluded(5_000, 0)).toEqual({ htCentimes: 5_000, vatCentimes: 0 });
    expect(splitTaxIncluded(1_234_567_890, 14)).toEqual({
      htCentimes: 1_082_954_289,
      vatCentimes: 151_613_601,
    });
  });
});
