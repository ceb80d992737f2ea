import {
  LedgerEntrySchema,
  LedgerListQuerySchema,
  MerchantBalanceSchema,
  MerchantPayoutSchema,
  PayoutListQuerySchema,
  PayoutStatementParamsSchema,
} from '#shared/schemas/ledger-schemas';
import type { FastifyReply } from 'fastify';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema, localeOf } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import { pdfResponse, sendPdf } from '../http/pdf-reply';
import type { ZodApp } from '../http/zod-app';
import type { MerchantMoneyService } from './merchant-money-service';
import { ledgerEntryCsvColumns, merchantPayoutCsvColumns } from './merchant-money-view';

const tags = ['customer'];
const security = [{ bearerAuth: [] }];

/**
 * The merchant's money screens' routes (docs/decisions/0020-merchant-money.md): customers only
 * (the guard), then the organization's owner and accountant (the service: 403 for staff).
 */
export function registerMerchantMoneyRoutes(app: ZodApp, service: MerchantMoneyService): void {
  const customerOnly = app.requireRole('USER');

  app.get(
    '/dashboard/balance',
    {
      schema: {
        tags,
        security,
        summary: "My organization's balance: collected, fees, payable now, with drivers, paid out",
        response: { 200: MerchantBalanceSchema, 403: ErrorBodySchema },
      },
      onRequest: customerOnly,
    },
    async (request) => service.readBalance(authOf(request)),
  );

  registerListRoutes(app, {
    path: '/dashboard/ledger',
    summary: "My organization's ledger, newest first (filter by type and days)",
    tags,
    querystring: LedgerListQuerySchema,
    item: LedgerEntrySchema,
    guard: customerOnly,
    exportName: 'ledger',
    csvColumns: ledgerEntryCsvColumns,
    bodyKey: 'entries',
    list: (query, page, request) => service.listLedger(authOf(request), query, page),
  });

  registerListRoutes(app, {
    path: '/dashboard/payouts',
    summary: "My organization's payouts, newest first",
    tags,
    querystring: PayoutListQuerySchema,
    item: MerchantPayoutSchema,
    guard: customerOnly,
    exportName: 'payouts',
    csvColumns: merchantPayoutCsvColumns,
    bodyKey: 'payouts',
    list: (query, page, request) => service.listPayouts(authOf(request), query, page),
  });

  app.get(
    '/dashboard/payouts/:batchId/statement.pdf',
    {
      schema: {
        tags,
        security,
        summary:
          "One payout's statement (PDF, in the request's language): per parcel its COD, fees and net",
        params: PayoutStatementParamsSchema,
        response: {
          200: pdfResponse("The payout's statement as a PDF"),
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      const statement = await service.renderStatement(
        authOf(request),
        request.params.batchId,
        localeOf(request),
      );
      return sendPdf(reply as FastifyReply, statement, 'attachment');
    },
  );
}
