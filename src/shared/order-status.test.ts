import { describe, expect, it } from 'vitest';
import {
  getPaymentStatusTone,
  getRoleTone,
  getTrackingState,
  getTruckStatusTone,
  isOrderStatus,
  normalizeOrderStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  ROLES,
  TRACKING_STATE_LABELS,
  TRACKING_STATE_STATUSES,
  TRUCK_STATUSES,
  USER_TYPES,
} from './order-status';

describe('order statuses', () => {
  it('lists the five statuses of the specification, then the two of returns', () => {
    expect(ORDER_STATUSES).toEqual([
      'PENDING',
      'CONFIRMED',
      'IN_TRANSIT',
      'DELIVERED',
      'CANCELLED',
      'RETURNING',
      'RETURNED',
    ]);
  });

  it('recognises only those', () => {
    expect(isOrderStatus('IN_TRANSIT')).toBe(true);
    expect(isOrderStatus('CANCELED')).toBe(false);
    expect(isOrderStatus('in_transit')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });

  it('reads a missing status as PENDING and the legacy CANCELED as CANCELLED', () => {
    expect(normalizeOrderStatus(undefined)).toBe('PENDING');
    expect(normalizeOrderStatus(null)).toBe('PENDING');
    expect(normalizeOrderStatus('')).toBe('PENDING');
    expect(normalizeOrderStatus('  ')).toBe('PENDING');
    expect(normalizeOrderStatus('CANCELED')).toBe('CANCELLED');
    expect(normalizeOrderStatus('canceled')).toBe('CANCELLED');
    expect(normalizeOrderStatus('CANCELLED')).toBe('CANCELLED');
    expect(normalizeOrderStatus(' in_transit ')).toBe('IN_TRANSIT');
    for (const status of ORDER_STATUSES) expect(normalizeOrderStatus(status)).toBe(status);
  });

  it('refuses a status that does not exist', () => {
    expect(() => normalizeOrderStatus('LOADING')).toThrow(RangeError);
  });

  it('labels each status', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      PENDING: 'Pending',
      CONFIRMED: 'Confirmed',
      IN_TRANSIT: 'On the road',
      DELIVERED: 'Delivered',
      CANCELLED: 'Cancelled',
      RETURNING: 'Returning to sender',
      RETURNED: 'Returned',
    });
  });

  it('colours Processing amber, Delivered green, Cancelled red, on the road blue, returning orange and returned grey', () => {
    expect(ORDER_STATUS_TONES).toEqual({
      PENDING: 'amber',
      CONFIRMED: 'amber',
      IN_TRANSIT: 'blue',
      DELIVERED: 'green',
      CANCELLED: 'red',
      RETURNING: 'orange',
      RETURNED: 'grey',
    });
  });
});

describe('tracking display states (docs/product.md, decision 11)', () => {
  it('shows IN_TRANSIT as On the road and PENDING or CONFIRMED as Processing', () => {
    expect(getTrackingState('IN_TRANSIT')).toBe('ON_THE_ROAD');
    expect(getTrackingState('PENDING')).toBe('PROCESSING');
    expect(getTrackingState('CONFIRMED')).toBe('PROCESSING');
    expect(getTrackingState('DELIVERED')).toBeUndefined();
    expect(getTrackingState('CANCELLED')).toBeUndefined();
  });

  it('maps each display state to the statuses a filter asks for', () => {
    expect(TRACKING_STATE_STATUSES).toEqual({
      ON_THE_ROAD: ['IN_TRANSIT', 'RETURNING'],
      PROCESSING: ['PENDING', 'CONFIRMED'],
    });
    expect(TRACKING_STATE_LABELS).toEqual({ ON_THE_ROAD: 'On the road', PROCESSING: 'Processing' });
  });
});

describe('truck, payment and role badges', () => {
  it('colours trucks on delivery orange, available green, anything else grey', () => {
    expect(TRUCK_STATUSES).toEqual(['AVAILABLE', 'ON_DELIVERY']);
    expect(getTruckStatusTone('ON_DELIVERY')).toBe('orange');
    expect(getTruckStatusTone('AVAILABLE')).toBe('green');
    expect(getTruckStatusTone('MAINTENANCE')).toBe('grey');
    expect(getTruckStatusTone('')).toBe('grey');
  });

  it('colours payments unpaid red, pending orange, paid green, whatever the case', () => {
    expect(PAYMENT_STATUSES).toEqual(['unpaid', 'pending', 'paid']);
    expect(getPaymentStatusTone('unpaid')).toBe('red');
    expect(getPaymentStatusTone('Pending')).toBe('orange');
    expect(getPaymentStatusTone('PAID')).toBe('green');
    expect(getPaymentStatusTone('refunded')).toBe('grey');
    expect(getPaymentStatusTone('constructor')).toBe('grey');
  });

  it('colours roles ADMIN blue, USER green, anything else grey', () => {
    expect(ROLES).toEqual(['ADMIN', 'USER']);
    expect(getRoleTone('ADMIN')).toBe('blue');
    expect(getRoleTone('USER')).toBe('green');
    expect(getRoleTone('admin')).toBe('grey');
    expect(getRoleTone('DRIVER')).toBe('grey');
  });

  it('lists the payment methods and user types', () => {
    expect(PAYMENT_METHODS).toEqual(['online', 'cash_on_delivery']);
    expect(USER_TYPES).toEqual(['COMPANY', 'INDIVIDUAL']);
  });
});
