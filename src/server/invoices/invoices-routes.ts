import { z } from 'zod';
import {
  AdminInvoiceListQuerySchema,
  CreditNoteResultSchema,
  CreditNoteSchema,
  InvoiceDetailSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  IssueInvoicesResultSchema,
  IssueInvoicesSchema,
} from '#shared/schemas/invoice-schemas';
import { officeActorOf } from '../audit/office-actions';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { pdfResponse, sendPdf } from '../http/pdf-reply';
import { invoiceCsvColumns } from './invoice-view';
import type { InvoicesService } from './invoices-service';

const security = [{ bearerAuth: [] }];
const InvoiceIdParams = z.object({ id: z.string().max(100) });

const InvoicePdfResponse = pdfResponse('The invoice or credit note as a PDF (in French)');

/**
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"): the office
 * issues, lists, reads and credits them; an organization's owner and accountant list theirs.
 */
export function registerInvoiceRoutes(app: ZodApp, invoicesService: InvoicesService): void {
  const adminOnly = app.requireRole('ADMIN');
  const customerOnly = app.requireRole('USER');

  app.post(
    '/admin/invoices/issue',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "Issue a past month's invoices to every organization with fees that month",
        description:
          'Idempotent per organization and month: an organization already invoiced for the ' +
          'month is counted in `alreadyIssued`, never invoiced twice. The current or a future ' +
          'month → 400.',
        body: IssueInvoicesSchema,
        response: { 200: IssueInvoicesResultSchema, 400: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => invoicesService.issueMonth(request.body.month, officeActorOf(request)),
  );

  registerListRoutes(app, {
    path: '/admin/invoices',
    summary: 'Invoices and credit notes, newest first',
    tags: ['admin'],
    querystring: AdminInvoiceListQuerySchema,
    item: InvoiceSchema,
    guard: adminOnly,
    exportName: 'invoices',
    csvColumns: invoiceCsvColumns,
    list: (query, page) => invoicesService.listForOffice(query, page),
  });

  app.get(
    '/admin/invoices/:id',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'One invoice or credit note with its lines and credit notes',
        params: InvoiceIdParams,
        response: { 200: z.object({ invoice: InvoiceDetailSchema }), 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ invoice: await invoicesService.readForOffice(request.params.id) }),
  );

  app.get(
    '/admin/invoices/:id/pdf',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'An invoice or credit note as a PDF (French)',
        params: InvoiceIdParams,
        response: {
          200: InvoicePdfResponse,
          404: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPdf(reply, await invoicesService.renderForOffice(request.params.id), 'attachment'),
  );

  app.post(
    '/admin/invoices/:id/credit-note',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Issue a credit note against an invoice (all that remains, or `amount` of it)',
        params: InvoiceIdParams,
        body: CreditNoteSchema,
        response: {
          201: CreditNoteResultSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await invoicesService.issueCreditNote(
            request.params.id,
            request.body,
            officeActorOf(request),
          ),
        ),
  );

  registerListRoutes(app, {
    path: '/dashboard/invoices',
    summary: "My organization's invoices and credit notes, newest first (owner and accountant)",
    tags: ['customer'],
    querystring: InvoiceListQuerySchema,
    item: InvoiceSchema,
    guard: customerOnly,
    exportName: 'my-invoices',
    csvColumns: invoiceCsvColumns,
    bodyKey: 'invoices',
    list: (query, page, request) => invoicesService.listForCustomer(authOf(request), query, page),
  });

  app.get(
    '/dashboard/invoices/:id/pdf',
    {
      schema: {
        tags: ['customer'],
        security,
        summary:
          "One of my organization's invoices or credit notes as a PDF (owner and accountant)",
        params: InvoiceIdParams,
        response: {
          200: InvoicePdfResponse,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoicesService.renderForCustomer(authOf(request), request.params.id),
        'attachment',
      ),
  );
}
