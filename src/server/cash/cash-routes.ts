import {
  CashDriverListQuerySchema,
  CashLedgerQuerySchema,
  CashLedgerRowSchema,
  CashRemittanceSchema,
  FlaggedCashOrderSchema,
  RecordRemittanceResultSchema,
  RecordRemittanceSchema,
} from '#shared/schemas/cash-schemas';
import { officeActorOf } from '../audit/office-actions';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import { requireIdempotencyKey } from '../http/idempotency';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import type { CashService } from './cash-service';
import {
  cashLedgerCsvColumns,
  cashRemittanceCsvColumns,
  flaggedCashOrderCsvColumns,
} from './cash-view';

const tags = ['admin'];

export function registerCashRoutes(app: ZodApp, cashService: CashService): void {
  const adminOnly = app.requireRole('ADMIN');

  registerListRoutes(app, {
    path: '/admin/cash',
    summary: 'Cash ledger: per driver, cash collected, handed in and outstanding',
    tags,
    querystring: CashLedgerQuerySchema,
    item: CashLedgerRowSchema,
    guard: adminOnly,
    exportName: 'cash-ledger',
    csvColumns: cashLedgerCsvColumns,
    list: (query, page) => cashService.listLedger(query, page),
  });

  registerListRoutes(app, {
    path: '/admin/cash/remittances',
    summary: 'Cash handed in by drivers, newest first',
    tags,
    querystring: CashDriverListQuerySchema,
    item: CashRemittanceSchema,
    guard: adminOnly,
    exportName: 'cash-remittances',
    csvColumns: cashRemittanceCsvColumns,
    list: (query, page) => cashService.listRemittances(query, page),
  });

  registerListRoutes(app, {
    path: '/admin/cash/flagged',
    summary: 'Cash orders delivered with less, or more, cash collected than their price',
    tags,
    querystring: CashDriverListQuerySchema,
    item: FlaggedCashOrderSchema,
    guard: adminOnly,
    exportName: 'cash-flagged-orders',
    csvColumns: flaggedCashOrderCsvColumns,
    list: (query, page) => cashService.listFlaggedOrders(query, page),
  });

  app.post(
    '/admin/cash/remittances',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Record cash a driver handed in (at most what they hold)',
        description:
          'Requires an `Idempotency-Key` header (400 without): a retry with the key of a ' +
          'request whose answer was lost gets that answer back (`Idempotent-Replayed: true`), ' +
          'and nothing is recorded twice.',
        body: RecordRemittanceSchema,
        response: {
          201: RecordRemittanceResultSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
      preHandler: [requireIdempotencyKey, app.idempotent],
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await cashService.recordRemittance(request.body, authOf(request), officeActorOf(request)),
        ),
  );
}
