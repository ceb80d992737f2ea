import { z } from 'zod';
import {
  CreatePayoutBatchResultSchema,
  CreatePayoutBatchSchema,
  LedgerAdjustmentResultSchema,
  LedgerAdjustmentSchema,
  MarkPayoutPaidSchema,
  PayoutBalanceQuerySchema,
  PayoutBalanceRowSchema,
  PayoutBatchDetailSchema,
  PayoutBatchQuerySchema,
  PayoutBatchSchema,
} from '#shared/schemas/payout-schemas';
import { officeActorOf } from '../audit/office-actions';
import { toCsv } from '../http/csv';
import { ErrorBodySchema, localeOf, messageTextIn } from '../http/errors';
import { requireIdempotencyKey } from '../http/idempotency';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { payoutBalanceCsvColumns, payoutBatchCsvColumns, transferCsvColumns } from './payout-view';
import type { PayoutsService } from './payouts-service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const IdParams = z.object({ id: z.string().max(100) });

/** The office's payouts and ledger adjustments (docs/decisions/0020-merchant-money.md, "Payouts"). */
export function registerPayoutRoutes(app: ZodApp, payoutsService: PayoutsService): void {
  const adminOnly = app.requireRole('ADMIN');

  registerListRoutes(app, {
    path: '/admin/payouts/balances',
    summary:
      "Organizations' balances to pay: payable, with drivers, in payout, fees; payable first",
    tags,
    querystring: PayoutBalanceQuerySchema,
    item: PayoutBalanceRowSchema,
    guard: adminOnly,
    exportName: 'payout-balances',
    csvColumns: payoutBalanceCsvColumns,
    list: (query, page) => payoutsService.listBalances(query, page),
  });

  registerListRoutes(app, {
    path: '/admin/payouts',
    summary: 'Payout batches, newest first',
    tags,
    querystring: PayoutBatchQuerySchema,
    item: PayoutBatchSchema,
    guard: adminOnly,
    exportName: 'payout-batches',
    csvColumns: payoutBatchCsvColumns,
    list: (query, page) => payoutsService.listBatches(query, page),
  });

  app.post(
    '/admin/payouts',
    {
      schema: {
        tags,
        security,
        summary: 'Build a payout batch of every organization due one, or of the named ones',
        description:
          'Takes every payable ledger row of each organization whose payable balance is at ' +
          'least the payout minimum (named organizations: more than 0) and which has a valid ' +
          'RIB; the others are listed in `excluded` with the reason. 409 ' +
          '`payout.nothing_to_pay` when nobody can be paid (no batch is made). Requires an ' +
          '`Idempotency-Key` header (400 without): a retry gets the first answer back.',
        body: CreatePayoutBatchSchema,
        response: {
          201: CreatePayoutBatchResultSchema,
          400: ErrorBodySchema,
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
        .send(await payoutsService.createBatch(request.body, officeActorOf(request))),
  );

  app.get(
    '/admin/payouts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A payout batch and its transfers',
        params: IdParams,
        response: { 200: PayoutBatchDetailSchema, 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => payoutsService.getBatch(request.params.id),
  );

  app.get(
    '/admin/payouts/:id/transfers.csv',
    {
      schema: {
        tags,
        security,
        summary: "The batch's transfers as a bank's bulk import takes them",
        description:
          'One line per transfer: holder, RIB, amount (MAD, 2 decimals, dot), reference. No ' +
          'total line; the total is in the `X-Payout-Total` header.',
        params: IdParams,
        response: { 200: z.string().describe('text/csv attachment'), 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { batch, items } = await payoutsService.getBatch(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${batch.number}-transfers.csv"`)
        .header('x-payout-total', batch.total.toFixed(2))
        .send(
          toCsv(transferCsvColumns, items, (code) =>
            messageTextIn(localeOf(request), { code, params: {} }),
          ),
        );
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      schema: {
        tags,
        security,
        summary: "Mark a batch's transfers made: payout ledger rows, merchants told",
        description:
          'Once: a second time is a 409 `payout.already_paid`. `paidAt` is the day of the ' +
          'transfers in Morocco (YYYY-MM-DD), neither in the future nor before the batch.',
        params: IdParams,
        body: MarkPayoutPaidSchema,
        response: {
          200: PayoutBatchDetailSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
      preHandler: app.idempotent,
    },
    async (request) =>
      payoutsService.markPaid(request.params.id, request.body, officeActorOf(request)),
  );

  app.post(
    '/admin/organizations/:id/ledger-adjustments',
    {
      schema: {
        tags,
        security,
        summary: "Adjust an organization's ledger by a signed amount, with a reason",
        params: IdParams,
        body: LedgerAdjustmentSchema,
        response: {
          201: LedgerAdjustmentResultSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
      preHandler: app.idempotent,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payoutsService.adjustLedger(
            request.params.id,
            request.body,
            officeActorOf(request),
          ),
        ),
  );
}
