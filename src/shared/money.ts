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
 * What a cash order's driver collected short of its price, in centimes; null when nothing was
 * collected yet or the price was collected in full.
 */
export function cashShortfallCentimes(
  priceCentimes: number,
  collectedCentimes: number | null,
): number | null {
  if (collectedCentimes === null || collectedCentimes >= priceCentimes) return null;
  return priceCentimes - collectedCentimes;
}

/**
 * What a cash order's driver collected above its price, in centimes; null when nothing was
 * collected yet or no more than the price. It is flagged for the office and never becomes the
 * order's price or its payment (docs/decisions/0018-lists-streams-cash-positions.md).
 */
export function cashOverCollectionCentimes(
  priceCentimes: number,
  collectedCentimes: number | null,
): number | null {
  if (collectedCentimes === null || collectedCentimes <= priceCentimes) return null;
  return collectedCentimes - priceCentimes;
}
