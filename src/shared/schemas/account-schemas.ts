/**
 * Accounts the office disables and enables again (docs/decisions/0016-audit-trail.md):
 *
 *   POST /admin/users/:id/disable → AccountStatusResultSchema (404 unknown, 409 yourself)
 *   POST /admin/users/:id/enable  → AccountStatusResultSchema (404 unknown)
 */
import { z } from 'zod';

export const AccountStatusResultSchema = z.object({
  message: z.string(),
  userId: z.uuid(),
  disabled: z.boolean(),
});
export type AccountStatusResult = z.infer<typeof AccountStatusResultSchema>;
