import { PublicUserSchema, type PublicUser } from '#shared/schemas/user-schemas';

/**
 * The profile as the screen can show it, or null when the answer does not parse or lacks the
 * details of its own user type (docs/product.md, section 8, "Invalid profile data received").
 */
export function readProfile(body: unknown): PublicUser | null {
  const parsed = PublicUserSchema.safeParse((body as { user?: unknown } | null)?.user);
  if (!parsed.success) return null;
  const user = parsed.data;
  if (user.userType === 'COMPANY' && !user.company) return null;
  if (user.userType === 'INDIVIDUAL' && !user.individual) return null;
  return user;
}
