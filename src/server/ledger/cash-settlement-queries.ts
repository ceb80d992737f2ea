import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders } from '../db/schema';

/**
 * Spreads `amountCentimes` handed in by a driver over their deliveries whose collected cash is
 * not all handed in yet, oldest delivery first (docs/decisions/0020-merchant-money.md): each takes
 * what is left on it, or what is left of the amount. One statement over orders_driver_cash_due_idx,
 * which holds only the deliveries a driver still carries cash for, so its cost follows the cash
 * on the road, not the driver's history. The caller holds the driver's lock: two remittances of
 * one driver never spread at once. Answers the orders it touched, `settled` when all their
 * collected cash is now handed in.
 */
export async function handInDriverCash(tx: Database, driverId: string, amountCentimes: number) {
  const left = sql<number>`${orders.cashCollectedCentimes} - ${orders.cashHandedInCentimes}`;
  const due = tx
    .select({
      orderId: sql<string>`${orders.id}`.as('due_order_id'),
      left: left.as('left_centimes'),
      // What the older deliveries take first.
      before:
        sql<number>`sum(${left}) over (order by ${orders.deliveryDate}, ${orders.id}) - ${left}`.as(
          'before_centimes',
        ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.driverId, driverId),
        gt(orders.cashCollectedCentimes, orders.cashHandedInCentimes),
      ),
    )
    .as('due');
  const amount = sql`${amountCentimes}::bigint`;
  return tx
    .update(orders)
    .set({
      cashHandedInCentimes: sql`${orders.cashHandedInCentimes} + least(${due.left}, ${amount} - ${due.before})`,
    })
    .from(due)
    .where(and(eq(orders.id, due.orderId), lt(due.before, amount)))
    .returning({
      orderId: orders.id,
      settled: sql<boolean>`${orders.cashHandedInCentimes} = ${orders.cashCollectedCentimes}`,
    });
}
