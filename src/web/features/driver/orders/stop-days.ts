import type { DriverOrder } from '#shared/schemas/driver-schemas';

/** The postponed stops of one day (docs/decisions/0023-failed-deliveries-and-returns.md). */
export interface StopDay {
  /** YYYY-MM-DD, Morocco's day. */
  day: string;
  orders: DriverOrder[];
}

/**
 * The driver's round as the page shows it: today's stops (no day set, or a day already come) and
 * then the postponed ones under their day. The server's list is in that order already; this only
 * cuts it, keeping each part's order.
 */
export function splitByStopDay(
  onTheRoad: readonly DriverOrder[],
  today: string,
): { today: DriverOrder[]; later: StopDay[] } {
  const dueToday: DriverOrder[] = [];
  const later: StopDay[] = [];
  for (const order of onTheRoad) {
    const day = order.nextAttemptOn;
    if (!day || day <= today) {
      dueToday.push(order);
      continue;
    }
    const last = later.at(-1);
    if (last?.day === day) last.orders.push(order);
    else later.push({ day, orders: [order] });
  }
  return { today: dueToday, later };
}
