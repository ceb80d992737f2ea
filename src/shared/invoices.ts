/**
 * The rules of invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"),
 * shared by the server, the screens and the tests: the kinds, the numbers, the month invoiced
 * (Morocco's calendar) and the split of a tax-included amount into HT and TVA.
 */
import { addMonths, businessDayStart, toBusinessDate } from './business-calendar';

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** A delivery fee (one per order), a COD fee (one per order), or a credit note's one line. */
export const INVOICE_LINE_KINDS = ['delivery_fee', 'cod_fee', 'credit', 'return_fee'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** The carrier's legal identity as printed on a document, frozen in it when issued. */
export interface InvoiceCarrier {
  legalName: string;
  address: string;
  ice: string;
  if: string;
  rc: string;
  tp: string;
  patente: string;
}

const NUMBER_PREFIX: Record<InvoiceKind, string> = { invoice: 'FA', credit_note: 'AV' };

/** FA-2026-000001, AV-2026-000001: per kind and year, without a gap. */
export function formatInvoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${NUMBER_PREFIX[kind]}-${year}-${String(sequence).padStart(6, '0')}`;
}

export const INVOICE_NUMBER_PATTERN = /^(FA|AV)-\d{4}-\d{6}$/;

/** yyyy-MM with a real month. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month (yyyy-MM) in Morocco at this instant. */
export function businessMonthOf(instant: Date): string {
  return toBusinessDate(instant).slice(0, 7);
}

/** The month before `month` (yyyy-MM). */
export function previousMonth(month: string): string {
  return addMonths(`${month}-01`, -1).slice(0, 7);
}

/** Where a month begins and the next one begins, in Morocco: [from, to). */
export function monthPeriod(month: string): { from: Date; to: Date } {
  return {
    from: businessDayStart(`${month}-01`),
    to: businessDayStart(addMonths(`${month}-01`, 1)),
  };
}

/**
 * A tax-included amount split at the VAT rate: HT = round(TTC / (1 + rate/100)), half up, and
 * TVA = TTC − HT, so that the two always add up to the TTC. The rate has at most 2 decimals; the
 * division is exact in integers (BigInt) rather than in floating point.
 */
export function splitTaxIncluded(
  ttcCentimes: number,
  vatRatePercent: number,
): { htCentimes: number; vatCentimes: number } {
  const ttc = BigInt(ttcCentimes);
  const divisor = 10_000n + BigInt(Math.round(vatRatePercent * 100));
  const ht = (2n * ttc * 10_000n + divisor) / (2n * divisor);
  return { htCentimes: Number(ht), vatCentimes: Number(ttc - ht) };
}
