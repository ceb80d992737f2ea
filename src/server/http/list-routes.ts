import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { toBusinessDate } from '#shared/business-calendar';
import { EXPORT_ROW_LIMIT } from '#shared/schemas/admin-schemas';
import { toCsv, type CsvColumn } from './csv';
import { ErrorBodySchema, localeOf, messageTextIn } from './errors';
import type { ZodApp } from './zod-app';
import type { ListTotal } from '../db/list-total';
import type { Page } from '../db/page';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every list's rate limit per account (auth/attempt-limits.ts, createListLimits). */
    listLimits: preHandlerAsyncHookHandler;
  }
}

/** What every list query holds; the order lists' also name an order to page from. */
interface PagedQuery {
  page: number;
  pageSize: number;
  after?: string;
  before?: string;
  anchorPage?: number;
}

/**
 * The page a list query asks for (`after`/`before` on `anchorPage`: keyset paging,
 * docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"; the schema has checked that the anchor's page lies on the
 * right side of `page`).
 */
function pageOf({ page, pageSize, after, before, anchorPage }: PagedQuery): Page {
  const offsetPage = { limit: pageSize, offset: (page - 1) * pageSize };
  if (after) {
    const skip = (page - (anchorPage ?? page - 1) - 1) * pageSize;
    return { ...offsetPage, anchor: { orderId: after, side: 'after', skip } };
  }
  if (before) {
    const skip = ((anchorPage ?? page + 1) - page - 1) * pageSize;
    return { ...offsetPage, anchor: { orderId: before, side: 'before', skip } };
  }
  return offsetPage;
}

export interface ListRouteOptions<Query extends PagedQuery, Item> {
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
  /** The customer lists answer `{ [bodyKey]: items }`; without it a page is a plain array. */
  bodyKey?: string;
  list(
    query: Query,
    page: Page,
    request: FastifyRequest,
  ): Promise<{ items: Item[]; total: ListTotal }>;
}

/** X-Total-Count, and X-Total-Capped when more rows match than were counted. */
function setTotalHeaders(reply: FastifyReply, total: ListTotal): void {
  reply.header('x-total-count', String(total.count));
  if (total.capped) reply.header('x-total-capped', 'true');
}

/**
 * A list the way every list works (docs/product.md, decision 11): `GET path` answers one page with
 * the total in X-Total-Count (capped: docs/architecture.md, "Lists at scale"); `GET
 * path/export.csv` answers the newest EXPORT_ROW_LIMIT rows matching the same filters as a CSV
 * attachment, its column names in the request's language (Accept-Language).
 */
export function registerListRoutes<Query extends PagedQuery, Item>(
  app: ZodApp,
  options: ListRouteOptions<Query, Item>,
): void {
  const { path, summary, tags, querystring, guard, bodyKey } = options;
  const security = [{ bearerAuth: [] }];
  const itemList = z.array(options.item);

  app.get(
    path,
    {
      schema: {
        tags,
        security,
        summary,
        querystring,
        response: {
          200: bodyKey ? z.object({ [bodyKey]: itemList }) : itemList,
          400: ErrorBodySchema,
        },
      },
      onRequest: guard,
      preHandler: app.listLimits,
    },
    async (request, reply) => {
      const query = request.query as Query;
      const { items, total } = await options.list(query, pageOf(query), request);
      setTotalHeaders(reply, total);
      return bodyKey ? { [bodyKey]: items } : items;
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
      preHandler: app.listLimits,
    },
    async (request, reply) => {
      const { items, total } = await options.list(
        request.query as Query,
        { limit: EXPORT_ROW_LIMIT, offset: 0 },
        request,
      );
      const filename = `${options.exportName}-${toBusinessDate(new Date())}.csv`;
      setTotalHeaders(reply, total);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(
          toCsv(options.csvColumns, items, (code) =>
            messageTextIn(localeOf(request), { code, params: {} }),
          ),
        );
    },
  );
}
