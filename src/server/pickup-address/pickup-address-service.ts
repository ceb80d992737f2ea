import type { PickupAddress, PickupAddressUpdate } from '#shared/schemas/pickup-address-schemas';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { assertOrgRoleMay, organizationOf } from '../orgs/org-access';
import { readPickupAddress, updatePickupAddress } from './pickup-address-queries';

/**
 * The organization's default pickup address (docs/decisions/0021-shippers-api.md, "The sender"):
 * every member reads it (the parcels they book name it), the owner sets it.
 */
export function createPickupAddressService({ db }: { db: Database }) {
  return {
    async getPickupAddress(auth: AuthContext): Promise<PickupAddress> {
      return readPickupAddress(db, organizationOf(auth));
    },

    async setPickupAddress(auth: AuthContext, input: PickupAddressUpdate): Promise<PickupAddress> {
      const organizationId = assertOrgRoleMay(auth, 'manageIntegrations');
      return updatePickupAddress(db, organizationId, input);
    },
  };
}
export type PickupAddressService = ReturnType<typeof createPickupAddressService>;
