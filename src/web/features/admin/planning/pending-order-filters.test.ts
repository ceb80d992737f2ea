import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { filterPendingOrders } from './pending-order-filters';

const order = (id: string, pickup: string, delivery: string, createdAt: string) =>
  ({ id, pickup_loc: pickup, delivery_loc: delivery, createdAt }) as AdminOrder;

const orders = [
  order('a', 'Casablanca', 'Rabat', '2026-05-12T10:00:00.000Z'),
  order('b', 'Rabat', 'Fes', '2026-05-12T23:30:00.000Z'),
  order('c', 'Agadir', 'Marrakech', '2026-05-11T09:00:00.000Z'),
];
const ids = (list: AdminOrder[]) => list.map((item) => item.id);

describe('filterPendingOrders', () => {
  it('keeps every order without a filter', () => {
    expect(ids(filterPendingOrders(orders, { city: '', date: '' }))).toEqual(['a', 'b', 'c']);
  });

  it('matches the city at either end', () => {
    expect(ids(filterPendingOrders(orders, { city: 'Rabat', date: '' }))).toEqual(['a', 'b']);
  });

  it('matches the day of creation in Morocco, not in UTC', () => {
    // 23:30 UTC on the 12th is 00:30 on the 13th in Morocco (UTC+1 outside Ramadan).
    expect(ids(filterPendingOrders(orders, { city: '', date: '2026-05-12' }))).toEqual(['a']);
    expect(ids(filterPendingOrders(orders, { city: 'Rabat', date: '2026-05-13' }))).toEqual(['b']);
  });
});
