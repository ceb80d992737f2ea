import type { FeePayer } from '#shared/merchant-money';
import type { Database } from '../db/open-database';
import { appendLedgerEntry } from './ledger-book-queries';

/** What a delivered order's ledger rows are made from. */
export interface DeliveredOrderMoney {
  id: string;
  organizationId: string;
  priceCentimes: number;
  codAmountCentimes: number;
  feePaidBy: FeePayer;
  amountToCollectCentimes: number;
  /** What the driver collected at the door; null when there was nothing to collect. */
  cashCollectedCentimes: number | null;
  paymentMethod: 'online' | 'cash_on_delivery';
}

/** The COD fee on the goods' value, rounded to the centime. */
export function codFeeCentimes(codAmountCentimes: number, codFeePercent: number): number {
  return Math.round((codAmountCentimes * codFeePercent) / 100);
}

/**
 * A delivery's rows in its organization's ledger (docs/decisions/0020-merchant-money.md), written
 * by the lifecycle in the delivery's transaction: the goods' value collected for the merchant,
 * the delivery fee when the sender pays it in cash (taken from what is owed to them; nothing when
 * prepaid online or paid by the receiver), and the COD fee. They stay pending until the driver's
 * cash for the order is handed in; with no cash collected (nothing to collect, or a driver who
 * collected nothing, whose shortfall is the office's to settle), they are payable at once.
 */
export async function recordDeliveryEntries(
  tx: Database,
  order: DeliveredOrderMoney,
  settings: { codFeePercent: number },
  now: Date,
): Promise<void> {
  const placement = (order.cashCollectedCentimes ?? 0) > 0 ? 'pending' : 'payable';
  const common = {
    organizationId: order.organizationId,
    orderId: order.id,
    placement,
    createdAt: now,
  } as const;
  if (order.codAmountCentimes > 0) {
    await appendLedgerEntry(tx, {
      ...common,
      type: 'cod_collected',
      amountCentimes: order.codAmountCentimes,
    });
  }
  if (order.feePaidBy === 'sender' && order.paymentMethod === 'cash_on_delivery') {
    await appendLedgerEntry(tx, {
      ...common,
      type: 'delivery_fee',
      amountCentimes: -order.priceCentimes,
    });
  }
  const codFee = codFeeCentimes(order.codAmountCentimes, settings.codFeePercent);
  if (codFee > 0) {
    await appendLedgerEntry(tx, { ...common, type: 'cod_fee', amountCentimes: -codFee });
  }
}

/**
 * A parcel brought back to its sender (docs/decisions/0023-failed-deliveries-and-returns.md): the
 * return fee, a percentage of the delivery price, taken from what is owed to the merchant. No
 * cash changed hands, so it is payable at once; written in the return's transaction.
 */
export async function recordReturnFee(
  tx: Database,
  order: { id: string; organizationId: string },
  feeCentimes: number,
  now: Date,
): Promise<void> {
  if (feeCentimes <= 0) return;
  await appendLedgerEntry(tx, {
    organizationId: order.organizationId,
    orderId: order.id,
    placement: 'payable',
    type: 'return_fee',
    amountCentimes: -feeCentimes,
    createdAt: now,
  });
}
