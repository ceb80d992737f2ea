/**
 * Money is kept in centimes (integers) in the database and shown in MAD. These are the one
 * conversion each way and the one shortfall and over-collection rules, for every feature that reads or writes amounts.
 */

/** MAD as entered or priced (at most two decimals) to whole centimes. */
export function madToCentimes(mad: number): number {
  return Math.round(mad * 100);
}

export function centimesToMad(centimes: number): number {
  return centimes / 100;
}

/**
 * What a driver collected short of the amount due at the door (the order's amount to collect,
 * docs/decisions/0020-merchant-money.md), in centimes; null when nothing was collected yet or the
 * amount due was collected in full.
 */
export function cashShortfallCentimes(
  dueCentimes: number,
  collectedCentimes: number | null,
): number | null {
  if (collectedCentimes === null || collectedCentimes >= dueCentimes) return null;
  return dueCentimes - collectedCentimes;
}

/**
 * What a driver collected above the amount due at the door, in centimes; null when nothing was
 * collected yet or no more than that. It is flagged for the office and never becomes the order's
 * price or its payment (docs/decisions/0018-lists-streams-cash-positions.md).
 */
export function cashOverCollectionCentimes(
  dueCentimes: number,
  collectedCentimes: number | null,
): number | null {
  if (collectedCentimes === null || collectedCentimes <= dueCentimes) return null;
  return collectedCentimes - dueCentimes;
}
