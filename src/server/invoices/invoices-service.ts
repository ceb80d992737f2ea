import type { FastifyBaseLogger } from 'fastify';
import { toBusinessDate } from '#shared/business-calendar';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { messageKey } from '#shared/i18n/message-key';
import {
  businessMonthOf,
  formatInvoiceNumber,
  monthPeriod,
  splitTaxIncluded,
  type InvoiceCarrier,
  type InvoiceLineKind,
} from '#shared/invoices';
import { centimesToMad, madToCentimes } from '#shared/money';
import type {
  AdminInvoiceListQuery,
  CreditNote,
  CreditNoteResult,
  Invoice,
  InvoiceDetail,
  InvoiceListQuery,
  IssueInvoicesResult,
} from '#shared/schemas/invoice-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { AuthContext } from '../auth/auth-service';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import { readBusinessSettings, type BusinessSettings } from '../settings/business-settings-reads';
import { toInvoiceDocument } from './invoice-document';
import { toInvoice, toInvoiceDetail } from './invoice-view';
import {
  findInvoice,
  findInvoiceCustomer,
  findMonthInvoice,
  insertInvoice,
  insertInvoiceLines,
  listLedgerFees,
  listCreditNotes,
  listDeliveryFees,
  listInvoiceLines,
  listInvoices,
  listOrganizationsDeliveredIn,
  lockInvoice,
  sumCredited,
  takeNextNumber,
  type InvoiceFilter,
  type Period,
} from './invoices-queries';

interface InvoicesServiceDeps {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Who issues: an admin (an office action, audited), or the monthly job (null: no audit row). */
export type Issuer = OfficeActor | null;

type IssueOutcome = 'issued' | 'alreadyIssued' | 'skipped';

/** Thrown inside an issuing transaction that lost the race: it rolls back, number and all. */
class AlreadyIssued extends Error {}

interface FeeLine {
  kind: InvoiceLineKind;
  orderId: string | null;
  reference: string | null;
  amountCentimes: number;
}

function carrierOf(settings: BusinessSettings): InvoiceCarrier {
  return {
    legalName: settings.legalName,
    address: settings.address,
    ice: settings.ice,
    if: settings.ifNumber,
    rc: settings.rc,
    tp: settings.tp,
    patente: settings.patente,
  };
}

/** The year of an instant in Morocco: the year a document issued then is numbered in. */
const businessYearOf = (instant: Date) => Number(toBusinessDate(instant).slice(0, 4));

/**
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"). An invoice holds
 * the carrier's fees to one organization for one month of Morocco's calendar: a line per
 * delivery fee the organization paid (sender-pays orders delivered that month), a line per COD
 * fee and per return fee the ledger took that month, prices tax included. Each is issued in its own transaction,
 * which takes the next number under the counter's row lock; a transaction that finds the month
 * already invoiced rolls back and gives the number back, so numbers have no gap and no repeat.
 */
export function createInvoicesService({ db, clock, log }: InvoicesServiceDeps) {
  async function readFeeLines(organizationId: string, period: Period): Promise<FeeLine[]> {
    const [deliveryFees, codFees, returnFees] = await Promise.all([
      listDeliveryFees(db, organizationId, period),
      listLedgerFees(db, organizationId, 'cod_fee', period),
      listLedgerFees(db, organizationId, 'return_fee', period),
    ]);
    return [
      ...deliveryFees.map((fee) => ({
        kind: 'delivery_fee' as const,
        orderId: fee.orderId,
        reference: fee.trackingNumber,
        amountCentimes: fee.amountCentimes,
      })),
      ...codFees
        .filter((fee) => fee.amountCentimes > 0)
        .map((fee) => ({
          kind: 'cod_fee' as const,
          orderId: fee.orderId,
          reference: fee.trackingNumber,
          amountCentimes: fee.amountCentimes,
        })),
      // A parcel brought back is invoiced its return fee, a line of its own (docs/decisions/0023).
      ...returnFees.map((fee) => ({
        kind: 'return_fee' as const,
        orderId: fee.orderId,
        reference: fee.trackingNumber,
        amountCentimes: fee.amountCentimes,
      })),
    ];
  }

  async function issueForOrganization(
    organizationId: string,
    month: string,
    period: Period,
    settings: BusinessSettings,
    issuer: Issuer,
  ): Promise<IssueOutcome> {
    if (await findMonthInvoice(db, organizationId, month)) return 'alreadyIssued';
    const lines = await readFeeLines(organizationId, period);
    if (lines.length === 0) return 'skipped';
    const customer = await findInvoiceCustomer(db, organizationId);
    if (!customer) return 'skipped';
    const ttc = lines.reduce((sum, line) => sum + line.amountCentimes, 0);
    const { htCentimes, vatCentimes } = splitTaxIncluded(ttc, settings.vatRatePercent);
    try {
      await db.transaction(async (tx) => {
        const now = clock();
        const year = businessYearOf(now);
        const sequence = await takeNextNumber(tx, 'invoice', year);
        const invoice = await insertInvoice(tx, {
          kind: 'invoice',
          number: formatInvoiceNumber('invoice', year, sequence),
          organizationId,
          month,
          periodStart: period.from,
          periodEnd: period.to,
          issuedAt: now,
          customerName: customer.name,
          customerAddress: customer.address || null,
          customerIce: customer.ice || null,
          carrier: carrierOf(settings),
          vatRatePercent: String(settings.vatRatePercent),
          totalHtCentimes: htCentimes,
          totalVatCentimes: vatCentimes,
          totalTtcCentimes: ttc,
          lineCount: lines.length,
          issuedByUserId: issuer?.userId ?? null,
        });
        if (!invoice) throw new AlreadyIssued();
        await insertInvoiceLines(
          tx,
          lines.map((line, index) => ({
            invoiceId: invoice.id,
            position: index + 1,
            kind: line.kind,
            reference: line.reference,
            orderId: line.orderId,
            quantity: 1,
            unitTtcCentimes: line.amountCentimes,
            totalTtcCentimes: line.amountCentimes,
          })),
        );
        if (issuer) {
          await recordOfficeAction(tx, {
            actor: issuer,
            action: 'invoice.issue',
            record: { type: 'invoice', id: invoice.id },
            after: {
              number: invoice.number,
              month,
              organizationId,
              totalTtcCentimes: ttc,
              lineCount: lines.length,
            },
          });
        }
      });
    } catch (error) {
      if (error instanceof AlreadyIssued) return 'alreadyIssued';
      throw error;
    }
    return 'issued';
  }

  async function readDetail(id: string, organizationId?: string): Promise<InvoiceDetail> {
    const row = isUuid(id) ? await findInvoice(db, id, organizationId) : undefined;
    if (!row) throw notFound('invoice.not_found');
    const [lines, creditNotes] = await Promise.all([
      listInvoiceLines(db, id),
      row.invoice.kind === 'invoice' ? listCreditNotes(db, id) : [],
    ]);
    return toInvoiceDetail(row, lines, creditNotes);
  }

  /** The document as a PDF, with the file name it is saved under. */
  async function renderPdf(
    id: string,
    organizationId?: string,
  ): Promise<{ pdf: Buffer; filename: string }> {
    const row = isUuid(id) ? await findInvoice(db, id, organizationId) : undefined;
    if (!row) throw notFound('invoice.not_found');
    const lines = await listInvoiceLines(db, id);
    // Loaded on first use: pdfkit and fontkit take about 0.4 s to import, which every process
    // (and every API test file) would otherwise pay at start.
    const { renderInvoicePdf } = await import('../documents/invoice-pdf');
    const pdf = await renderInvoicePdf(toInvoiceDocument(row, lines));
    return { pdf, filename: `${row.invoice.number}.pdf` };
  }

  async function list(filter: InvoiceFilter, page: Page) {
    const { rows, total } = await listInvoices(db, filter, page);
    return { items: rows.map(toInvoice), total };
  }

  return {
    /**
     * Issues the month's invoices of every organization with fees that month; idempotent: an
     * organization already invoiced for it is counted, not invoiced again. Only a month that
     * has ended (in Morocco) can be invoiced. Organizations are taken one after another, each
     * in its own transaction: one organization's failure leaves the others' invoices issued,
     * and a call again finishes the month.
     */
    async issueMonth(month: string, issuer: Issuer): Promise<IssueInvoicesResult> {
      if (month >= businessMonthOf(clock())) {
        throw badRequest(
          'invoice.month_not_past',
          {},
          { month: messageKey('invoice.month_not_past') },
        );
      }
      const period = monthPeriod(month);
      const settings = await readBusinessSettings(db);
      const counts: Record<IssueOutcome, number> = { issued: 0, alreadyIssued: 0, skipped: 0 };
      for (const organizationId of await listOrganizationsDeliveredIn(db, period)) {
        const outcome = await issueForOrganization(organizationId, month, period, settings, issuer);
        counts[outcome] += 1;
      }
      if (counts.issued > 0) {
        log.info({ month, ...counts, byJob: issuer === null }, 'invoices issued');
      }
      return { message: englishMessage('invoice.issued'), month, ...counts };
    },

    /**
     * A credit note against an invoice: all that remains uncredited, or `amount` of it (TTC),
     * at the invoice's VAT rate. The invoice's row is locked first, so two credit notes at once
     * queue and together never exceed it.
     */
    async issueCreditNote(
      invoiceId: string,
      input: CreditNote,
      issuer: OfficeActor,
    ): Promise<CreditNoteResult> {
      const settings = await readBusinessSettings(db);
      const result = await db.transaction(async (tx) => {
        const invoice = isUuid(invoiceId) ? await lockInvoice(tx, invoiceId) : undefined;
        if (!invoice) throw notFound('invoice.not_found');
        if (invoice.kind !== 'invoice') throw conflict('invoice.not_an_invoice');
        const remaining = invoice.totalTtcCentimes - (await sumCredited(tx, invoice.id));
        if (remaining <= 0) throw conflict('invoice.fully_credited');
        const amount = input.amount === undefined ? remaining : madToCentimes(input.amount);
        if (amount > remaining) {
          const params = { amount: centimesToMad(remaining) };
          throw badRequest('invoice.credit_exceeds_remaining', params, {
            amount: messageKey('invoice.credit_exceeds_remaining', params),
          });
        }
        const vatRatePercent = Number(invoice.vatRatePercent);
        const { htCentimes, vatCentimes } = splitTaxIncluded(amount, vatRatePercent);
        const now = clock();
        const year = businessYearOf(now);
        const sequence = await takeNextNumber(tx, 'credit_note', year);
        const note = await insertInvoice(tx, {
          kind: 'credit_note',
          number: formatInvoiceNumber('credit_note', year, sequence),
          organizationId: invoice.organizationId,
          month: invoice.month,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          issuedAt: now,
          creditedInvoiceId: invoice.id,
          reason: input.reason,
          customerName: invoice.customerName,
          customerAddress: invoice.customerAddress,
          customerIce: invoice.customerIce,
          carrier: carrierOf(settings),
          vatRatePercent: invoice.vatRatePercent,
          totalHtCentimes: htCentimes,
          totalVatCentimes: vatCentimes,
          totalTtcCentimes: amount,
          lineCount: 1,
          issuedByUserId: issuer.userId,
        });
        if (!note) throw new Error(`credit note ${sequence} of ${year} could not be inserted`);
        await insertInvoiceLines(tx, [
          {
            invoiceId: note.id,
            position: 1,
            kind: 'credit',
            reference: invoice.number,
            orderId: null,
            quantity: 1,
            unitTtcCentimes: amount,
            totalTtcCentimes: amount,
          },
        ]);
        await recordOfficeAction(tx, {
          actor: issuer,
          action: 'invoice.credit_note',
          record: { type: 'invoice', id: note.id },
          before: { invoiceNumber: invoice.number, remainingCentimes: remaining },
          after: {
            number: note.number,
            amountCentimes: amount,
            remainingCentimes: remaining - amount,
            reason: input.reason,
          },
        });
        return {
          creditNote: toInvoice({ invoice: note, creditedInvoiceNumber: invoice.number }),
          remainingTtc: centimesToMad(remaining - amount),
        };
      });
      return { message: englishMessage('invoice.credit_note_issued'), ...result };
    },

    listForOffice(
      query: AdminInvoiceListQuery,
      page: Page,
    ): Promise<{ items: Invoice[]; total: ListTotal }> {
      return list(
        {
          organizationId: query.organizationId,
          month: query.month,
          kind: query.kind,
          q: query.q || undefined,
        },
        page,
      );
    },

    /** The caller's organization's invoices: its owner and accountant (readMoney) only. */
    listForCustomer(
      auth: AuthContext,
      query: InvoiceListQuery,
      page: Page,
    ): Promise<{ items: Invoice[]; total: ListTotal }> {
      const organizationId = assertOrgRoleMay(auth, 'readMoney');
      return list({ organizationId, month: query.month, kind: query.kind }, page);
    },

    readForOffice: (id: string) => readDetail(id),

    renderForOffice: (id: string) => renderPdf(id),

    /** Another organization's document is not found (404). */
    renderForCustomer: (auth: AuthContext, id: string) =>
      renderPdf(id, assertOrgRoleMay(auth, 'readMoney')),

    /** Another organization's invoice is not found (404), as if it did not exist. */
    readForCustomer: (auth: AuthContext, id: string) =>
      readDetail(id, assertOrgRoleMay(auth, 'readMoney')),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
