import { describe, expect, it } from 'vitest';
import { renderMessageKey } from '../i18n/message-catalogs';
import { UpdateOrderStatusSchema } from './admin-schemas';
import { OrderListQuerySchema } from './order-schemas';

describe('OrderListQuerySchema', () => {
  it('reads statuses in any case and spelling, and a blank filter as none', () => {
    expect(OrderListQuerySchema.parse({ status: 'pending, Canceled' }).status).toEqual([
      'PENDING',
      'CANCELLED',
    ]);
    expect(OrderListQuerySchema.parse({ status: '' }).status).toBeUndefined();
    expect(OrderListQuerySchema.parse({ status: ' , ' }).status).toBeUndefined();
    expect(OrderListQuerySchema.safeParse({ status: 'LOADING' }).success).toBe(false);
  });

  it('defaults to the newest 100', () => {
    expect(OrderListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 100 });
  });
});

describe('UpdateOrderStatusSchema', () => {
  it('takes the three bodies of the status change', () => {
    expect(
      UpdateOrderStatusSchema.parse({
        status: 'IN_TRANSIT',
        truckNumber: ' 12345  a 6 ',
        driverId: 'd',
      }),
    ).toEqual({ status: 'IN_TRANSIT', truckNumber: '12345 A 6', driverId: 'd' });
    expect(UpdateOrderStatusSchema.parse({ status: 'CANCELLED', reason: ' Late ' })).toEqual({
      status: 'CANCELLED',
      reason: 'Late',
    });
    expect(UpdateOrderStatusSchema.parse({ status: 'delivered', reason: '' })).toEqual({
      status: 'DELIVERED',
    });
  });

  it('asks for a truck-driver combination when confirming, and for a status at all', () => {
    const confirm = UpdateOrderStatusSchema.safeParse({ status: 'IN_TRANSIT', truckNumber: 'X1' });
    expect(confirm.error?.issues).toEqual([
      expect.objectContaining({
        path: ['driverId'],
        message: 'dispatch.truck_driver_required',
      }),
    ]);
    const blank = UpdateOrderStatusSchema.safeParse({ status: ' ' });
    expect(renderMessageKey(blank.error?.issues[0]?.message ?? '')).toBe('status is required');
  });
});
