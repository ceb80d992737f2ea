import type { Database } from '../db/open-database';
import { handInDriverCash } from './cash-settlement-queries';
import { releaseOrderEntries } from './ledger-book-queries';

export interface CashSettlement {
  /** Deliveries the remittance touched, fully or partly. */
  ordersTouched: number;
  /** Deliveries whose collected cash is now all handed in: their ledger rows became payable. */
  ordersSettled: number;
  /** Centimes of merchants' ledgers that became payable, all organizations together. */
  releasedCentimes: number;
}

/**
 * What a remittance settles (docs/decisions/0020-merchant-money.md, "Pending, payable, in
 * payout"): the driver's deliveries oldest first, each up to the cash collected on it (what the
 * driver actually holds, even when it fell short of what was to collect). A delivery whose cash
 * is all handed in releases its ledger rows; one partly handed in keeps them pending until a
 * later remittance covers the rest. Runs in the remittance's transaction, under the driver's lock.
 */
export async function settleDriverCash(
  tx: Database,
  driverId: string,
  amountCentimes: number,
  now: Date,
): Promise<CashSettlement> {
  const touched = await handInDriverCash(tx, driverId, amountCentimes);
  const settled = touched.filter((order) => order.settled).map((order) => order.orderId);
  const released = await releaseOrderEntries(tx, settled, now);
  return {
    ordersTouched: touched.length,
    ordersSettled: settled.length,
    releasedCentimes: [...released.values()].reduce((sum, centimes) => sum + centimes, 0),
  };
}
