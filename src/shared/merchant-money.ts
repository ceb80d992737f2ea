/**
 * The words of merchants' money (docs/decisions/0020-merchant-money.md), shared by the server, the
 * screens and the tests.
 */

/** Who pays the delivery fee: the merchant (sender), or the receiver in cash at the door. */
export const FEE_PAYERS = ['sender', 'receiver'] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];

/**
 * The kinds of rows in an organization's ledger. Positive amounts are owed to the merchant,
 * negative ones are taken from what is owed.
 */
export const LEDGER_ENTRY_TYPES = [
  'cod_collected',
  'delivery_fee',
  'cod_fee',
  'payout',
  'adjustment',
  /** A parcel brought back to its sender (docs/decisions/0023-failed-deliveries-and-returns.md). */
  'return_fee',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** The most a receiver can be asked to pay for the goods at the door, in MAD. */
export const MAX_COD_AMOUNT_MAD = 100_000;

/**
 * What the driver collects at the door, in centimes: the goods' value, plus the price when the
 * receiver pays the fee. The database keeps the same rule as a generated column
 * (orders.amount_to_collect_centimes); this copy serves the wizard's preview.
 */
export function amountToCollectCentimes(order: {
  codAmountCentimes: number;
  feePaidBy: FeePayer;
  priceCentimes: number;
}): number {
  return order.codAmountCentimes + (order.feePaidBy === 'receiver' ? order.priceCentimes : 0);
}
