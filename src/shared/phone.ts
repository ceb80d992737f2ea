/**
 * Moroccan phone numbers in E.164 (`+212612345678`), the one form kept and compared
 * (docs/product.md, decision 18): `0612 34 56 78`, `00212612345678` and `212612345678` are that
 * same number. Numbers of other countries must be typed with their `+` or `00` prefix.
 */
export function toE164(phone: string): string | undefined {
  const compact = phone.trim().replace(/[\s.\-()]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (/^0\d{9}$/.test(compact)) digits = `212${compact.slice(1)}`;
  else if (/^212\d{9}$/.test(compact)) digits = compact;
  else return undefined;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
}

/** All but the last two digits hidden: what logs and the back office may show of a number. */
export function maskPhone(phone: string): string {
  let seen = 0;
  const total = (phone.match(/\d/g) ?? []).length;
  return phone.replace(/\d/g, (digit) => (++seen > total - 2 ? digit : '*'));
}

/** `a***@example.com`: enough to tell two customers apart, not enough to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
