/**
 * Money is kept in centimes (integers) in the database and shown in MAD. These are the one
 * conversion each way and the one shortfall rule, for every feature that reads or writes amounts.
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
