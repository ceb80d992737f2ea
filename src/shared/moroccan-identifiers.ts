/**
 * Morocco's bank and company identifiers (docs/decisions/0020-merchant-money.md): the RIB a
 * payout is sent to and the ICE an invoice names. Both are kept as digits only; people type
 * them with spaces (as printed on a bank's RIB certificate), so spaces are allowed in input.
 */

/** A RIB: bank (3) + city (3) + account (16) + check key (2) digits. */
export const RIB_LENGTH = 24;
/** The Identifiant Commun de l'Entreprise: 15 digits. */
export const ICE_LENGTH = 15;

/** The digits of an identifier as typed: spaces (and non-breaking ones) removed. */
export function compactDigits(typed: string): string {
  return typed.replace(/[\s\u00a0]/g, '');
}

/**
 * The check key of a RIB's first 22 digits: 97 − ((those digits × 100) mod 97), so that the 24
 * digits read as one number are a multiple of 97 (the French RIB's rule, which Morocco's 24-digit
 * RIB follows). BigInt: 24 digits are far beyond a double's exact integers.
 */
export function ribCheckKey(first22Digits: string): string {
  const key = 97n - ((BigInt(first22Digits) * 100n) % 97n);
  return key.toString().padStart(2, '0');
}

/** Whether `rib` (digits only) is 24 digits whose last two are the key of the others. */
export function isValidRib(rib: string): boolean {
  if (!new RegExp(`^\\d{${RIB_LENGTH}}$`).test(rib)) return false;
  return ribCheckKey(rib.slice(0, 22)) === rib.slice(22);
}

export function isValidIce(ice: string): boolean {
  return new RegExp(`^\\d{${ICE_LENGTH}}$`).test(ice);
}

/** A RIB as banks print it: `011 519 0000012050005349 21`. */
export function formatRib(rib: string): string {
  if (rib.length !== RIB_LENGTH) return rib;
  return `${rib.slice(0, 3)} ${rib.slice(3, 6)} ${rib.slice(6, 22)} ${rib.slice(22)}`;
}
