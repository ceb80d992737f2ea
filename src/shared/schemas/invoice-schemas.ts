/**
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"). Money in MAD
 * (at most 2 decimals), lists as everywhere (admin: a plain array; customer: `{ invoices }`; the
 * total in X-Total-Count; CSV at `<list path>/export.csv`).
 *
 *   POST /api/admin/invoices/issue             IssueInvoicesSchema   → IssueInvoicesResultSchema
 *   GET  /api/admin/invoices                   ?AdminInvoiceListQuerySchema → InvoiceSchema[]
 *   GET  /api/admin/invoices/:id               → { invoice: InvoiceDetailSchema }
 *   GET  /api/admin/invoices/:id/pdf           → application/pdf
 *   POST /api/admin/invoices/:id/credit-note   CreditNoteSchema      → 201 CreditNoteResultSchema
 *   GET  /api/dashboard/invoices               ?InvoiceListQuerySchema → { invoices: InvoiceSchema[] }
 *   GET  /api/dashboard/invoices/:id/pdf       → application/pdf
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { INVOICE_KINDS, INVOICE_LINE_KINDS, MONTH_PATTERN } from '../invoices';
import { roundToCents } from '../numbers';
import { pagingShape, withPageCap } from './list-schemas';

export const CREDIT_NOTE_REASON_MIN_LENGTH = 3;
export const CREDIT_NOTE_REASON_MAX_LENGTH = 300;
/** Far above any month's fees; what remains uncredited is the real bound (checked by the server). */
export const MAX_CREDIT_NOTE_MAD = 100_000_000;

export const invoiceMessages = {
  monthInvalid: messageKey('invoice.month_invalid'),
  reasonRequired: messageKey('invoice.reason_required'),
  reasonTooShort: messageKey('invoice.reason_too_short', { min: CREDIT_NOTE_REASON_MIN_LENGTH }),
  reasonTooLong: messageKey('invoice.reason_too_long', { max: CREDIT_NOTE_REASON_MAX_LENGTH }),
  amountInvalid: messageKey('invoice.amount_invalid'),
  amountPositive: messageKey('invoice.amount_positive'),
  amountCents: messageKey('invoice.amount_cents'),
  amountTooLarge: messageKey('invoice.amount_too_large'),
} as const;

const timestamp = z.iso.datetime({ offset: true });

/** No invoice is older than this product; the calendar functions need a four-digit year. */
const FIRST_MONTH = '2000-01';

const MonthSchema = z
  .string({ error: invoiceMessages.monthInvalid })
  .trim()
  .regex(MONTH_PATTERN, invoiceMessages.monthInvalid)
  .refine((month) => month >= FIRST_MONTH, invoiceMessages.monthInvalid);

/** POST /api/admin/invoices/issue: a month that has ended (the server checks it is past). */
export const IssueInvoicesSchema = z.object({ month: MonthSchema });
export type IssueInvoicesInput = z.input<typeof IssueInvoicesSchema>;
export type IssueInvoices = z.output<typeof IssueInvoicesSchema>;

export const IssueInvoicesResultSchema = z.object({
  message: z.string(),
  month: z.string(),
  /** Invoices issued by this call. */
  issued: z.number().int(),
  /** Organizations whose invoice for the month already existed (returned, not issued again). */
  alreadyIssued: z.number().int(),
  /** Organizations with deliveries that month but no fee of theirs to invoice. */
  skipped: z.number().int(),
});
export type IssueInvoicesResult = z.infer<typeof IssueInvoicesResultSchema>;

/** Empty form fields arrive as '' or null: both mean "the rest of the invoice". */
const CreditAmountSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: invoiceMessages.amountInvalid })
    .refine(Number.isFinite, invoiceMessages.amountInvalid)
    .gt(0, invoiceMessages.amountPositive)
    .max(MAX_CREDIT_NOTE_MAD, invoiceMessages.amountTooLarge)
    .refine((amount) => roundToCents(amount) === amount, invoiceMessages.amountCents)
    .optional(),
);

/**
 * POST /api/admin/invoices/:id/credit-note: why, and how much (MAD, tax included); without an
 * amount, all that remains uncredited. More than remains → 400 on `amount`.
 */
export const CreditNoteSchema = z.object({
  reason: z
    .string({ error: invoiceMessages.reasonRequired })
    .trim()
    .min(1, invoiceMessages.reasonRequired)
    .min(CREDIT_NOTE_REASON_MIN_LENGTH, invoiceMessages.reasonTooShort)
    .max(CREDIT_NOTE_REASON_MAX_LENGTH, invoiceMessages.reasonTooLong),
  amount: CreditAmountSchema,
});
export type CreditNoteInput = z.input<typeof CreditNoteSchema>;
export type CreditNote = z.output<typeof CreditNoteSchema>;

const kindField = z
  .enum(INVOICE_KINDS, {
    error: messageKey('request.param_not_one_of', {
      param: 'kind',
      values: INVOICE_KINDS.join(', '),
    }),
  })
  .optional();

/** An empty filter (a cleared field) means none. */
const monthFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().trim().regex(MONTH_PATTERN, invoiceMessages.monthInvalid).optional(),
);

/** `?month=&kind=&page=&pageSize=`: the organization's invoices and credit notes, newest first. */
export const InvoiceListQuerySchema = withPageCap(
  z.object({ ...pagingShape, month: monthFilter, kind: kindField }),
);
export type InvoiceListQuery = z.output<typeof InvoiceListQuerySchema>;

/** The back office's list adds the organization (`organizationId`) and a search by number (`q`). */
export const AdminInvoiceListQuerySchema = withPageCap(
  z.object({
    ...pagingShape,
    month: monthFilter,
    kind: kindField,
    organizationId: z
      .uuid({ error: messageKey('invoice.param_not_organization_id', { param: 'organizationId' }) })
      .optional(),
    q: z
      .string()
      .trim()
      .max(100, messageKey('request.param_too_long', { param: 'q', max: 100 }))
      .optional(),
  }),
);
export type AdminInvoiceListQuery = z.output<typeof AdminInvoiceListQuerySchema>;

/** One invoice or credit note, as the lists show it: amounts in MAD, tax included unless HT. */
export const InvoiceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  organizationId: z.uuid(),
  /** The customer's name as printed on the document. */
  customerName: z.string(),
  /** yyyy-MM: the month invoiced (a credit note's invoice's). */
  month: z.string(),
  issuedAt: timestamp,
  vatRatePercent: z.number(),
  totalHt: z.number(),
  totalVat: z.number(),
  totalTtc: z.number(),
  lineCount: z.number().int(),
  /** A credit note's invoice; null for an invoice. */
  creditedInvoiceId: z.uuid().nullable(),
  creditedInvoiceNumber: z.string().nullable(),
  /** A credit note's reason; null for an invoice. */
  reason: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceLineSchema = z.object({
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  /** The order's tracking number (a fee), or the credited invoice's number (a credit note). */
  reference: z.string().nullable(),
  quantity: z.number().int(),
  unitTtc: z.number(),
  totalTtc: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceDetailSchema = InvoiceSchema.extend({
  customer: z.object({
    name: z.string(),
    address: z.string().nullable(),
    ice: z.string().nullable(),
  }),
  carrier: z.object({
    legalName: z.string(),
    address: z.string(),
    ice: z.string(),
    if: z.string(),
    rc: z.string(),
    tp: z.string(),
    patente: z.string(),
  }),
  periodStart: timestamp,
  periodEnd: timestamp,
  lines: z.array(InvoiceLineSchema),
  /** An invoice's credit notes, oldest first (none for a credit note). */
  creditNotes: z.array(
    z.object({ id: z.uuid(), number: z.string(), issuedAt: timestamp, totalTtc: z.number() }),
  ),
  /** What an invoice's credit notes may still take (TTC); 0 for a credit note. */
  remainingTtc: z.number(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const CreditNoteResultSchema = z.object({
  message: z.string(),
  creditNote: InvoiceSchema,
  /** What remains uncredited on the invoice afterwards (TTC, MAD). */
  remainingTtc: z.number(),
});
export type CreditNoteResult = z.infer<typeof CreditNoteResultSchema>;
