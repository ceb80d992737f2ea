import type { onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { toBusinessDate } from '../../shared/business-calendar';
import { EXPORT_ROW_LIMIT } from '../../shared/schemas/admin-schemas';
import { toCsv, translateCsvHeaders, type CsvColumn } from './csv';
import { ErrorBodySchema, messageCatalogOf } from './errors';
import type { ZodApp } from './zod-app';
import type { Page } from '../db/page';

export interface ListRouteOptions<Query extends { page: number; pageSize: number }, Item> {
  path: string;
  summary: string;
  tags: string[];
  querystring: z.ZodType<Query>;
  item: z.ZodType<Item>;
  /** The auth guard: runs on request, before the query is read. */
  guard: onRequestAsyncHookHandler;
  /** The export's file name before the date: `orders-pending` → orders-pending-2026-05-01.csv. */
  exportName: string;
  csvColumns: readonly CsvColumn<Item>[];
  list(query: Query, page: Page): Promise<{ items: Item[]; total: number }>;
}

/**
 * A list the way every admin list works (docs/product.md, decision 11): `GET path` answers one page
 * as a plain array with the total in X-Total-Count; `GET path/export.csv` answers the newest
 * EXPORT_ROW_LIMIT rows matching the same filters as a CSV attachment, its column names in the
 * request's language (Accept-Language).
 */
export function registerListRoutes<Query extends { page: number; pageSize: number }, Item>(
  app: ZodApp,
  options: ListRouteOptions<Query, Item>,
): void {
  const { path, summary, tags, querystring, guard } = options;
  const security = [{ bearerAuth: [] }];

  app.get(
    path,
    {
      schema: {
        tags,
        security,
        summary,
        querystring,
        response: { 200: z.array(options.item), 400: ErrorBodySchema },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const query = request.query as Query;
      const { items, total } = await options.list(query, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    `${path}/export.csv`,
    {
      schema: {
        tags,
        security,
        summary: `${summary}: CSV export of up to ${EXPORT_ROW_LIMIT} rows (same q and status)`,
        querystring,
        response: { 200: z.string().describe('text/csv attachment'), 400: ErrorBodySchema },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const { items, total } = await options.list(request.query as Query, {
        limit: EXPORT_ROW_LIMIT,
        offset: 0,
      });
      const filename = `${options.exportName}-${toBusinessDate(new Date())}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-total-count', String(total))
        .send(toCsv(translateCsvHeaders(options.csvColumns, messageCatalogOf(request)), items));
    },
  );
}
