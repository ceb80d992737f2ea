import { toBusinessDate } from '#shared/business-calendar';
import type { AdminOrder } from '#shared/schemas/admin-schemas';

/**
 * The orders the filters show. The admin list has no filter by city alone nor by day of creation
 * (OrderListQuerySchema: its `q` also matches names and tracking numbers), so both narrow the
 * pending orders read here.
 */
export function filterPendingOrders(
  orders: readonly AdminOrder[],
  filters: { city: string; date: string },
): AdminOrder[] {
  return orders.filter(
    (order) =>
      (!filters.city || order.pickup_loc === filters.city || order.delivery_loc === filters.city) &&
      (!filters.date || toBusinessDate(new Date(order.createdAt)) === filters.date),
  );
}
