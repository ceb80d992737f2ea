import { describe, expect, it } from 'vitest';
import { renderMessageKey } from '../i18n/message-catalogs';
import type { z } from 'zod';
import { AdminPaymentListQuerySchema } from './admin-schemas';
import { CashDriverListQuerySchema } from './cash-schemas';
import { AdminTruckListQuerySchema } from './fleet-schemas';
import { lastUsefulPage, ListQuerySchema, MAX_LISTED_ROWS } from './list-schemas';
import { MessageListQuerySchema } from './message-schemas';
import { NotificationListQuerySchema } from './notification-schemas';
import { OrderListQuerySchema } from './order-schemas';

const everyListQuery: Array<[string, z.ZodType]> = [
  ['ListQuerySchema', ListQuerySchema],
  ['AdminPaymentListQuerySchema', AdminPaymentListQuerySchema],
  ['AdminTruckListQuerySchema', AdminTruckListQuerySchema],
  ['CashDriverListQuerySchema', CashDriverListQuerySchema],
  ['MessageListQuerySchema', MessageListQuerySchema],
  ['NotificationListQuerySchema', NotificationListQuerySchema],
];

/** The messages by field of a refused query; undefined when it is accepted. */
function refusals(schema: z.ZodType, query: Record<string, string>) {
  const result = schema.safeParse(query);
  if (result.success) return undefined;
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), renderMessageKey(issue.message)]),
  );
}

describe('the page cap', () => {
  it('ends at the last page that starts within the first 100 000 rows', () => {
    expect(MAX_LISTED_ROWS).toBe(100_000);
    expect(lastUsefulPage(100)).toBe(1000);
    expect(lastUsefulPage(30)).toBe(3334);
    expect(lastUsefulPage(1)).toBe(100_000);
  });

  it.each(everyListQuery)('%s takes the last useful page and refuses the next', (_name, schema) => {
    expect(refusals(schema, { page: '1000' })).toBeUndefined();
    expect(refusals(schema, { page: '1001' })).toEqual({ page: 'page must be 1000 or less' });
    expect(refusals(schema, { page: '3334', pageSize: '30' })).toBeUndefined();
    expect(refusals(schema, { page: '3335', pageSize: '30' })).toEqual({
      page: 'page must be 3334 or less',
    });
    expect(refusals(schema, { page: '1000000000000' })).toEqual({
      page: 'page must be 1000 or less',
    });
  });

  it('names the page size, not the page, when the page size is wrong', () => {
    expect(refusals(ListQuerySchema, { page: '5000', pageSize: '500' })).toEqual({
      pageSize: 'pageSize must be 100 or less',
    });
  });

  it('reports the cap with the other refused parameters', () => {
    expect(refusals(ListQuerySchema, { page: '1001', q: 'x'.repeat(101) })).toEqual({
      q: 'q must be 100 characters or less',
      page: 'page must be 1000 or less',
    });
  });
});

describe('status filters', () => {
  it('are at most 200 characters', () => {
    const statuses = 'pending,'.repeat(25);
    expect(statuses).toHaveLength(200);
    expect(refusals(OrderListQuerySchema, { status: statuses })).toBeUndefined();
    expect(refusals(OrderListQuerySchema, { status: `${statuses},` })).toEqual({
      status: 'status must be 200 characters or less',
    });
  });
});

describe('keyset anchors of the order lists', () => {
  const id = '6f1c2a9e-4b7d-4c1e-9a3f-2d5e8b0c7a14';

  it('take an order id after or before, on a page nearby', () => {
    expect(refusals(OrderListQuerySchema, { page: '5', after: id })).toBeUndefined();
    expect(
      refusals(OrderListQuerySchema, { page: '5', before: id, anchorPage: '7' }),
    ).toBeUndefined();
    expect(OrderListQuerySchema.parse({ page: '5', after: id, anchorPage: '3' })).toMatchObject({
      page: 5,
      after: id,
      anchorPage: 3,
    });
  });

  it('refuse an anchor that cannot place the page', () => {
    expect(refusals(OrderListQuerySchema, { after: id, before: id })).toEqual({
      before: 'after and before cannot be used together',
    });
    expect(refusals(OrderListQuerySchema, { after: 'MA-1234' })).toEqual({
      after: 'after must be an order id',
    });
    expect(refusals(OrderListQuerySchema, { page: '5', after: id, anchorPage: '5' })).toEqual({
      anchorPage: 'anchorPage must be less than page',
    });
    expect(refusals(OrderListQuerySchema, { page: '5', before: id, anchorPage: '4' })).toEqual({
      anchorPage: 'anchorPage must be more than page',
    });
    expect(refusals(OrderListQuerySchema, { page: '5', anchorPage: '4' })).toEqual({
      anchorPage: 'anchorPage needs after or before',
    });
  });
});
