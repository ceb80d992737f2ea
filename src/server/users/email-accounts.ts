import type { UserRow } from './users-queries';

/*
 * Customers and administrators always have an email; only a driver's account has none (they sign
 * in by phone, docs/decisions/0009-drivers.md). Where only those accounts can appear (an order's
 * customer, the Users list), a missing email or a driver is a broken invariant, not a case to show.
 */

export function emailOfAccount(email: string | null, userId: string): string {
  if (email === null) throw new Error(`Account ${userId} has no email but is not a driver`);
  return email;
}

export function emailAccountRole(
  role: UserRow['role'],
  userId: string,
): Exclude<UserRow['role'], 'DRIVER'> {
  if (role === 'DRIVER') throw new Error(`Account ${userId} is a driver's, not a customer's`);
  return role;
}
