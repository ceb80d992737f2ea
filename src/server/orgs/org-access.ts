import { orgRoleMay, type OrgAction } from '#shared/organization-roles';
import type { AuthContext } from '../auth/auth-service';
import { forbidden } from '../http/errors';

/**
 * The caller's organization, for a customer's route (docs/decisions/0014-organizations.md): the
 * session check signs out a customer without one, so only a route open to others gets 403 here.
 */
export function organizationOf(auth: AuthContext): string {
  if (!auth.organizationId) throw forbidden('auth.customers_only');
  return auth.organizationId;
}

/** 403 unless the caller's role in their organization may do `action` (the shared table). */
export function assertOrgRoleMay(auth: AuthContext, action: OrgAction): string {
  const organizationId = organizationOf(auth);
  if (!orgRoleMay(auth.orgRole, action)) throw forbidden('org.role_forbidden');
  return organizationId;
}
